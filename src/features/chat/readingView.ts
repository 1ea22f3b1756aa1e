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
 * An entry withdrawn after it fell out of the feed is dropped from the held ones by id (the
 * feed keeps the ids withdrawn lately); entries inside the feed's span are always current.
 */
import type { ChatEntry } from '../../realtime/chatEntry';

type Ordered = Pick<ChatEntry, 'offset'>;
type Withdrawable = Pick<ChatEntry, 'offset' | 'msgId'>;

const NONE: ReadonlySet<string> = new Set();

/** The held entries older than the live feed's oldest (less the withdrawn ones), then the live feed. */
export function readingView<T extends Withdrawable>(held: readonly T[], live: readonly T[], withdrawn: ReadonlySet<string> = NONE): readonly T[] {
  const head = live[0];
  if (head === undefined) return live;
  let older = 0;
  while (older < held.length && held[older]!.offset < head.offset) older++;
  if (older === 0) return live;
  const kept = held.slice(0, older);
  return (withdrawn.size === 0 ? kept : kept.filter((entry) => !withdrawn.has(entry.msgId))).concat(live);
}

/** Entries newer than the newest one shown when the viewer left the bottom. */
export function unseenSince(live: readonly Ordered[], seenOffset: number | null): number {
  if (seenOffset === null) return 0;
  let count = 0;
  // Newest last: count from the end until an entry the viewer had.
  for (let i = live.length - 1; i >= 0 && live[i]!.offset > seenOffset; i--) count++;
  return count;
}

/** The rows held while the list holds still for the viewer, less the ones withdrawn since. */
export function heldView<T extends Withdrawable>(held: readonly T[], withdrawn: ReadonlySet<string>): readonly T[] {
  return withdrawn.size === 0 ? held : held.filter((entry) => !withdrawn.has(entry.msgId));
}

/** Whether one of the viewer's own entries came after `offset` (newest last: looks from the end). */
export function ownSince(live: readonly Pick<ChatEntry, 'offset' | 'mine'>[], offset: number | null): boolean {
  if (offset === null) return false;
  for (let i = live.length - 1; i >= 0 && live[i]!.offset > offset; i--) if (live[i]!.mine) return true;
  return false;
}
