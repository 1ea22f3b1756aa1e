import { describe, expect, it } from 'vitest';
import { fetchHeartbeat } from './heartbeat';

const target = { webcastId: '10001', liveBase: 'http://live.test/', token: 'tok-1', deviceId: 'dev-1' };

function answering(status: number, body: string) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchFn = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(body, { status });
  }) as unknown as typeof fetch;
  return { fetchFn, calls };
}

describe('the worker heartbeat (POST /ccp/user/v1/heartbeat)', () => {
  it('posts the room as JSON with the login headers, and reads the expiry', async () => {
    const { fetchFn, calls } = answering(200, JSON.stringify({ code: 200, msg: '', data: { expiresAt: 5_000, online: 3 } }));
    expect(await fetchHeartbeat(fetchFn, () => 7)(target)).toEqual({ kind: 'alive', at: 7, expiresAt: 5_000 });
    expect(calls[0]!.url).toBe('http://live.test/ccp/user/v1/heartbeat');
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.body).toBe('{"webcastId":"10001"}');
    expect(calls[0]!.init.headers).toMatchObject({ token: 'tok-1', token_type: 'guest', 'device-id': 'dev-1', 'Content-Type': 'application/json' });
  });

  it('402 is an ended login; any other code, status or body is a failed beat', async () => {
    const beat = (status: number, body: string) => fetchHeartbeat(answering(status, body).fetchFn, () => 1)(target);
    expect(await beat(200, '{"code":402,"msg":"expired"}')).toEqual({ kind: 'expired', at: 1 });
    expect(await beat(200, '{"code":4001,"msg":"no"}')).toEqual({ kind: 'failed', at: 1 });
    expect(await beat(503, 'busy')).toEqual({ kind: 'failed', at: 1 });
    expect(await beat(200, '<html>proxy</html>')).toEqual({ kind: 'failed', at: 1 });
    expect(await beat(200, '{"code":200,"data":{"expiresAt":"soon"}}')).toEqual({ kind: 'alive', at: 1, expiresAt: null });
  });

  it('a network failure is a failed beat, never a throw', async () => {
    const fetchFn = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await fetchHeartbeat(fetchFn, () => 2)(target)).toEqual({ kind: 'failed', at: 2 });
  });
});
