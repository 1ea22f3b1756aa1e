import { describe, expect, it } from 'vitest';
import type { Frame } from '../protocol/frame';
import { createFakeClock } from './fakePorts';
import { createPendingRequests, RequestError } from './pendingRequests';

const reply = (code: number, seq: number, body: Record<string, unknown>): Frame => ({ code, seq, mid: null, headers: {}, body });

describe('pending requests', () => {
  it('resolves on the reply with code - 1, the same seq and status 200', async () => {
    const pending = createPendingRequests(createFakeClock());
    const p = pending.track(1, 7001, 10_000);
    expect(pending.settle(reply(7000, 1, { status: 200, offset: 3 }))).toBe(true);
    await expect(p).resolves.toEqual({ status: 200, offset: 3 });
    expect(pending.size).toBe(0);
  });

  it('rejects with a RequestError carrying code, status and msg on another status', async () => {
    const pending = createPendingRequests(createFakeClock());
    const p = pending.track(4, 7101, 10_000);
    pending.settle(reply(7100, 4, { status: 4403, msg: 'in review' }));
    const error = await p.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({ reason: 'rejected', code: 7101, status: 4403, msg: 'in review' });
  });

  it('rejects a reply without a numeric status, with a null status and a default msg', async () => {
    const pending = createPendingRequests(createFakeClock());
    const p = pending.track(5, 7001, 10_000);
    pending.settle(reply(7000, 5, { status: '200' }));
    await expect(p).rejects.toMatchObject({ reason: 'rejected', code: 7001, status: null, msg: 'request refused' });
  });

  it('does not settle on the right seq with the wrong code, nor on an unknown seq', () => {
    const pending = createPendingRequests(createFakeClock());
    void pending.track(2, 7001, 10_000);
    expect(pending.settle(reply(7002, 2, { status: 200 }))).toBe(false);
    expect(pending.settle(reply(7000, 3, { status: 200 }))).toBe(false);
    expect(pending.size).toBe(1);
  });

  it('times out after exactly the given time, and a late reply then settles nothing', async () => {
    const clock = createFakeClock();
    const pending = createPendingRequests(clock);
    const p = pending.track(1, 7001, 10_000);
    let settled = false;
    p.catch(() => undefined).finally(() => (settled = true));
    clock.advance(9_999);
    await Promise.resolve();
    expect(settled).toBe(false);
    clock.advance(1);
    await expect(p).rejects.toMatchObject({ reason: 'timeout', code: 7001 });
    expect(pending.settle(reply(7000, 1, { status: 200 }))).toBe(false);
  });

  it('clears the timer of a settled request', () => {
    const clock = createFakeClock();
    const pending = createPendingRequests(clock);
    void pending.track(1, 7001, 10_000);
    pending.settle(reply(7000, 1, { status: 200 }));
    expect(clock.timerCount).toBe(0);
  });

  it('rejectAll rejects every waiting request with the reason and clears their timers', async () => {
    const clock = createFakeClock();
    const pending = createPendingRequests(clock);
    const a = pending.track(1, 7001, 10_000);
    const b = pending.track(2, 7003, 10_000);
    pending.rejectAll('connection-closed', 'socket closed');
    await expect(a).rejects.toMatchObject({ reason: 'connection-closed', code: 7001 });
    await expect(b).rejects.toMatchObject({ reason: 'connection-closed', code: 7003 });
    expect(clock.timerCount).toBe(0);
    expect(pending.size).toBe(0);
  });
});
