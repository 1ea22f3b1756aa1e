import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../realtime/fakePorts';
import { createPraiseBatcher, type PraiseSendOptions } from './praiseBatcher';

/** The shared fake clock: advance(ms) runs what falls due, in order. */
function fakeTimers() {
  const clock = createFakeClock();
  return { clock, pending: () => clock.timerCount, advance: (ms: number) => clock.advance(ms) };
}

interface Call {
  readonly count: number;
  readonly options: PraiseSendOptions;
  resolve(total: number | null): void;
  reject(error: unknown): void;
}

function setup(windowMs = 1000, maxPerCall = 100) {
  const clock = fakeTimers();
  const calls: Call[] = [];
  const failures: { error: unknown; count: number }[] = [];
  const batcher = createPraiseBatcher({
    clock: clock.clock,
    windowMs,
    maxPerCall,
    send: (count, options) =>
      new Promise<number | null>((resolve, reject) => {
        calls.push({ count, options, resolve, reject });
      }),
    onFailure: (error, count) => failures.push({ error, count }),
  });
  return { clock, calls, failures, batcher };
}

const settled = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('praise batcher', () => {
  it('sends the clicks of one window as one call when it closes, and shows each click at once', () => {
    const { clock, calls, batcher } = setup();
    batcher.observe(40);
    for (let i = 0; i < 25; i++) {
      expect(batcher.click()).toBe(true);
      clock.advance(30);
    }
    expect(batcher.view().total).toBe(65);
    expect(batcher.view().unsent).toBe(25);
    expect(calls).toHaveLength(0);
    clock.advance(1000 - 25 * 30);
    expect(calls.map((c) => c.count)).toEqual([25]);
    expect(calls[0]?.options).toEqual({ final: false });
    expect(batcher.view()).toEqual({ total: 65, unsent: 0, inFlight: 1 });
  });

  it('hammering for ten seconds sends one call per window, the total raised by every click', async () => {
    const { clock, calls, batcher } = setup(1500);
    batcher.observe(0);
    let clicks = 0;
    for (let t = 0; t < 10_000; t += 50) {
      if (batcher.click()) clicks += 1;
      clock.advance(50);
      for (const call of calls.splice(0)) {
        call.resolve(null);
      }
    }
    clock.advance(1500);
    expect(clicks).toBe(200);
    await settled();
    expect(batcher.view().total).toBe(200);
  });

  it('counts calls: at most one per window however fast the clicks come', () => {
    const { clock, calls, batcher } = setup(1500);
    for (let t = 0; t < 6000; t += 10) {
      batcher.click();
      clock.advance(10);
    }
    clock.advance(1500);
    expect(calls.length).toBeLessThanOrEqual(Math.ceil(6000 / 1500) + 1);
    expect(calls.every((c) => c.count >= 1 && c.count <= 100)).toBe(true);
  });

  it('takes at most maxPerCall clicks per window; the rest are not counted', () => {
    const { clock, calls, batcher } = setup(1000, 100);
    batcher.observe(7);
    let accepted = 0;
    for (let i = 0; i < 150; i++) if (batcher.click()) accepted += 1;
    expect(accepted).toBe(100);
    expect(batcher.view().total).toBe(107);
    clock.advance(1000);
    expect(calls.map((c) => c.count)).toEqual([100]);
    expect(batcher.click()).toBe(true);
  });

  it('takes the total the server answers for a batch', async () => {
    const { clock, calls, batcher } = setup();
    batcher.observe(10);
    batcher.click();
    batcher.click();
    clock.advance(1000);
    // Others liked meanwhile: the answer is more than 10 + 2.
    calls[0]?.resolve(30);
    await settled();
    expect(batcher.view()).toEqual({ total: 30, unsent: 0, inFlight: 0 });
  });

  it('does not count a batch twice when a push that already includes it comes before its answer', async () => {
    const { clock, calls, batcher } = setup();
    batcher.observe(10);
    for (let i = 0; i < 5; i++) batcher.click();
    clock.advance(1000);
    batcher.observe(15); // the server's push after adding our 5
    expect(batcher.view().total).toBe(15);
    batcher.click(); // a click of the next window still shows
    expect(batcher.view().total).toBe(16);
    calls[0]?.resolve(15);
    await settled();
    expect(batcher.view().total).toBe(16);
  });

  it('keeps a batch in flight shown when a push comes that does not include it yet', () => {
    const { clock, batcher } = setup();
    batcher.observe(10);
    for (let i = 0; i < 5; i++) batcher.click();
    clock.advance(1000);
    batcher.observe(12); // two likes of others, pushed before our batch arrived
    expect(batcher.view().total).toBe(15);
  });

  it('ignores a total lower than one already seen (an old push replayed after a join)', () => {
    const { batcher } = setup();
    batcher.observe(50);
    batcher.observe(20);
    batcher.observe(-1);
    batcher.observe(1.5);
    expect(batcher.view().total).toBe(50);
  });

  it('takes back the clicks of a failed batch and reports it', async () => {
    const { clock, calls, failures, batcher } = setup();
    batcher.observe(10);
    for (let i = 0; i < 3; i++) batcher.click();
    clock.advance(1000);
    batcher.click();
    expect(batcher.view().total).toBe(14);
    const error = new Error('offline');
    calls[0]?.reject(error);
    await settled();
    expect(failures).toEqual([{ error, count: 3 }]);
    expect(batcher.view()).toEqual({ total: 11, unsent: 1, inFlight: 0 });
  });

  it('survives a send that throws instead of rejecting', async () => {
    const clock = fakeTimers();
    const failures: number[] = [];
    const batcher = createPraiseBatcher({
      clock: clock.clock,
      send: () => {
        throw new Error('no api');
      },
      onFailure: (_error, count) => failures.push(count),
    });
    batcher.click();
    clock.advance(2000);
    await settled();
    expect(failures).toEqual([1]);
    // The click is taken back, and no total was ever read.
    expect(batcher.view().total).toBeNull();
  });

  it('flushes at once (page hidden) with the final flag, and closes the window', () => {
    const { clock, calls, batcher } = setup();
    batcher.click();
    batcher.click();
    batcher.flush({ final: true });
    expect(calls.map((c) => [c.count, c.options.final])).toEqual([[2, true]]);
    expect(clock.pending()).toBe(0);
    batcher.flush();
    expect(calls).toHaveLength(1);
  });

  it('stays usable after a flush: later clicks open a new window', () => {
    const { clock, calls, batcher } = setup();
    batcher.click();
    batcher.flush({ final: true });
    expect(batcher.click()).toBe(true);
    clock.advance(1000);
    expect(calls.map((c) => [c.count, c.options.final])).toEqual([
      [1, true],
      [1, false],
    ]);
  });

  it('knows nothing until a total is read or a click made', () => {
    const { batcher } = setup();
    expect(batcher.view().total).toBeNull();
    batcher.click();
    expect(batcher.view().total).toBe(1);
  });

  it('unsubscribes a listener', () => {
    const { batcher } = setup();
    let told = 0;
    const stop = batcher.subscribe(() => (told += 1));
    stop();
    batcher.click();
    expect(told).toBe(0);
  });
});
