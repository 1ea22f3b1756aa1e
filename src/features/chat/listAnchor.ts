/**
 * Keeping the list still while the 200-entry buffer drops old entries from the top.
 *
 * react-virtuoso positions items by index. When the first entries fall off while a viewer
 * who scrolled up reads, every index shifts and the view would jump down by the dropped
 * rows. Virtuoso's `firstItemIndex` is the fix: it is the absolute index of data[0], and
 * when it grows by n together with the data losing n items at its head, Virtuoso removes
 * their heights from the scroll offset, so what is on screen stays put.
 *
 * The absolute index of the newest entry (firstItemIndex + length - 1) also counts what
 * arrived since the viewer left the bottom, whatever fell off meanwhile.
 */
import type { ChatEntry } from '../../realtime/chatEntry';

type Keyed = Pick<ChatEntry, 'msgId'>;

/**
 * The firstItemIndex for `next`, given the previous list and its firstItemIndex. When the
 * new head was at position k of the previous list, k entries fell off: the index grows by
 * k. When the head is unknown (a filter change or a reconnect replaced the list), the old
 * index is kept: nothing on screen can be anchored to the new list anyway.
 */
export function nextFirstItemIndex(prev: readonly Keyed[], prevFirst: number, next: readonly Keyed[]): number {
  const head = next[0];
  if (head === undefined || prev.length === 0 || prev[0]!.msgId === head.msgId) return prevFirst;
  // The head is usually near the start of prev (a few dropped per tick): a forward scan.
  for (let k = 1; k < prev.length; k++) if (prev[k]!.msgId === head.msgId) return prevFirst + k;
  return prevFirst;
}

/** Absolute index of the newest entry, or firstItemIndex - 1 for an empty list. */
export function lastAbsoluteIndex(firstItemIndex: number, length: number): number {
  return firstItemIndex + length - 1;
}

/** Entries that arrived since the viewer left the bottom (when the newest had `seenLast`). */
export function unseenCount(seenLast: number | null, firstItemIndex: number, length: number): number {
  if (seenLast === null) return 0;
  return Math.max(0, lastAbsoluteIndex(firstItemIndex, length) - seenLast);
}
