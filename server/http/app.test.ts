import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.js';
import { clientRoutes } from '../routes/client.js';
import { BizError, invalid } from './envelope.js';
import type { RouteModule } from './app.js';

let server: TestServer;
afterEach(async () => server?.close());

const probe: RouteModule = (app) => {
  app.post('/ccp/test/biz', async () => {
    throw new BizError(4402);
  });
  app.post('/ccp/test/invalid', async () => {
    throw invalid('name', 'at most 20 characters');
  });
  app.post(
    '/ccp/test/schema',
    { schema: { body: { type: 'object', required: ['n'], properties: { n: { type: 'integer', minimum: 1 } } } } },
    async (req) => ({ code: 200, msg: 'ok', data: req.body }),
  );
  app.get('/ccp/test/bug', async () => {
    throw new Error('a bug');
  });
};

const start = async () => {
  server = await startTestServer({ routes: [probe, clientRoutes] });
  return server.url;
};

describe('the HTTP envelope and refusals', () => {
  it('answers a BizError with HTTP 200 and its code and message', async () => {
    const url = await start();
    const res = await fetch(`${url}/ccp/test/biz`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: 4402, msg: 'you are muted', data: null });
  });

  it('answers invalid input with 4501 naming the field', async () => {
    const url = await start();
    const body = await (await fetch(`${url}/ccp/test/invalid`, { method: 'POST' })).json();
    expect(body).toEqual({ code: 4501, msg: 'name: at most 20 characters', data: null });
  });

  it('answers malformed JSON, wrong types and missing fields with 4501, never a 500', async () => {
    const url = await start();
    const post = (body: string, type = 'application/json') =>
      fetch(`${url}/ccp/test/schema`, { method: 'POST', headers: { 'content-type': type }, body }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as { code: number; msg: string },
      }));
    for (const bad of ['{', '{"n":"x"}', '{}', '{"n":0}', '[]', 'null']) {
      const r = await post(bad);
      expect(r.status, bad).toBe(200);
      expect(r.body.code, bad).toBe(4501);
      expect(r.body.msg.length, bad).toBeGreaterThan(5);
    }
    expect((await post('n=3', 'application/x-www-form-urlencoded')).body).toEqual({ code: 200, msg: 'ok', data: { n: 3 } });
    expect((await post('<x/>', 'application/xml')).body.code).toBe(4501);
  });

  it('keeps HTTP 500 for genuine server bugs only, still as an envelope', async () => {
    const url = await start();
    const res = await fetch(`${url}/ccp/test/bug`);
    expect(res.status).toBe(500);
    expect(((await res.json()) as { code: number }).code).toBe(500);
  });

  it('answers an unknown API address with HTTP 404 (the client shows /error/404)', async () => {
    const url = await start();
    const res = await fetch(`${url}/ccp/no/such/call`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
  });

  it('serves health and Prometheus metrics, counting requests by route and status', async () => {
    const url = await start();
    await fetch(`${url}/ccp/test/biz`, { method: 'POST' });
    expect(((await (await fetch(`${url}/healthz`)).json()) as { data: { status: string } }).data.status).toBe("up");
    const text = await (await fetch(`${url}/metrics`)).text();
    expect(text).toContain('webcast_sockets_open');
    expect(text).toMatch(/webcast_http_requests_total\{route="\/ccp\/test\/biz",method="POST",status="200"\} 1/);
  });
});

describe('cross-origin calls (services served apart from the client)', () => {
  it('answers a preflight for the client headers and marks answers for the calling origin', async () => {
    const url = await start();
    const pre = await fetch(`${url}/ccp/test/biz`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'token,token_type,content-type,idempotency-key' },
    });
    expect(pre.status).toBeLessThan(300);
    expect(pre.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    expect(pre.headers.get('access-control-allow-headers')).toContain('token_type');
    expect(pre.headers.get('access-control-allow-credentials')).toBeNull();
    const res = await fetch(`${url}/ccp/test/biz`, { method: 'POST', headers: { origin: 'http://127.0.0.1:5173' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
  });

  it('allows only the listed origins when CORS_ORIGINS is set', async () => {
    server = await startTestServer({ routes: [probe, clientRoutes], config: { corsOrigins: ['http://allowed.test'] } });
    const ok = await fetch(`${server.url}/ccp/test/biz`, { method: 'POST', headers: { origin: 'http://allowed.test' } });
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://allowed.test');
    const other = await fetch(`${server.url}/ccp/test/biz`, { method: 'POST', headers: { origin: 'http://other.test' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});
