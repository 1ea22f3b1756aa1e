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
