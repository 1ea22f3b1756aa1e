/**
 * Where the recording the player shows stands (issue 36): said by the player, read by what
 * replays beside it (the chat), since features do not import each other. One per page:
 * the room whose replay plays, the recording, its time zero, and the position with the
 * moment it was read, so a reader can follow playback between the element's reports.
 */
import { proxy, ref } from 'valtio';

export interface ReplayPosition {
  readonly roomId: string;
  /** The recording's address: what a per-recording setting (the chat's offset) is kept by. */
  readonly recording: string;
  /** The room's time (ms) at the recording's position 0; null: not known (no chat replays). */
  readonly startedAt: number | null;
  /** Seconds into the recording, read at `readAt`. */
  readonly positionS: number;
  /** The clock's time (ms) of the reading. */
  readonly readAt: number;
  /** Playback rate (1 normal); 0 while paused or waiting for data. */
  readonly rate: number;
}

export const replayPlayback = proxy<{ current: ReplayPosition | null }>({ current: null });

/** The player's report; null: no recording plays (a live, nothing, or the player gone). */
export function reportReplayPosition(position: ReplayPosition | null): void {
  // A plain object (ref): readers take it whole, valtio need not track its fields.
  replayPlayback.current = position === null ? null : ref({ ...position });
}

/** Where the recording is at `now` (the clock's ms), following playback since the last report. */
export function positionAt(position: ReplayPosition, now: number): number {
  return position.positionS + (Math.max(0, now - position.readAt) / 1000) * position.rate;
}
