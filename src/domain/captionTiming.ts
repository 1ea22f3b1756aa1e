/**
 * How long a live caption stays over the video. A caption (push 7125) carries its start and
 * end on the server's clock; a viewer's clock may be minutes off, so the caption shows from
 * the moment it arrives for as long as it lasts (end - start), kept between a reading
 * minimum and a ceiling so a caption that says 0 ms or a day neither flashes nor sticks.
 */

export const CAPTION_MIN_MS = 1500;
export const CAPTION_MAX_MS = 15_000;

export function captionDurationMs(start: number, end: number): number {
  const length = Number.isFinite(end - start) ? end - start : 0;
  return Math.min(CAPTION_MAX_MS, Math.max(CAPTION_MIN_MS, length));
}

/** A caption as the overlay holds it: what the room sent and when it arrived here. */
export interface HeldCaption {
  readonly text: string;
  readonly lang: string;
  readonly start: number;
  readonly end: number;
  readonly arrivedAt: number;
}

/** At most this many lines show at once (the newest), so captions never cover the picture. */
export const CAPTION_LINES = 2;
/** Captions kept by the overlay (a room sending several languages interleaves them). */
export const CAPTIONS_HELD = 12;

export const captionExpiresAt = (c: HeldCaption): number => c.arrivedAt + captionDurationMs(c.start, c.end);

/**
 * The languages of the captions held, in the order they first came. A room that captions
 * in several languages at once offers the viewer the choice.
 */
export function captionLanguages(held: readonly HeldCaption[]): string[] {
  return [...new Set(held.map((c) => c.lang))];
}

/**
 * The language shown: the viewer's choice while the room sends it, else the newest caption's
 * (a room with one language needs no choice; a choice the room stopped sending is not a
 * reason to show nothing).
 */
export function shownCaptionLanguage(held: readonly HeldCaption[], chosen: string | null): string | null {
  if (chosen !== null && held.some((c) => c.lang === chosen)) return chosen;
  return held.length === 0 ? null : held[held.length - 1]!.lang;
}

/** The lines over the video now: the newest CAPTION_LINES still current in the language shown. */
export function visibleCaptions(held: readonly HeldCaption[], now: number, chosen: string | null): HeldCaption[] {
  const current = held.filter((c) => now < captionExpiresAt(c));
  const lang = shownCaptionLanguage(current, chosen);
  return current.filter((c) => c.lang === lang).slice(-CAPTION_LINES);
}

/** A caption as the room sends it (push 7125), before the overlay holds it. */
export type RoomCaption = Omit<HeldCaption, 'arrivedAt'>;

const sameCaption = (a: RoomCaption, b: RoomCaption): boolean => a.text === b.text && a.lang === b.lang && a.start === b.start && a.end === b.end;

/**
 * What the overlay holds once `arrived` came at `at`: the captions still current, then the
 * new ones, the newest CAPTIONS_HELD. One it already holds, still current, is not held again:
 * after a reconnect the worker sends the room's state anew, every caption in it a new
 * object, and the line showed twice.
 */
export function holdCaptions(held: readonly HeldCaption[], arrived: readonly RoomCaption[], at: number): HeldCaption[] {
  const current = held.filter((c) => at < captionExpiresAt(c));
  const added: HeldCaption[] = [];
  for (const c of arrived) {
    if (current.some((h) => sameCaption(h, c)) || added.some((h) => sameCaption(h, c))) continue;
    added.push({ text: c.text, lang: c.lang, start: c.start, end: c.end, arrivedAt: at });
  }
  return [...current, ...added].slice(-CAPTIONS_HELD);
}
