/**
 * The player's machine and what feeds it from below: one playback engine per load (hls.js,
 * mpegts.js or the element's own HLS), the <video> element's events, and the machine's
 * own timers (retry back-off, stall watchdog) on the screen's clock.
 */
import { reportFailure } from '../../diagnostics/reportFailure';
import { useEffect, useLayoutEffect, useReducer, useRef, useState, type Dispatch, type RefObject } from 'react';
import { useClock } from '../../ui/clock';
import { createEngine, type PlaybackEngine } from './engine';
import { INITIAL_PLAYER_STATE, movesOn, nativeErrorKind, playerReducer, scheduleMachineTimer, type PlayerEvent, type PlayerMachineState } from './playerMachine';

const FIRST_FRAME_MARK = 'player:first-frame';

export interface PlayerEngineOptions {
  readonly videoRef: RefObject<HTMLVideoElement | null>;
  readonly rootRef: RefObject<HTMLDivElement | null>;
  /** The room plays on its own where the browser allows (SPEC session autoPlayer). */
  readonly autoPlayer: boolean;
  /** Plays the element, muted when the browser blocks sound (useSound). */
  readonly startPlayback: (video: HTMLVideoElement) => Promise<void>;
}

export interface PlayerEngineView {
  readonly machine: PlayerMachineState;
  readonly dispatch: Dispatch<PlayerEvent>;
  readonly engineRef: RefObject<PlaybackEngine | null>;
  /** The element is paused (between loads too). */
  readonly paused: boolean;
  /** The viewer paused (not the element between loads): the stall watchdog rests. */
  readonly userPaused: boolean;
  readonly setUserPaused: (paused: boolean) => void;
}

export function usePlayerEngine({ videoRef, rootRef, autoPlayer, startPlayback }: PlayerEngineOptions): PlayerEngineView {
  const clock = useClock();
  const [machine, dispatch] = useReducer(playerReducer, INITIAL_PLAYER_STATE);
  const engineRef = useRef<PlaybackEngine | null>(null);
  const [paused, setPaused] = useState(false);
  const [userPaused, setUserPaused] = useState(false);

  // One engine per load: a new loadId (new source, retry) replaces it. A layout effect, so
  // it starts at the commit, not after the paint and the page's other effects.
  const { loadId, source, phase, attempt, error, seekStall } = machine;
  useLayoutEffect(() => {
    const video = videoRef.current;
    if (source === null || video === null) return;
    let cancelled = false;
    let engine: PlaybackEngine | null = null;
    createEngine(source.engine, video, { url: source.url, live: source.live, delay: source.delay, audio: source.audio }, {
      onError: (kind, detail) => {
        if (cancelled) return;
        // The viewer gets the machine's retry; the operator gets a report of what failed.
        reportFailure('player', new Error(`${source.engine} ${kind}: ${detail}`));
        dispatch({ type: 'ERROR', kind });
      },
    }).then(
      (created) => {
        if (cancelled) {
          created.destroy();
          return;
        }
        engine = created;
        engineRef.current = created;
        rootRef.current?.setAttribute('data-engine', created.name);
        if (autoPlayer) {
          setUserPaused(false);
          void startPlayback(video);
        }
      },
      () => {
        // The engine's chunk did not load: the network is gone (or the deployment changed under the page).
        if (!cancelled) dispatch({ type: 'ERROR', kind: 'offline' });
      },
    );
    return () => {
      cancelled = true;
      engine?.destroy();
      engineRef.current = null;
    };
  }, [loadId, source, autoPlayer, startPlayback, videoRef, rootRef]);

  // The machine's phase for the <video> listeners: timeupdate comes four times a second, and
  // a dispatch re-renders the whole player even when the phase does not change (useReducer
  // has no early bailout), so a phase that PLAYING does not move gets nothing.
  const phaseRef = useRef(phase);
  useEffect(() => {
    phaseRef.current = phase;
  }, [phase]);

  useEffect(() => {
    const video = videoRef.current;
    if (video === null) return;
    let firstFrame = performance.getEntriesByName(FIRST_FRAME_MARK).length > 0;
    const markFirstFrame = () => {
      if (firstFrame) return;
      firstFrame = true;
      performance.mark(FIRST_FRAME_MARK);
    };
    const onPlaying = () => {
      dispatch({ type: 'PLAYING' });
      setPaused(false);
      if (!firstFrame) {
        if ('requestVideoFrameCallback' in video) video.requestVideoFrameCallback(markFirstFrame);
        else markFirstFrame();
      }
    };
    const onTime = () => {
      if (movesOn(phaseRef.current, 'PLAYING') && !video.paused && video.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA) dispatch({ type: 'PLAYING' });
    };
    const onWaiting = () => dispatch({ type: 'STALLED', seeking: video.seeking });
    const onPause = () => setPaused(true);
    const onError = () => {
      // Engines report their own errors; a bare element error (native HLS) comes here too.
      if (engineRef.current?.name === 'native') dispatch({ type: 'ERROR', kind: nativeErrorKind(video.error, navigator.onLine) });
    };
    video.addEventListener('playing', onPlaying);
    video.addEventListener('timeupdate', onTime);
    video.addEventListener('waiting', onWaiting);
    video.addEventListener('pause', onPause);
    video.addEventListener('error', onError);
    return () => {
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('timeupdate', onTime);
      video.removeEventListener('waiting', onWaiting);
      video.removeEventListener('pause', onPause);
      video.removeEventListener('error', onError);
    };
  }, [videoRef]);

  useEffect(() => scheduleMachineTimer(clock, { phase, attempt, error, source, seekStall }, userPaused, dispatch), [clock, phase, attempt, error, source, seekStall, loadId, userPaused]);

  return { machine, dispatch, engineRef, paused, userPaused, setUserPaused };
}

