import { describe, expect, it } from 'vitest';
import { flvTuning, hlsTuning } from './engineConfig';
import { bufferAheadMs, dateLatencyMs, flvLatencyMs } from './latency';

describe('engine tuning', () => {
  it('no delay: FLV without stash and with latency chasing; HLS one segment from the edge', () => {
    expect(flvTuning('noDelay')).toMatchObject({ enableStashBuffer: false, liveBufferLatencyChasing: true });
    expect(hlsTuning('noDelay')).toMatchObject({ lowLatencyMode: true, liveSyncDurationCount: 1 });
    expect(flvTuning('fluent').enableStashBuffer).toBe(true);
    expect(hlsTuning('fluent').liveSyncDurationCount).toBeGreaterThan(hlsTuning('lowDelay').liveSyncDurationCount);
  });

  it('leaves the playback rate to the player own chaser in every mode', () => {
    for (const mode of ['noDelay', 'lowDelay', 'fluent'] as const) {
      expect(flvTuning(mode).liveSync).toBe(false);
      expect(hlsTuning(mode).maxLiveSyncPlaybackRate).toBe(1);
    }
  });
});

describe('latency', () => {
  it('measures against the stream clock', () => {
    expect(flvLatencyMs(10_000, 5_000, 4)).toBe(1000);
    expect(dateLatencyMs(10_000, 8_500)).toBe(1500);
    expect(dateLatencyMs(10_000, 12_000)).toBe(0);
    const ranges = { length: 2, start: (i: number) => [0, 10][i]!, end: (i: number) => [5, 12][i]! };
    expect(bufferAheadMs(ranges, 4)).toBe(1000);
    expect(bufferAheadMs(ranges, 11)).toBe(1000);
    expect(bufferAheadMs(ranges, 7)).toBe(0);
  });
});
