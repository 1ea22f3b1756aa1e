import { describe, expect, it } from 'vitest';
import { createFakeClock } from './fakePorts';
import { createKeepAlives, KEEP_ALIVE_MS, type BeatOutcome, type KeepAliveTarget } from './keepAlive';

const target = (token = 'tok', webcastId = '10001'): KeepAliveTarget => ({ webcastId, liveBase: 'http://live.test/', token, deviceId: 'dev' });

/** A sender whose beats settle when the test says, recording what was sent. */
function manualSender() {
  const sent: { target: KeepAliveTarget; settle: (outcome: BeatOutcome) => void; fail: (error: unknown) => void }[] = [];
  const send = (t: KeepAliveTarget) => new Promise<BeatOutcome>((settle, fail) => sent.push({ target: t, settle, fail }));
  return { send, sent };
}

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('keep-alive (the login heartbeat, one per login and room for all tabs)', () => {
  it('three tabs of one login and room send one heartbeat at once and then one every 30 s', async () => {
    const clock = createFakeClock(1_000);
    const { send, sent } = manualSender();
    const alive = createKeepAlives(clock, send);
    const heard: string[] = [];
    for (const tab of ['a', 'b', 'c']) alive.join(tab, target(), (o) => heard.push(`${tab}:${o.kind}`));
    expect(sent).toHaveLength(1);
    sent[0]!.settle({ kind: 'alive', at: clock.now(), expiresAt: null });
    await flush();
    expect(heard).toEqual(['a:alive', 'b:alive', 'c:alive']);
    clock.advance(KEEP_ALIVE_MS - 1);
    expect(sent).toHaveLength(1);
    clock.advance(1);
    expect(sent).toHaveLength(2);
    expect(alive.stats()).toEqual({ lines: 1, beats: 2 });
  });

  it('never overlaps beats: a slow answer delays the next one, which still keeps the 30 s rhythm when it can', async () => {
    const clock = createFakeClock();
    const { send, sent } = manualSender();
    const alive = createKeepAlives(clock, send);
    alive.join('a', target(), () => undefined);
    clock.advance(KEEP_ALIVE_MS * 3); // the first beat has not answered: nothing more goes
    expect(sent).toHaveLength(1);
    sent[0]!.settle({ kind: 'failed', at: clock.now() });
    await flush();
    clock.advance(0);
    expect(sent).toHaveLength(2); // overdue: at once
    clock.advance(5_000);
    sent[1]!.settle({ kind: 'alive', at: clock.now(), expiresAt: 123 });
    await flush();
    clock.advance(KEEP_ALIVE_MS - 5_000 - 1);
    expect(sent).toHaveLength(2);
    clock.advance(1);
    expect(sent).toHaveLength(3); // 30 s after the second one started
  });

  it('a failed or thrown beat keeps the line going', async () => {
    const clock = createFakeClock();
    const { send, sent } = manualSender();
    const heard: BeatOutcome[] = [];
    createKeepAlives(clock, send).join('a', target(), (o) => heard.push(o));
    sent[0]!.fail(new Error('offline'));
    await flush();
    expect(heard).toEqual([{ kind: 'failed', at: 0 }]);
    clock.advance(KEEP_ALIVE_MS);
    expect(sent).toHaveLength(2);
  });

  it('stops when the last tab leaves (or is gone), and an answer after that tells nobody', async () => {
    const clock = createFakeClock();
    const { send, sent } = manualSender();
    const alive = createKeepAlives(clock, send);
    const heard: string[] = [];
    alive.join('a', target(), () => heard.push('a'));
    alive.join('b', target(), () => heard.push('b'));
    alive.leave('a', '10001');
    sent[0]!.settle({ kind: 'alive', at: 0, expiresAt: null });
    await flush();
    expect(heard).toEqual(['b']);
    alive.leaveTab('b');
    expect(alive.stats().lines).toBe(0);
    expect(clock.timerCount).toBe(0);
    clock.advance(KEEP_ALIVE_MS * 4);
    expect(sent).toHaveLength(1);
  });

  it('a login that ended (402) is told to every tab once, and its line stops for good', async () => {
    const clock = createFakeClock();
    const { send, sent } = manualSender();
    const alive = createKeepAlives(clock, send);
    const heard: string[] = [];
    alive.join('a', target(), (o) => heard.push(`a:${o.kind}`));
    alive.join('b', target(), (o) => heard.push(`b:${o.kind}`));
    sent[0]!.settle({ kind: 'expired', at: 0 });
    await flush();
    expect(heard).toEqual(['a:expired', 'b:expired']);
    expect(alive.stats().lines).toBe(0);
    clock.advance(KEEP_ALIVE_MS * 2);
    expect(sent).toHaveLength(1);
    alive.leaveTab('a'); // nothing left to leave: no throw
  });

  it('each login and each room has its own line; a new login in a tab moves the tab to its line', async () => {
    const clock = createFakeClock();
    const { send, sent } = manualSender();
    const alive = createKeepAlives(clock, send);
    alive.join('a', target('tok1', '10001'), () => undefined);
    alive.join('b', target('tok2', '10001'), () => undefined);
    alive.join('a', target('tok1', '10002'), () => undefined);
    expect(alive.stats().lines).toBe(3);
    alive.join('a', target('tok3', '10001'), () => undefined); // logged in again in tab a
    expect(alive.stats().lines).toBe(3); // tok1/10001 stopped, tok3/10001 started
    expect(sent.map((s) => `${s.target.token}/${s.target.webcastId}`)).toEqual(['tok1/10001', 'tok2/10001', 'tok1/10002', 'tok3/10001']);
  });

  it('a listener that throws does not stop the others or the line', async () => {
    const clock = createFakeClock();
    const { send, sent } = manualSender();
    const alive = createKeepAlives(clock, send);
    const heard: string[] = [];
    alive.join('a', target(), () => {
      throw new Error('tab gone');
    });
    alive.join('b', target(), (o) => heard.push(o.kind));
    sent[0]!.settle({ kind: 'alive', at: 0, expiresAt: null });
    await flush();
    expect(heard).toEqual(['alive']);
    clock.advance(KEEP_ALIVE_MS);
    expect(sent).toHaveLength(2);
  });

  it('a tab that joins a running line is told the latest outcome at once, without a beat of its own', async () => {
    const clock = createFakeClock();
    const { send, sent } = manualSender();
    const alive = createKeepAlives(clock, send);
    alive.join('a', target(), () => undefined);
    sent[0]!.settle({ kind: 'alive', at: 0, expiresAt: 99 });
    await flush();
    const heard: BeatOutcome[] = [];
    alive.join('b', target(), (o) => heard.push(o));
    expect(heard).toEqual([{ kind: 'alive', at: 0, expiresAt: 99 }]);
    expect(sent).toHaveLength(1);
  });
});
