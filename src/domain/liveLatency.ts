/**
 * How far behind live a viewer should be, and how the player gets there: each delay mode has
 * a target latency per stream type (what "low latency" and "stable" promise), and a chaser
 * that plays a little faster while the live lags its target and has buffer to spare, jumps
 * to the edge when it lags by more than the room's auto-delay threshold, and says when it
 * cannot keep up (the buffer is empty: speeding up would only stall).
 *
 * Pure: the player samples latency (the stream's own clock: FLV's wallClockAtZeroMs, HLS's
 * PROGRAM-DATE-TIME) and the buffer twice a second and applies the verdict.
 */
import type { DelayMode, StreamType } from './constants';

/**
 * Target latency behind the live edge in ms. The demo's HLS lists a 2 s segment only once
 * it has ended and players refresh the playlist every target duration, so HLS sits 2 to 4 s
 * further back than its start offset (1, 2 or 3 segments); FLV is pushed as it happens.
 */
export const LATENCY_TARGET_MS: Readonly<Record<StreamType, Readonly<Record<DelayMode, number>>>> = {
  flv: { noDelay: 1_500, lowDelay: 2_000, fluent: 4_000 },
  hls: { noDelay: 5_000, lowDelay: 7_000, fluent: 10_000 },
};

export const latencyTargetMs = (type: StreamType, delay: DelayMode): number => LATENCY_TARGET_MS[type][delay];

/** Within this of its target a live counts as on target: no chasing (rate changes are audible). */
export const ON_TARGET_MS = 300;
/** The fastest the chaser plays: 10 % faster is hard to hear in speech. */
export const MAX_CHASE_RATE = 1.1;
/** Buffer ahead the chaser keeps: playing faster with less would run dry and stall. */
export const MIN_CHASE_BUFFER_MS = 1_000;
/** Lagging the target by more than this (and the buffer empty) for this long: the player says it cannot keep up. */
export const CANNOT_KEEP_UP_AFTER_MS = 10_000;
export const CANNOT_KEEP_UP_MARGIN_MS = 500;

export type ChaseAction =
  /** Play at this rate (1 when on target). */
  | { readonly kind: 'rate'; readonly rate: number }
  /** Too far behind to chase: go to the live edge. */
  | { readonly kind: 'jump' };

export interface ChaseInput {
  readonly latencyMs: number;
  readonly targetMs: number;
  /** What is buffered ahead of the playhead. */
  readonly bufferAheadMs: number;
  /** SPEC session autoDelayThreshold: lagging the target by more than this jumps to the edge. */
  readonly jumpAfterMs: number;
}

/**
 * The chaser's verdict for one sample: the rate grows with the lag (1 % per 100 ms beyond
 * the dead band, at most MAX_CHASE_RATE) and never exceeds what the buffer can feed.
 */
export function chase({ latencyMs, targetMs, bufferAheadMs, jumpAfterMs }: ChaseInput): ChaseAction {
  const lag = latencyMs - targetMs;
  // The engine knows where its edge is (HLS reloads there; FLV's buffer ends there).
  if (lag > jumpAfterMs) return { kind: 'jump' };
  if (lag <= ON_TARGET_MS || bufferAheadMs <= MIN_CHASE_BUFFER_MS) return { kind: 'rate', rate: 1 };
  const rate = Math.min(MAX_CHASE_RATE, 1 + Math.round(lag / 100) / 100);
  return { kind: 'rate', rate };
}

/**
 * Whether the live cannot keep to its target: it lagged by more than the margin at every
 * sample of the last CANNOT_KEEP_UP_AFTER_MS. `laggingSince` is when the current run of
 * lagging samples began (null when the last sample was on target).
 */
export function laggingSince(previous: number | null, nowMs: number, latencyMs: number, targetMs: number): number | null {
  if (latencyMs - targetMs <= CANNOT_KEEP_UP_MARGIN_MS) return null;
  return previous ?? nowMs;
}

export const cannotKeepUp = (since: number | null, nowMs: number): boolean => since !== null && nowMs - since >= CANNOT_KEEP_UP_AFTER_MS;

/** The latency as the control bar shows it: tenths of a second below 10 s, whole seconds above. */
export function latencySeconds(latencyMs: number): string {
  const s = Math.max(0, latencyMs) / 1000;
  return s < 10 ? s.toFixed(1) : String(Math.round(s));
}

/** A target as the menu, the bar and the calm line say it: "2", "1.5", "10" (no ".0"). */
export const targetSeconds = (targetMs: number): string => latencySeconds(targetMs).replace(/\.0$/, '');
