/**
 * What the list shows while the viewer reads older messages (scrolled up).
 *
 * The feed keeps the latest 200 entries, so during a burst the oldest fall off the top of
 * the list. A virtualized list that loses rows above the viewport has to correct its scroll
 * position by their heights, and with rows of varying heights, most never measured, that
 * correction misses by up to a few rows (react-virtuoso's firstItemIndex was tried; the
 * browser test saw the reader jump). So while the viewer reads, nothing leaves the top:
 * the entries that were shown when the viewer left the bottom and that are older than the
 * feed's oldest stay in the view, ahead of the live feed. New entries still append below,
 * which moves nothing. Back at the bottom, the view is the live feed again.
 *
 * Held entries are at most the 200 shown when reading began, so the view stays within 400.
 * The cost: an entry withdrawn after it fell out of the feed is only removed when the viewer
 * returns to the bottom (the feed does not say whether an entry it no longer holds was
 * withdrawn or cut). Entries still inside the feed's span are always current.
 */
import type { ChatEntry } from '../../realtime/chatEntry';

type Ordered = Pick<ChatEntry, 'offset'>;

/** The held entries older than the live feed's oldest, then the live feed. */
export function readingView<T extends Ordered>(held: readonly T[], live: readonly T[]): readonly T[] {
  const head = live[0];
  if (head === undefined) return live;
  let older = 0;
  while (older < held.length && held[older]!.offset < head.offset) older++;
  return older === 0 ? live : held.slice(0, older).concat(live);
}

/** Entries newer than the newest one shown when the viewer left the bottom. */
export function unseenSince(live: readonly Ordered[], seenOffset: number | null): number {
  if (seenOffset === null) return 0;
  let count = 0;
  // Newest last: count from the end until an entry the viewer had.
  for (let i = live.length - 1; i >= 0 && live[i]!.offset > seenOffset; i--) count++;
  return count;
}
