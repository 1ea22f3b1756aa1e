/**
 * The timeline of the recording the page plays (issue 36 items 2 to 4): loaded once per
 * recording by the replay feature, read by what shows it at its moments (the replay's cards,
 * the captions, the shared slides, the scrubber's markers, the chapter list and transcript),
 * since features do not import each other. Also the way a chapter or a transcript line asks
 * the player to seek.
 */
import { proxy, ref } from 'valtio';
import type { ReplayEvent } from '../domain/replayTimeline';

export type TimelineStatus = 'loading' | 'ready' | 'failed';

export interface OwnMoment {
  readonly at: number;
  readonly kind: 'sent' | 'mentioned' | 'question';
  readonly text: string;
}

export interface LoadedTimeline {
  readonly roomId: string;
  readonly recording: string;
  readonly status: TimelineStatus;
  /** Oldest first; empty until loaded. */
  readonly events: readonly ReplayEvent[];
  /** The server had more than it sends in one answer: the latest part is missing. */
  readonly truncated: boolean;
  /** The viewer's own moments, oldest first (null: not loaded, or they could not be). */
  readonly moments: readonly OwnMoment[] | null;
}

export const replayTimeline = proxy<{ current: LoadedTimeline | null }>({ current: null });

export function setReplayTimeline(timeline: LoadedTimeline | null): void {
  // Taken whole by readers: valtio need not proxy thousands of events.
  replayTimeline.current = timeline === null ? null : ref({ ...timeline });
}

/** The loaded timeline of this room's recording, if one is loaded. */
export function timelineOf(current: LoadedTimeline | null, roomId: string): LoadedTimeline | null {
  return current !== null && current.roomId === roomId ? current : null;
}

/** A request to the player to go to a recording's position: the latest wins; `seq` tells a repeat from the same one. */
export const replaySeek = proxy<{ request: { readonly positionS: number; readonly seq: number } | null }>({ request: null });

export function requestReplaySeek(positionS: number): void {
  if (!Number.isFinite(positionS)) return;
  replaySeek.request = ref({ positionS: Math.max(0, positionS), seq: (replaySeek.request?.seq ?? 0) + 1 });
}

/** The viewer's "try again" after a timeline failed to load: the loader reloads on a new value. */
export const replayTimelineRetry = proxy({ seq: 0 });

export function retryReplayTimeline(): void {
  replayTimelineRetry.seq += 1;
}
