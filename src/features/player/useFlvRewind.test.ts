import { describe, expect, it } from 'vitest';
import { flvRewindWindow, positionBehindEdge } from './useFlvRewind';
import { MIN_REWIND_S } from './useLiveRewind';

const ranges = (...spans: [number, number][]): TimeRanges => ({
  length: spans.length,
  start: (i: number) => spans[i]![0],
  end: (i: number) => spans[i]![1],
});

describe('live rewind on FLV', () => {
  it('the bar is the window the line keeps, the playhead at the live; none for a window too short to be worth a bar', () => {
    expect(flvRewindWindow(300)).toEqual({ start: 0, end: 300, current: 300 });
    expect(flvRewindWindow(MIN_REWIND_S - 1)).toBeNull();
    expect(flvRewindWindow(0)).toBeNull();
  });

  it('goes the asked distance behind the end of what the HLS can seek, never before its start', () => {
    expect(positionBehindEdge(ranges([100, 400]), 20)).toBe(380);
    expect(positionBehindEdge(ranges([100, 110]), 20)).toBe(100);
    expect(positionBehindEdge(ranges([0, 10], [12, 50]), 5)).toBe(45);
    expect(positionBehindEdge(ranges(), 20)).toBeNull();
    expect(positionBehindEdge(ranges([0, Infinity]), 20)).toBeNull();
  });
});
