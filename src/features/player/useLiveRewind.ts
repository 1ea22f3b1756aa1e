/**
 * Live rewind: where the live plays within the window the server keeps (the line's
 * rewindSeconds; the element's seekable range is what the HLS playlist lists of it), for
 * the live's seek bar. Read only while the bar shows (`enabled`): a live's position moves
 * four times a second and nothing else needs it.
 */
import { useEffect, useState, type RefObject } from 'react';

export interface LiveRewindWindow {
  /** Seconds on the element's clock. */
  readonly start: number;
  readonly end: number;
  readonly current: number;
}

/** A window shorter than this is no rewind worth a bar (the short sliding window of a live without one). */
export const MIN_REWIND_S = 20;

const WINDOW_EVENTS = ['timeupdate', 'seeked', 'durationchange', 'progress', 'loadedmetadata'] as const;

function readWindow(video: HTMLVideoElement): LiveRewindWindow | null {
  const ranges = video.seekable;
  if (ranges.length === 0) return null;
  const start = ranges.start(0);
  const end = ranges.end(ranges.length - 1);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end - start < MIN_REWIND_S) return null;
  return { start, end, current: Math.min(Math.max(video.currentTime, start), end) };
}

export function useLiveRewind(videoRef: RefObject<HTMLVideoElement | null>, enabled: boolean, loadId: number): LiveRewindWindow | null {
  const [window, setWindow] = useState<LiveRewindWindow | null>(null);
  useEffect(() => {
    const video = videoRef.current;
    if (!enabled || video === null) {
      setWindow(null);
      return undefined;
    }
    // Whole seconds: the bar's step; finer changes re-render nothing.
    const update = () =>
      setWindow((was) => {
        const next = readWindow(video);
        if (next === null || was === null) return next;
        return Math.round(was.start) === Math.round(next.start) && Math.round(was.end) === Math.round(next.end) && Math.round(was.current) === Math.round(next.current) ? was : next;
      });
    update();
    for (const name of WINDOW_EVENTS) video.addEventListener(name, update);
    return () => {
      for (const name of WINDOW_EVENTS) video.removeEventListener(name, update);
    };
  }, [videoRef, enabled, loadId]);
  return window;
}
