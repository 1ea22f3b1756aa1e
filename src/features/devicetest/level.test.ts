import { describe, expect, it } from 'vitest';
import { FLOOR_DB, RELEASE_PER_FRAME, levelFromByteSamples, levelFromRms, levelFromSamples, rms, smoothLevel } from './level';

const sine = (amplitude: number, length = 1024) => Float32Array.from({ length }, (_, i) => amplitude * Math.sin((2 * Math.PI * i) / 32));

describe('rms', () => {
  it('is 0 for silence and for no samples', () => {
    expect(rms(new Float32Array(512))).toBe(0);
    expect(rms([])).toBe(0);
  });

  it('is the amplitude for a constant and amplitude/√2 for a sine', () => {
    expect(rms([0.5, -0.5, 0.5, -0.5])).toBeCloseTo(0.5, 10);
    expect(rms(sine(1))).toBeCloseTo(Math.SQRT1_2, 6);
  });

  it('skips samples that are not finite', () => {
    expect(rms([0.5, Number.NaN, 0.5, Number.POSITIVE_INFINITY])).toBeCloseTo(Math.sqrt(0.5 / 4), 10);
  });
});

describe('levelFromRms', () => {
  it('maps the decibel range FLOOR_DB..0 onto 0..100', () => {
    expect(levelFromRms(1)).toBe(100);
    expect(levelFromRms(10 ** (FLOOR_DB / 20))).toBe(0);
    expect(levelFromRms(10 ** (FLOOR_DB / 40))).toBe(50);
    // Normal talking (-30 dBFS) lands mid-bar, not at the bottom as a linear bar would put it.
    expect(levelFromRms(0.0316)).toBe(50);
  });

  it('clamps: silence, quiet noise and bad values give 0, clipping gives 100', () => {
    for (const value of [0, -0.5, 1e-9, Number.NaN]) expect(levelFromRms(value)).toBe(0);
    expect(levelFromRms(4)).toBe(100);
  });

  it('gives whole numbers that grow with the input', () => {
    let previous = -1;
    for (let value = 0.0005; value <= 1; value *= 1.3) {
      const level = levelFromRms(value);
      expect(Number.isInteger(level)).toBe(true);
      expect(level).toBeGreaterThanOrEqual(previous);
      previous = level;
    }
  });
});

describe('levels of analyser frames', () => {
  it('float frames: silence 0, a full-scale sine about -3 dB', () => {
    expect(levelFromSamples(new Float32Array(2048))).toBe(0);
    expect(levelFromSamples(sine(1))).toBe(95);
    expect(levelFromSamples(sine(0.01))).toBeGreaterThan(0);
  });

  it('byte frames agree with float frames (128 is the zero line)', () => {
    expect(levelFromByteSamples(new Uint8Array(2048).fill(128))).toBe(0);
    const floats = sine(0.5);
    const bytes = Uint8Array.from(floats, (v) => Math.round(128 + v * 128));
    expect(Math.abs(levelFromByteSamples(bytes) - levelFromSamples(floats))).toBeLessThanOrEqual(1);
    expect(levelFromByteSamples([])).toBe(0);
  });
});

describe('smoothLevel', () => {
  it('rises at once', () => {
    expect(smoothLevel(10, 80)).toBe(80);
  });

  it('falls by at most the release per frame, never below the new value', () => {
    expect(smoothLevel(80, 0)).toBe(80 - RELEASE_PER_FRAME);
    expect(smoothLevel(80, 79)).toBe(79);
    expect(smoothLevel(3, 0, 5)).toBe(0);
  });

  it('reaches silence within a second of frames', () => {
    let level = 100;
    for (let frame = 0; frame < 60; frame++) level = smoothLevel(level, 0);
    expect(level).toBe(0);
  });
});
