/**
 * Recovery by itself on a weak network: the player's ladder of fallbacks, as a pure
 * reducer with explicit states.
 *
 *   steady ──STALL (2nd within a minute)──▶ step down one rung ──▶ steady (watching)
 *   steady ──FAILED (a load gave up)──────▶ next line, else HLS, else exhausted
 *   steady ──TICK (no stall for stepUpAfterMs, below the viewer's quality)──▶ one quality up
 *   any    ──CHOSEN (the viewer chose quality, line or player)──▶ fresh (their choice rules)
 *
 * The stall ladder's rungs, in order: a lower quality (HLS's levels, FLV's definitions),
 * then the room's next line, then HLS instead of FLV, then the weak-network modes are
 * offered (audio only, slides only, chat only). A failure (the source cannot be loaded at
 * all: a line that died, a codec the browser cannot play) skips the quality rungs, since a
 * lower quality of a dead line is as dead. Stepping back up is careful: one quality level at
 * a time after a quiet spell that doubles each time a step up stalls again (at most
 * STEP_UP_MAX_MS), and a changed line or player is kept (it works; the other did not).
 *
 * Each change leaves `change` for the one calm line the player shows ("weak network:
 * switched to SD"), never a modal.
 */
import { QUALITY_LEVELS, type QualityLevel, type StreamType } from './constants';

/** Two stalls within this make the ladder step down. */
export const STALL_WINDOW_MS = 60_000;
export const STALLS_TO_STEP_DOWN = 2;
/** A quiet spell (no stall) this long before the first step back up. */
export const STEP_UP_AFTER_MS = 120_000;
export const STEP_UP_MAX_MS = 16 * 60_000;
/** A step up that stalls again within this was too early: the next waits twice as long. */
export const STEP_UP_PROBATION_MS = 60_000;

/** What the room offers the ladder to move over (from the current line and room info). */
export interface LadderOffer {
  /** The qualities of the line playing, any order. */
  readonly qualities: readonly QualityLevel[];
  /** The room's lines, in the room's order. */
  readonly lines: readonly string[];
  /** The line playing now. */
  readonly lineId: string | null;
  /** The player playing now. */
  readonly type: StreamType;
  /** The quality playing now (null: the line offers no choice). */
  readonly quality: QualityLevel | null;
  /** HLS can play here (hls.js or the browser's own): FLV may fall back to it. */
  readonly hlsPlays: boolean;
}

export type LadderChange =
  | { readonly kind: 'quality'; readonly quality: QualityLevel; readonly at: number }
  | { readonly kind: 'qualityUp'; readonly quality: QualityLevel; readonly at: number }
  | { readonly kind: 'line'; readonly lineId: string; readonly at: number }
  | { readonly kind: 'hls'; readonly at: number }
  | { readonly kind: 'modes'; readonly at: number }
  | { readonly kind: 'exhausted'; readonly at: number };

export interface LadderState {
  /** The highest quality the ladder allows now; null: the viewer's own choice. */
  readonly qualityCap: QualityLevel | null;
  /** The line the ladder moved to; null: the viewer's (or the room's) line. */
  readonly lineId: string | null;
  /** The ladder moved from FLV to HLS. */
  readonly hls: boolean;
  /** Lines the ladder has left because they stalled or failed. */
  readonly leftLines: readonly string[];
  /** Times of the stalls of the last STALL_WINDOW_MS. */
  readonly stalls: readonly number[];
  /** When playback last ran without a stall since (the start of the quiet spell); null while not playing. */
  readonly quietSince: number | null;
  readonly stepUpAfterMs: number;
  /** When the ladder last stepped up (a stall soon after doubles the wait). */
  readonly steppedUpAt: number | null;
  /** Every rung is used: the weak-network modes are offered. */
  readonly offerModes: boolean;
  /** A failure with no rung left: the player shows "failed" with what to try. */
  readonly exhausted: boolean;
  /** The last change, for the calm line. */
  readonly change: LadderChange | null;
}

export const INITIAL_LADDER: LadderState = {
  qualityCap: null,
  lineId: null,
  hls: false,
  leftLines: [],
  stalls: [],
  quietSince: null,
  stepUpAfterMs: STEP_UP_AFTER_MS,
  steppedUpAt: null,
  offerModes: false,
  exhausted: false,
  change: null,
};

export type LadderEvent =
  | { readonly type: 'STALL'; readonly at: number; readonly offer: LadderOffer }
  | { readonly type: 'PLAYING'; readonly at: number }
  | { readonly type: 'FAILED'; readonly at: number; readonly offer: LadderOffer }
  | { readonly type: 'TICK'; readonly at: number; readonly offer: LadderOffer; readonly wanted: QualityLevel }
  | { readonly type: 'CHOSEN' };

