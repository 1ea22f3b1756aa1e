import { describe, it, expect } from 'vitest';
import { createClickGuard, createCooldown } from './doubleClick';
import { CODE_COOLDOWN_SECONDS, DOUBLE_CLICK_INTERVAL_MS } from './constants';

function fakeClock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms), set: (ms: number) => (t = ms) };
}

describe('createClickGuard', () => {
  it('passes the first click, refuses clicks within 3000 ms, passes at 3000 ms', () => {
    expect(DOUBLE_CLICK_INTERVAL_MS).toBe(3000);
    const clock = fakeClock();
    const guard = createClickGuard(clock.now);
    expect(guard.tryPass()).toBe(true);
    expect(guard.tryPass()).toBe(false);
    clock.advance(2999);
    expect(guard.tryPass()).toBe(false);
    clock.advance(1);
    expect(guard.tryPass()).toBe(true);
    expect(guard.tryPass()).toBe(false);
  });

  it('does not extend the wait on refused clicks', () => {
    const clock = fakeClock();
    const guard = createClickGuard(clock.now);
    guard.tryPass();
    for (let i = 0; i < 10; i++) {
      clock.advance(299);
      expect(guard.tryPass()).toBe(false);
    }
    clock.advance(10);
    expect(guard.tryPass()).toBe(true);
  });

  it('takes a custom interval', () => {
    const clock = fakeClock();
    const guard = createClickGuard(clock.now, 500);
    guard.tryPass();
    clock.advance(499);
    expect(guard.tryPass()).toBe(false);
    clock.advance(1);
    expect(guard.tryPass()).toBe(true);
  });

  it('passes again at once after reset', () => {
    const clock = fakeClock();
    const guard = createClickGuard(clock.now);
    guard.tryPass();
    guard.reset();
    expect(guard.tryPass()).toBe(true);
  });

  it('does not lock when the clock goes backwards', () => {
    const clock = fakeClock();
    const guard = createClickGuard(clock.now);
    guard.tryPass();
    clock.advance(-60_000);
    expect(guard.tryPass()).toBe(true);
  });

  it('reports a refused click with the double-click message', () => {
    const clock = fakeClock();
    const guard = createClickGuard(clock.now);
    expect(guard.check()).toEqual({ ok: true, value: undefined });
    expect(guard.check()).toEqual({ ok: false, error: { key: 'validation.doubleClick' } });
  });

  it('works from time zero', () => {
    const clock = fakeClock(0);
    const guard = createClickGuard(clock.now);
    expect(guard.tryPass()).toBe(true);
    expect(guard.tryPass()).toBe(false);
  });
});

describe('createCooldown', () => {
  it('defaults to 60 s and counts down in whole seconds, rounded up', () => {
    expect(CODE_COOLDOWN_SECONDS).toBe(60);
    const clock = fakeClock();
    const cooldown = createCooldown(clock.now);
    expect(cooldown.remaining()).toBe(0);
    cooldown.start();
    expect(cooldown.remaining()).toBe(60);
    clock.advance(1);
    expect(cooldown.remaining()).toBe(60);
    clock.advance(999);
    expect(cooldown.remaining()).toBe(59);
    clock.advance(58_500);
    expect(cooldown.remaining()).toBe(1); // 0.5 s left
    clock.advance(499);
    expect(cooldown.remaining()).toBe(1); // 1 ms left
    clock.advance(1);
    expect(cooldown.remaining()).toBe(0);
  });

  it('refuses with the wait message and the seconds left while waiting', () => {
    const clock = fakeClock();
    const cooldown = createCooldown(clock.now, 60);
    expect(cooldown.check()).toEqual({ ok: true, value: undefined });
    cooldown.start();
    clock.advance(15_000);
    expect(cooldown.check()).toEqual({ ok: false, error: { key: 'validation.tooFrequent', params: { seconds: 45 } } });
    clock.advance(45_000);
    expect(cooldown.check()).toEqual({ ok: true, value: undefined });
  });

  it('tryStart checks then starts', () => {
    const clock = fakeClock();
    const cooldown = createCooldown(clock.now, 10);
    expect(cooldown.tryStart().ok).toBe(true);
    clock.advance(4000);
    expect(cooldown.tryStart()).toEqual({ ok: false, error: { key: 'validation.tooFrequent', params: { seconds: 6 } } });
    clock.advance(6000);
    expect(cooldown.tryStart().ok).toBe(true);
    expect(cooldown.remaining()).toBe(10);
  });

  it('restarts on start and stops on reset', () => {
    const clock = fakeClock();
    const cooldown = createCooldown(clock.now, 10);
    cooldown.start();
    clock.advance(9000);
    cooldown.start();
    expect(cooldown.remaining()).toBe(10);
    cooldown.reset();
    expect(cooldown.remaining()).toBe(0);
    expect(cooldown.check().ok).toBe(true);
  });

  it('ends the wait when the clock goes backwards', () => {
    const clock = fakeClock();
    const cooldown = createCooldown(clock.now, 60);
    cooldown.start();
    clock.advance(-1);
    expect(cooldown.remaining()).toBe(0);
  });
});
