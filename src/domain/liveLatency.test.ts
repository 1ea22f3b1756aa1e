import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CANNOT_KEEP_UP_AFTER_MS, MAX_CHASE_RATE, MIN_CHASE_BUFFER_MS, cannotKeepUp, chase, latencySeconds, latencyTargetMs, laggingSince, targetSeconds } from './liveLatency';

describe('live latency', () => {
  it('targets: FLV low latency within 2 s, HLS stable within 10 s', () => {
    expect(latencyTargetMs('flv', 'lowDelay')).toBe(2_000);
    expect(latencyTargetMs('hls', 'fluent')).toBe(10_000);
    expect(latencyTargetMs('flv', 'noDelay')).toBeLessThan(latencyTargetMs('flv', 'lowDelay'));
  });

  it('on target (or ahead of it) plays at normal speed', () => {
    expect(chase({ latencyMs: 2_200, targetMs: 2_000, bufferAheadMs: 3_000, jumpAfterMs: 5_000 })).toEqual({ kind: 'rate', rate: 1 });
    expect(chase({ latencyMs: 500, targetMs: 2_000, bufferAheadMs: 3_000, jumpAfterMs: 5_000 })).toEqual({ kind: 'rate', rate: 1 });
  });

  it('lagging with buffer to spare plays faster, in proportion, at most 10 %', () => {
    expect(chase({ latencyMs: 2_500, targetMs: 2_000, bufferAheadMs: 3_000, jumpAfterMs: 5_000 })).toEqual({ kind: 'rate', rate: 1.05 });
    expect(chase({ latencyMs: 5_000, targetMs: 2_000, bufferAheadMs: 3_000, jumpAfterMs: 5_000 })).toEqual({ kind: 'rate', rate: MAX_CHASE_RATE });
  });

  it('lagging with an empty buffer does not speed up (it would stall)', () => {
    expect(chase({ latencyMs: 4_000, targetMs: 2_000, bufferAheadMs: MIN_CHASE_BUFFER_MS, jumpAfterMs: 5_000 })).toEqual({ kind: 'rate', rate: 1 });
  });

  it('lagging by more than the auto-delay threshold jumps to the edge', () => {
    expect(chase({ latencyMs: 7_100, targetMs: 2_000, bufferAheadMs: 200, jumpAfterMs: 5_000 })).toEqual({ kind: 'jump' });
  });

  it('the rate is never below 1 nor above the limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60_000 }), fc.integer({ min: 500, max: 12_000 }), fc.integer({ min: 0, max: 30_000 }), (latencyMs, targetMs, bufferAheadMs) => {
        const action = chase({ latencyMs, targetMs, bufferAheadMs, jumpAfterMs: 5_000 });
        if (action.kind === 'rate') {
          expect(action.rate).toBeGreaterThanOrEqual(1);
          expect(action.rate).toBeLessThanOrEqual(MAX_CHASE_RATE);
        } else expect(latencyMs - targetMs).toBeGreaterThan(5_000);
      }),
    );
  });

  it('says it cannot keep up only after lagging at every sample for ten seconds', () => {
    let since: number | null = null;
    since = laggingSince(since, 0, 3_000, 2_000);
    since = laggingSince(since, 5_000, 3_000, 2_000);
    expect(cannotKeepUp(since, 5_000)).toBe(false);
    expect(cannotKeepUp(since, CANNOT_KEEP_UP_AFTER_MS)).toBe(true);
    since = laggingSince(since, CANNOT_KEEP_UP_AFTER_MS + 500, 2_300, 2_000);
    expect(since).toBeNull();
    expect(cannotKeepUp(since, 99_999)).toBe(false);
  });

  it('shows tenths below ten seconds and whole seconds above', () => {
    expect(latencySeconds(1_234)).toBe('1.2');
    expect(latencySeconds(12_600)).toBe('13');
    expect(latencySeconds(-5)).toBe('0.0');
    expect([targetSeconds(2_000), targetSeconds(1_500), targetSeconds(10_000)]).toEqual(['2', '1.5', '10']);
  });
});
