/**
 * The choices the settings panel offers for the player, from what the player publishes
 * (state/playerSettings `playerOffer`) and the viewer's saved settings. Pure.
 *
 * - Definition: the qualities of the playing line; every level while nothing plays (the
 *   choice is kept for when it does). A saved level the line lacks stays listed, marked
 *   unavailable (the player plays the nearest one), so the select never shows a value it
 *   does not have.
 * - Player: HLS and FLV; one the line has no address for (or FLV without Media Source
 *   Extensions) is unavailable.
 * - Quality and player also offer "room default" (the saved value null).
 */
import { DELAY_MODES, QUALITY_LEVELS, STREAM_TYPES, type DelayMode, type QualityLevel, type StreamType } from '../../domain/constants';
import { DEFAULT_DELAY_MODE, type PlayerOffer, type PlayerSettings } from '../../state/playerSettings';

/** What the panel reads of the player's offer (a valtio snapshot is deeply read-only). */
export interface OfferView {
  readonly mode: PlayerOffer['mode'];
  readonly qualities: readonly QualityLevel[];
  readonly types: readonly StreamType[];
}

export interface Choice<T extends string> {
  readonly value: T;
  readonly available: boolean;
}

/** Select value of "room default" (a saved null). */
export const ROOM_DEFAULT = '';

const byLevel = (a: QualityLevel, b: QualityLevel) => QUALITY_LEVELS.indexOf(a) - QUALITY_LEVELS.indexOf(b);

export function qualityChoices(offer: Pick<OfferView, 'qualities'>, saved: QualityLevel | null): Choice<QualityLevel>[] {
  const offered: readonly QualityLevel[] = offer.qualities.length > 0 ? offer.qualities : QUALITY_LEVELS;
  const levels = saved !== null && !offered.includes(saved) ? [...offered, saved] : [...offered];
  return levels.sort(byLevel).map((value) => ({ value, available: offered.includes(value) }));
}

/** HLS first: the player's default. */
export function typeChoices(offer: Pick<OfferView, 'types' | 'mode'>): Choice<StreamType>[] {
  const known = offer.mode === 'live';
  return (['hls', 'flv'] as const satisfies readonly StreamType[]).map((value) => ({ value, available: !known || offer.types.includes(value) }));
}

export const delayChoices = (): readonly DelayMode[] => DELAY_MODES;

/** The delay the player uses: the saved one or the default. */
export const effectiveDelay = (settings: Pick<PlayerSettings, 'delay'>): DelayMode => settings.delay ?? DEFAULT_DELAY_MODE;

/** A select's text back to a saved value: "room default" is null, anything unknown too. */
export function parseQuality(value: string): QualityLevel | null {
  return (QUALITY_LEVELS as readonly string[]).includes(value) ? (value as QualityLevel) : null;
}

export function parseType(value: string): StreamType | null {
  return (STREAM_TYPES as readonly string[]).includes(value) ? (value as StreamType) : null;
}

export function parseDelay(value: string): DelayMode {
  return (DELAY_MODES as readonly string[]).includes(value) ? (value as DelayMode) : DEFAULT_DELAY_MODE;
}

/** Which hint goes under the playback choices. */
export function playbackHint(mode: PlayerOffer['mode']): 'notLiveHint' | 'replayHint' | null {
  if (mode === 'none') return 'notLiveHint';
  if (mode === 'replay') return 'replayHint';
  return null;
}
