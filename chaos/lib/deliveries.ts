/**
 * What a tab received, against what the room sent (issue 17 item 1): the tab's delivery log
 * (src/diagnostics/deliveryLog.ts, read from the page) and the room's chat offsets from its
 * history. A chat message of the room is, for the tab:
 *
 * - received: appended (or in a replaced list);
 * - marked: not received, but counted by a "not shown" mark placed before the next entry
 *   the tab received (skipped on purpose: thinned, cut to the newest, fetchable with 2401);
 * - lost: neither. A silent hole: what must never happen.
 *
 * Appending an offset the tab already had is a duplicate; appending one not above the last
 * appended breaks the order.
 */
import type { DeliveryRecord } from '../../src/diagnostics/deliveryLog';

export interface DeliveryFigures {
  /** Chat messages of the room in the window. */
  readonly sent: number;
  readonly received: number;
  readonly marked: number;
  readonly lost: number;
  readonly duplicated: number;
  readonly outOfOrder: number;
  /** A few lost offsets, for the report. */
  readonly lostExamples: readonly number[];
}

/** The smallest index whose value is above `value` in an ascending array (its length when none). */
function firstAbove(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (sorted[mid]! > value) high = mid;
    else low = mid + 1;
  }
  return low;
}

/**
 * `chatOffsets`: the room's chat offsets in the window being judged, ascending. Records are
 * the tab's, in the order it took them in (possibly reaching outside the window).
 */
export function judgeDeliveries(records: readonly DeliveryRecord[], chatOffsets: readonly number[]): DeliveryFigures {
  const received = new Set<number>();
  let duplicated = 0;
  let outOfOrder = 0;
  let last = -1;
  const marksBefore = new Map<number, number>();
  for (const record of records) {
    if (record.replace !== null) {
      for (const offset of record.replace) received.add(offset);
      if (record.replace.length > 0) last = Math.max(last, ...record.replace);
    }
    for (const offset of record.append) {
      if (received.has(offset)) {
        duplicated++;
        continue;
      }
      received.add(offset);
      if (offset <= last) outOfOrder++;
      last = Math.max(last, offset);
    }
    for (const [before, count] of record.notShown) marksBefore.set(before, (marksBefore.get(before) ?? 0) + count);
  }

  // Missing messages grouped by the received entry after them, where a mark would stand.
  const receivedSorted = [...received].sort((a, b) => a - b);
  const missingBefore = new Map<number, number[]>();
  let inWindow = 0;
  for (const offset of chatOffsets) {
    if (received.has(offset)) {
      inWindow++;
      continue;
    }
    const next = receivedSorted[firstAbove(receivedSorted, offset)] ?? Infinity;
    const group = missingBefore.get(next) ?? [];
    group.push(offset);
    missingBefore.set(next, group);
  }
  let marked = 0;
  const lostOffsets: number[] = [];
  for (const [next, missing] of missingBefore) {
    const covered = Math.min(missing.length, marksBefore.get(next) ?? 0);
    marked += covered;
    // Which of them the mark covers does not matter for the count: the oldest are the lost ones.
    lostOffsets.push(...missing.slice(0, missing.length - covered));
  }
  return { sent: chatOffsets.length, received: inWindow, marked, lost: lostOffsets.length, duplicated, outOfOrder, lostExamples: lostOffsets.sort((a, b) => a - b).slice(0, 8) };
}
