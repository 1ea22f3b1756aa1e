/**
 * Progress reports of a thinned stream (docs/protocol.md 5.2): the last offset applied of
 * each room that moved since the last report on this socket, at most every
 * PROGRESS_REPORT_MS while rooms move, so the server can tell how far behind this reader
 * is and thin its stream before it falls further. Plain state; the socket session sends.
 */
import type { RoomOffset, TimerId } from './ports';

export interface ProgressReports {
  /** The report waiting to go, if one is scheduled. */
  timer: TimerId | null;
  /** The offsets last reported on this socket, by room (a new socket starts afresh). */
  readonly reported: Map<string, number>;
}

export const newProgressReports = (): ProgressReports => ({ timer: null, reported: new Map() });

/** The rooms whose applied offset moved past what was reported; they count as reported from now. */
export function offsetsToReport(progress: ProgressReports, rooms: readonly RoomOffset[]): { webcastId: string; offset: number }[] {
  const due: { webcastId: string; offset: number }[] = [];
  for (const { webcastId, offset } of rooms) {
    if (offset <= (progress.reported.get(webcastId) ?? 0)) continue;
    progress.reported.set(webcastId, offset);
    due.push({ webcastId, offset });
  }
  return due;
}

/** The socket went: nothing reported on it counts for the next one, and no report waits. */
export function forgetProgress(progress: ProgressReports, clearTimeout: (id: TimerId) => void): void {
  if (progress.timer !== null) clearTimeout(progress.timer);
  progress.timer = null;
  progress.reported.clear();
}
