/**
 * Tells the page where the recording stands (src/state/replayPlayback.ts), so the chat can
 * replay beside it: on every position report of the element (timeupdate, a seek, the rate,
 * pause and play, waiting for data), with the moment it was read. Withdrawn when no
 * recording plays.
 */
import { useEffect, type RefObject } from 'react';
import { reportReplayPosition } from '../../state/replayPlayback';
import { useClock } from '../../ui/clock';

export interface ReplayReport {
  readonly roomId: string;
  /** The recording's address; null while no recording plays. */
  readonly recording: string | null;
  /** The room's time (ms) at the recording's position 0; null: not known. */
  readonly startedAt: number | null;
}

export function useReplayReporting(videoRef: RefObject<HTMLVideoElement | null>, { roomId, recording, startedAt }: ReplayReport, loadId: number): void {
  const clock = useClock();
  useEffect(() => {
    const video = videoRef.current;
    if (video === null || recording === null) {
      reportReplayPosition(null);
      return undefined;
    }
    const report = () => {
      // Not moving while paused, seeking or short of data: a reader must not run ahead.
      const moving = !video.paused && !video.seeking && video.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA;
      reportReplayPosition({ roomId, recording, startedAt, positionS: video.currentTime, readAt: clock.now(), rate: moving ? video.playbackRate : 0 });
    };
    const events = ['timeupdate', 'seeking', 'seeked', 'ratechange', 'pause', 'playing', 'waiting', 'loadedmetadata'] as const;
    for (const name of events) video.addEventListener(name, report);
    report();
    return () => {
      for (const name of events) video.removeEventListener(name, report);
      reportReplayPosition(null);
    };
  }, [clock, videoRef, roomId, recording, startedAt, loadId]);
}
