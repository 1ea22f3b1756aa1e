/**
 * Live rewind for a viewer on FLV. An FLV live is a stream with no past to seek in; the
 * line's HLS keeps the server's window (rewindSeconds). So the rewind bar of an FLV live is
 * the window itself, the playhead at its end; moving back plays the same line's HLS, at the
 * chosen distance behind its edge, and from there the HLS bar takes over. "Back to live"
 * (or the bar's end) returns to FLV at its edge, the delay the viewer chose FLV for.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { seekableEnd } from './engine';
import { MIN_REWIND_S, type LiveRewindWindow } from './useLiveRewind';

export interface FlvRewind {
  /** The live plays the line's HLS because the viewer went back from FLV. */
  readonly onHls: boolean;
  /** The load whose playhead was moved back (the viewer is behind by choice there: no chasing the edge). */
  readonly movedLoad: number | null;
  /** Go back `behindSeconds` behind the live: HLS loads and is moved there once it can seek. */
  readonly goBack: (behindSeconds: number) => void;
  /** Return to FLV (its load starts at the edge). */
  readonly leave: () => void;
}

/** The bar of an FLV live: the window the line's HLS keeps, the playhead at its end (the live). */
export function flvRewindWindow(rewindSeconds: number): LiveRewindWindow | null {
  return rewindSeconds >= MIN_REWIND_S ? { start: 0, end: rewindSeconds, current: rewindSeconds } : null;
}

/** The element's position `behind` seconds behind the end of what it can seek (never before its start). */
export function positionBehindEdge(ranges: TimeRanges, behind: number): number | null {
  const position = seekableEnd(ranges, behind);
  return position === null ? null : Math.max(ranges.start(0), position);
}

/**
 * Once the HLS load plays: before that, hls.js moves the playhead to the live edge itself
 * (its start position), which would undo a move made when the window is first known.
 */
const PLAYS_EVENTS = ['playing', 'timeupdate'] as const;

/** `loadId`: the machine's; the seek waits for a load after the one that asked for it (the HLS one). */
export function useFlvRewind(videoRef: RefObject<HTMLVideoElement | null>, loadId: number): FlvRewind {
  const [onHls, setOnHls] = useState(false);
  const [movedLoad, setMovedLoad] = useState<number | null>(null);
  const pending = useRef<{ readonly behind: number; readonly afterLoad: number } | null>(null);

  useEffect(() => {
    const asked = pending.current;
    const video = videoRef.current;
    if (!onHls || asked === null || loadId <= asked.afterLoad || video === null) return undefined;
    const tryMove = () => {
      if (video.seeking || video.readyState < HTMLMediaElement.HAVE_FUTURE_DATA) return;
      const position = positionBehindEdge(video.seekable, asked.behind);
      if (position === null || pending.current !== asked) return;
      pending.current = null;
      video.currentTime = position;
      setMovedLoad(loadId);
      detach();
    };
    const detach = () => {
      for (const name of PLAYS_EVENTS) video.removeEventListener(name, tryMove);
    };
    for (const name of PLAYS_EVENTS) video.addEventListener(name, tryMove);
    tryMove();
    return detach;
  }, [videoRef, onHls, loadId]);

  return {
    onHls,
    movedLoad,
    goBack: (behindSeconds) => {
      pending.current = { behind: behindSeconds, afterLoad: loadId };
      setOnHls(true);
    },
    leave: () => {
      pending.current = null;
      setOnHls(false);
      setMovedLoad(null);
    },
  };
}
