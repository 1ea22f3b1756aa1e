/**
 * Where the recording stands, from one set of the element's position events (timeupdate,
 * a seek, the rate, pause and play, waiting for data): for its seek bar here, and told to
 * the page (src/state/replayPlayback.ts) so the chat can replay beside it, with the moment
 * it was read. Null, and nothing told, while a live (or nothing) plays.
 */
import { useEffect, useState, type RefObject } from 'react';
import { reportReplayPosition } from '../../state/replayPlayback';
import { useClock } from '../../ui/clock';

export interface ReplayPosition {
  readonly current: number;
  readonly duration: number;
}

export interface PlayingRecording {
  readonly roomId: string;
  /** The recording's address. */
  readonly recording: string;
  /** The room's time (ms) at the recording's position 0; null: not known. */
  readonly startedAt: number | null;
}

const POSITION_EVENTS = ['timeupdate', 'durationchange', 'seeking', 'seeked', 'ratechange', 'pause', 'playing', 'waiting', 'loadedmetadata'] as const;

export function useReplayPosition(videoRef: RefObject<HTMLVideoElement | null>, playing: PlayingRecording | null, loadId: number): ReplayPosition | null {
  const clock = useClock();
  const [position, setPosition] = useState<ReplayPosition | null>(null);
  const roomId = playing?.roomId ?? null;
  const recording = playing?.recording ?? null;
  const startedAt = playing?.startedAt ?? null;
  useEffect(() => {
    const video = videoRef.current;
    if (video === null || roomId === null || recording === null) {
      setPosition(null);
      reportReplayPosition(null);
      return undefined;
    }
    const update = () => {
      setPosition({ current: video.currentTime, duration: Number.isFinite(video.duration) ? video.duration : 0 });
      // Not moving while paused, seeking or short of data: a reader must not run ahead.
      const moving = !video.paused && !video.seeking && video.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA;
      reportReplayPosition({ roomId, recording, startedAt, positionS: video.currentTime, readAt: clock.now(), rate: moving ? video.playbackRate : 0 });
    };
    update();
    for (const name of POSITION_EVENTS) video.addEventListener(name, update);
    return () => {
      for (const name of POSITION_EVENTS) video.removeEventListener(name, update);
      reportReplayPosition(null);
    };
  }, [clock, videoRef, roomId, recording, startedAt, loadId]);
  return position;
}
