/**
 * What the worker delivered to this tab, recorded for the chaos suite (issue 17 item 1:
 * "what the viewer's tabs received, read from the worker's room state through a test-only
 * hook, not from the DOM"). Recorded only when a page asks: the suite sets
 * `window.__webcastDeliveries` to an array before the app loads; otherwise nothing is kept
 * and an update costs one lookup.
 *
 * One record per update that carried chat: the offsets appended (in order), the whole list
 * when it was replaced, the "not shown" marks by the offset of the entry they stand before,
 * and the room's gap counters. With the room's history, that tells received, duplicated,
 * out of order, marked as not shown (skipped on purpose, fetchable) and lost apart.
 */
import type { ChatDelta } from '../realtime/deltas';
import type { RoomSync } from '../realtime/roomHub';

export interface DeliveryRecord {
  readonly roomId: string;
  readonly append: readonly number[];
  readonly replace: readonly number[] | null;
  /** [offset of the entry after the unshown messages, how many]. */
  readonly notShown: readonly (readonly [number, number])[];
  readonly sync: RoomSync | null;
}

export function deliverySink(): DeliveryRecord[] | null {
  const sink = (globalThis as { __webcastDeliveries?: unknown }).__webcastDeliveries;
  return Array.isArray(sink) ? (sink as DeliveryRecord[]) : null;
}

export function recordDelivery(sink: DeliveryRecord[], roomId: string, delta: ChatDelta): void {
  const entries = delta.replace ?? delta.append;
  const offsetOf = new Map(entries.map((e) => [e.msgId, e.offset]));
  const notShown: [number, number][] = [];
  // A mark stands before an entry of this delta (the worker marks what it sends with it).
  for (const [msgId, count] of Object.entries(delta.gaps ?? {})) notShown.push([offsetOf.get(msgId) ?? -1, count]);
  if (delta.append.length === 0 && delta.replace === undefined && notShown.length === 0 && delta.sync === undefined) return;
  sink.push({
    roomId,
    append: delta.append.map((e) => e.offset),
    replace: delta.replace === undefined ? null : delta.replace.map((e) => e.offset),
    notShown,
    sync: delta.sync ?? null,
  });
}
