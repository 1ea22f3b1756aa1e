import { describe, expect, it } from 'vitest';
import { CAPTION_MAX_MS, CAPTION_MIN_MS, captionDurationMs } from './captionTiming';

describe('caption timing', () => {
  it('lasts end - start, within the reading minimum and the ceiling', () => {
    expect(captionDurationMs(1000, 6000)).toBe(5000);
    expect(captionDurationMs(1000, 1000)).toBe(CAPTION_MIN_MS);
    expect(captionDurationMs(5000, 1000)).toBe(CAPTION_MIN_MS);
    expect(captionDurationMs(0, 8.64e15)).toBe(CAPTION_MAX_MS);
    expect(captionDurationMs(Number.NaN, 5)).toBe(CAPTION_MIN_MS);
  });

});
