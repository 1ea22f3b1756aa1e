/**
 * Loads the timeline of the recording this room's player plays (once per recording, and
 * again when the viewer asks after a failure) with the viewer's own moments, into
 * src/state/replayTimeline.ts. Events of kinds this client does not know are left out and
 * logged. Moments that fail to load leave the rest working (their section says so).
 */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useApi } from '../../state/apiContext';
import { replayPlayback } from '../../state/replayPlayback';
import { REPLAY_OFFSET_MAX_S } from '../../domain/replayChatWindow';
import { replayTimelineRetry, setReplayTimeline } from '../../state/replayTimeline';
import { readMomentsAnswer, readTimelineAnswer } from './timelineData';

export function useTimelineLoader(roomId: string): void {
  const api = useApi();
  const position = useSnapshot(replayPlayback).current;
  const retry = useSnapshot(replayTimelineRetry).seq;
  const playing = position !== null && position.roomId === roomId && position.startedAt !== null ? position : null;
  const recording = playing?.recording ?? null;
  const startedAt = playing?.startedAt ?? null;

  useEffect(() => {
    if (recording === null || startedAt === null) {
      setReplayTimeline(null);
      return undefined;
    }
    const controller = new AbortController();
    const options = { signal: controller.signal, background: true };
    // From the earliest moment an offset can show: the events of the recording's start.
    const range = { webcastId: roomId, from: Math.max(0, startedAt - REPLAY_OFFSET_MAX_S * 1000) };
    const base = { roomId, recording, truncated: false, moments: null };
    setReplayTimeline({ ...base, status: 'loading', events: [] });
    void (async () => {
      try {
        const [timeline, moments] = await Promise.all([
          api.live.replayTimeline(range, options),
          api.live.replayMoments(range, options).then(readMomentsAnswer, () => null),
        ]);
        const read = readTimelineAnswer(timeline);
        if (read.skipped > 0) console.warn(`replay timeline: ${read.skipped} event(s) of kinds this page does not know were skipped`);
        if (!controller.signal.aborted) setReplayTimeline({ ...base, status: 'ready', events: read.events, truncated: read.truncated, moments });
      } catch {
        if (!controller.signal.aborted) setReplayTimeline({ ...base, status: 'failed', events: [] });
      }
    })();
    return () => {
      controller.abort();
      setReplayTimeline(null);
    };
  }, [api, roomId, recording, startedAt, retry]);
}

/** Mounted on the video page: loads, shows nothing. */
export function ReplayTimelineLoader({ roomId }: { readonly roomId: string }) {
  useTimelineLoader(roomId);
  return null;
}
