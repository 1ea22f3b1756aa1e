/**
 * The microphone meter's numbers, kept pure so node tests can pin them: the RMS of one
 * analyser frame, mapped to 0..100 on a decibel scale, and a smoothing that lets the bar
 * jump up at once but fall back gently.
 *
 * A decibel scale because speech sits far below full scale: a linear RMS of 0.03 (normal
 * talking at arm's length) would barely move a linear bar, while it is about -30 dBFS, the
 * middle of a -60..0 dB bar.
 */

/** The quietest level shown above zero; anything below is silence on the bar. */
export const FLOOR_DB = -60;
/** Points the bar may fall per animation frame (about 0.8 s from full to empty at 60 Hz). */
export const RELEASE_PER_FRAME = 2;

/** Root mean square of samples in -1..1 (AnalyserNode.getFloatTimeDomainData); 0 for none. */
export function rms(samples: ArrayLike<number>): number {
  const count = samples.length;
  if (count === 0) return 0;
  let sum = 0;
  for (let i = 0; i < count; i++) {
    const value = samples[i] ?? 0;
    // A broken frame (NaN, Infinity) must not stick the bar at full or empty.
    if (Number.isFinite(value)) sum += value * value;
  }
  return Math.sqrt(sum / count);
}

/** An RMS (0..1, full scale 1) as a whole number 0..100: FLOOR_DB and below 0, 0 dBFS 100. */
export function levelFromRms(value: number): number {
  if (!(value > 0)) return 0;
  const db = 20 * Math.log10(value);
  const level = Math.round(((db - FLOOR_DB) / -FLOOR_DB) * 100);
  return Math.min(100, Math.max(0, level));
}

/** One analyser frame of float samples as a level 0..100. */
export function levelFromSamples(samples: ArrayLike<number>): number {
  return levelFromRms(rms(samples));
}

/** One analyser frame of byte samples (getByteTimeDomainData: 128 is silence) as a level 0..100. */
export function levelFromByteSamples(bytes: ArrayLike<number>): number {
  const count = bytes.length;
  if (count === 0) return 0;
  let sum = 0;
  for (let i = 0; i < count; i++) {
    const value = ((bytes[i] ?? 128) - 128) / 128;
    sum += value * value;
  }
  return levelFromRms(Math.sqrt(sum / count));
}

/** The bar's next value: up at once to a louder frame, down by at most `release` per frame. */
export function smoothLevel(previous: number, next: number, release: number = RELEASE_PER_FRAME): number {
  if (next >= previous) return next;
  return Math.max(next, previous - release);
}