const rank = (quality: QualityLevel): number => QUALITY_LEVELS.indexOf(quality);

/** The next lower quality the line offers than `quality`; null at the bottom. */
export function lowerQuality(qualities: readonly QualityLevel[], quality: QualityLevel | null): QualityLevel | null {
  if (quality === null) return null;
  const lower = qualities.filter((q) => rank(q) > rank(quality)).sort((a, b) => rank(a) - rank(b));
  return lower[0] ?? null;
}

/** The next higher quality the line offers than `quality`, not above `wanted`; null when none. */
export function higherQuality(qualities: readonly QualityLevel[], quality: QualityLevel | null, wanted: QualityLevel): QualityLevel | null {
  if (quality === null) return null;
  const higher = qualities.filter((q) => rank(q) < rank(quality) && rank(q) >= rank(wanted)).sort((a, b) => rank(b) - rank(a));
  return higher[0] ?? null;
}

/** The quality to ask for: the viewer's, capped by the ladder. */
export function cappedQuality(wanted: QualityLevel, state: LadderState): QualityLevel {
  return state.qualityCap !== null && rank(state.qualityCap) > rank(wanted) ? state.qualityCap : wanted;
}

/** The room's next line after the playing one that the ladder has not left; null when none. */
function nextLine(offer: LadderOffer, left: readonly string[]): string | null {
  const start = offer.lineId === null ? -1 : offer.lines.indexOf(offer.lineId);
  for (let i = 1; i <= offer.lines.length; i++) {
    const line = offer.lines[(start + i) % offer.lines.length];
    if (line !== undefined && line !== offer.lineId && !left.includes(line)) return line;
  }
  return null;
}

/** One rung down from where the offer plays; `skipQuality` for failures. Null: no rung left. */
function stepDown(state: LadderState, offer: LadderOffer, at: number, skipQuality: boolean): LadderState | null {
  const lower = skipQuality ? null : lowerQuality(offer.qualities, offer.quality);
  const fresh = { stalls: [], steppedUpAt: null, quietSince: null } as const;
  if (lower !== null) return { ...state, ...fresh, qualityCap: lower, change: { kind: 'quality', quality: lower, at } };
  const leftLines = offer.lineId === null || state.leftLines.includes(offer.lineId) ? state.leftLines : [...state.leftLines, offer.lineId];
  const line = nextLine(offer, leftLines);
  if (line !== null) return { ...state, ...fresh, leftLines, lineId: line, change: { kind: 'line', lineId: line, at } };
  // HLS on the same line: the line is not left.
  if (offer.type === 'flv' && offer.hlsPlays && !state.hls) return { ...state, ...fresh, hls: true, change: { kind: 'hls', at } };
  return null;
}

export function ladderReducer(state: LadderState, event: LadderEvent): LadderState {
  switch (event.type) {
    case 'CHOSEN':
      return state === INITIAL_LADDER ? state : INITIAL_LADDER;
    case 'PLAYING':
      if (state.quietSince !== null && !state.exhausted) return state;
      return { ...state, quietSince: event.at, exhausted: false };
    case 'STALL': {
      const { at, offer } = event;
      const early = state.steppedUpAt !== null && at - state.steppedUpAt < STEP_UP_PROBATION_MS;
      const stepUpAfterMs = early ? Math.min(STEP_UP_MAX_MS, state.stepUpAfterMs * 2) : state.stepUpAfterMs;
      const stalls = [...state.stalls.filter((t) => at - t < STALL_WINDOW_MS), at];
      const counted = { ...state, stalls, stepUpAfterMs, quietSince: null, steppedUpAt: early ? null : state.steppedUpAt };
      // A step up that stalls at once goes straight back down.
      if (stalls.length < STALLS_TO_STEP_DOWN && !early) return counted;
      const down = stepDown(counted, offer, at, false);
      if (down !== null) return down;
      return state.offerModes ? counted : { ...counted, stalls: [], offerModes: true, change: { kind: 'modes', at } };
    }
    case 'FAILED': {
      const down = stepDown(state, event.offer, event.at, true);
      if (down !== null) return down;
      return { ...state, exhausted: true, change: { kind: 'exhausted', at: event.at } };
    }
    case 'TICK': {
      const { at, offer, wanted } = event;
      if (state.qualityCap === null || state.quietSince === null || at - state.quietSince < state.stepUpAfterMs) return state;
      // One level up, never above the viewer's own; back at it (or nothing higher offered), the cap is gone.
      const up = higherQuality(offer.qualities, offer.quality, wanted) ?? wanted;
      return { ...state, qualityCap: up === wanted ? null : up, quietSince: at, steppedUpAt: at, offerModes: false, change: { kind: 'qualityUp', quality: up, at } };
    }
  }
}
