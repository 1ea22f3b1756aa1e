import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../realtime/fakePorts';
import { startSplashFlow, tabSeenMemory, TICK_MS, type SeenMemory } from './splashFlow';
import type { SplashState } from './splashMachine';

/** The shared fake clock: time moves only when the test says so, firing due intervals on the way. */
function fakeClock(start = 10_000) {
  const clock = createFakeClock(start);
  return { clock, advance: (ms: number) => clock.advance(ms), running: () => clock.timerCount };
}

function memory(initial = false): SeenMemory & { marked: boolean } {
  const m = { marked: initial, has: () => m.marked, mark: () => void (m.marked = true) };
  return m;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const CONFIG = { enabled: true, seconds: 3, skippable: true, count: 1 };
const LIST = { adverts: [{ id: 'ad-1', title: 'Launch', imageUrl: '/ad.png', linkUrl: 'javascript:alert(1)' }] };

function start(options: { config?: unknown; list?: unknown; fail?: boolean; seen?: SeenMemory & { marked: boolean } } = {}) {
  const { clock, advance, running } = fakeClock();
  const states: SplashState[] = [];
  const calls: string[] = [];
  const seen = options.seen ?? memory();
  const flow = startSplashFlow({
    fetchConfig: async () => {
      calls.push('config');
      if (options.fail) throw new Error('offline');
      return options.config ?? CONFIG;
    },
    fetchList: async () => {
      calls.push('list');
      return options.list ?? LIST;
    },
    origin: 'https://live.example',
    clock,
    seen,
    onChange: (state) => states.push(state),
  });
  return { flow, states, calls, advance, running, seen };
}

describe('splash flow', () => {
  it('loads, counts down on the clock and closes when the time is up', async () => {
    const { flow, states, calls, advance, running, seen } = start();
    expect(flow.state().phase).toBe('loading');
    await settle();
    expect(calls).toEqual(['config', 'list']);
    expect(flow.state()).toMatchObject({
      phase: 'showing',
      remainingMs: 3000,
      advert: { id: 'ad-1', imageUrl: 'https://live.example/ad.png', linkUrl: null },
    });
    expect(running()).toBe(1);
    advance(1000);
    expect(flow.state()).toMatchObject({ phase: 'showing', remainingMs: 2000 });
    advance(1000 + TICK_MS);
    expect(flow.state()).toMatchObject({ remainingMs: 1000 - TICK_MS });
    advance(1000);
    expect(flow.state()).toEqual({ phase: 'closed', reason: 'expired' });
    expect(running()).toBe(0);
    expect(seen.marked).toBe(true);
    expect(states.at(-1)).toEqual({ phase: 'closed', reason: 'expired' });
  });

  it('skip closes it and stops the clock', async () => {
    const { flow, advance, running, seen } = start();
    await settle();
    flow.skip();
    expect(flow.state()).toEqual({ phase: 'closed', reason: 'skipped' });
    expect(running()).toBe(0);
    expect(seen.marked).toBe(true);
    advance(10_000);
    expect(flow.state()).toEqual({ phase: 'closed', reason: 'skipped' });
  });

  it('a click answers the advert shown and closes', async () => {
    const { flow } = start();
    expect(flow.click()).toBeNull();
    await settle();
    expect(flow.click()).toMatchObject({ id: 'ad-1' });
    expect(flow.state()).toEqual({ phase: 'closed', reason: 'clicked' });
    expect(flow.click()).toBeNull();
  });

  it('a disabled splash never asks for the list', async () => {
    const { flow, calls, seen } = start({ config: { enabled: false, seconds: 5, skippable: true, count: 0 } });
    await settle();
    expect(calls).toEqual(['config']);
    expect(flow.state()).toEqual({ phase: 'closed', reason: 'none' });
    expect(seen.marked).toBe(false);
  });

  it('a failed load or an unusable list shows nothing', async () => {
    const failed = start({ fail: true });
    await settle();
    expect(failed.flow.state()).toEqual({ phase: 'closed', reason: 'failed' });
    const junk = start({ list: { adverts: [{ id: 'x', imageUrl: 'data:image/png;base64,AAAA' }, 'ad', null] } });
    await settle();
    expect(junk.flow.state()).toEqual({ phase: 'closed', reason: 'none' });
  });

  it('an advert already shown in this tab is not shown again', async () => {
    const { flow, calls } = start({ seen: memory(true) });
    await settle();
    expect(calls).toEqual([]);
    expect(flow.state()).toEqual({ phase: 'closed', reason: 'seen' });
  });

  it('stop ends everything: no timer, no late change', async () => {
    const early = start();
    early.flow.stop();
    await settle();
    expect(early.flow.state().phase).toBe('loading');
    expect(early.states).toEqual([]);

    const showing = start();
    await settle();
    showing.flow.stop();
    expect(showing.running()).toBe(0);
    showing.advance(5000);
    expect(showing.flow.state().phase).toBe('showing');
    expect(showing.seen.marked).toBe(false);
  });
});

describe('tab memory', () => {
  it('remembers per room, and survives a refusing storage', () => {
    const data = new Map<string, string>();
    const storage = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
    const room1 = tabSeenMemory('10001', storage);
    expect(room1.has()).toBe(false);
    room1.mark();
    expect(room1.has()).toBe(true);
    expect(tabSeenMemory('10002', storage).has()).toBe(false);
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(tabSeenMemory('10001', refusing).has()).toBe(false);
    expect(() => tabSeenMemory('10001', refusing).mark()).not.toThrow();
    expect(tabSeenMemory('10001', null).has()).toBe(false);
  });
});
