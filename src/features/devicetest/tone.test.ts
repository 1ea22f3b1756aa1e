import { describe, expect, it } from 'vitest';
import { TONE_FREQUENCY_HZ, TONE_PEAK_GAIN, TONE_RAMP_SECONDS, TONE_SECONDS, outputChoiceSupported, toneEnvelope } from './tone';

describe('test tone', () => {
  it('is about 1 kHz, short and quiet', () => {
    expect(TONE_FREQUENCY_HZ).toBe(1000);
    expect(TONE_SECONDS).toBeGreaterThanOrEqual(1);
    expect(TONE_SECONDS).toBeLessThanOrEqual(2);
    expect(TONE_PEAK_GAIN).toBeLessThanOrEqual(0.3);
  });

  it('starts and ends silent, with ramps rather than jumps', () => {
    const envelope = toneEnvelope(10);
    expect(envelope[0]).toEqual({ time: 10, gain: 0 });
    expect(envelope.at(-1)).toEqual({ time: 10 + TONE_SECONDS, gain: 0 });
    expect(Math.max(...envelope.map((point) => point.gain))).toBe(TONE_PEAK_GAIN);
    for (let i = 1; i < envelope.length; i++) {
      const [previous, point] = [envelope[i - 1]!, envelope[i]!];
      expect(point.time).toBeGreaterThan(previous.time);
      // No step steeper than the peak over the ramp time.
      expect(Math.abs(point.gain - previous.gain) / (point.time - previous.time)).toBeLessThanOrEqual(TONE_PEAK_GAIN / TONE_RAMP_SECONDS + 1e-9);
    }
  });

  it('cannot choose an output where there is no Web Audio (node)', () => {
    expect(outputChoiceSupported()).toBe(false);
  });
});
