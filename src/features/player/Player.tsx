/**
 * The player of the video page (/live/video/{id}): the live stream (HLS through hls.js or
 * FLV through mpegts.js, each loaded only when it plays) or the replay once the live has
 * ended, with quality, delay mode, player choice, lines, full screen, audio only,
 * immersive mode, muted autoplay with an unmute control, the not-started and preparing
 * states, recovery from errors and a debug overlay showing the live latency.
 *
 * The flow is the state machine of playerMachine.ts; this component only feeds it events
 * (room state, engine and <video> events, timers) and shows its phase.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { LIVE_STATUS, type DelayMode, type QualityLevel } from '../../domain/constants';
import { DEFAULT_DELAY_MODE, EMPTY_PLAYER_OFFER, playerSettings, publishPlayerOffer, setPlayerSetting } from '../../state/playerSettings';
import { isHeld, playbackHolds } from '../../state/playbackHolds';
import { session } from '../../state/session';
import { setViewerSetting, viewerSettings } from '../../state/viewerSettings';
import { embedControl, reportLiveStatus, reportPlayerState } from '../../state/embedControl';
import { ControlBar, type ControlBarActions } from './ControlBar';
import { ReplayRecords } from './ReplayRecords';
import { behindLive, CONTROLS_IDLE_MS, controlsShown, shortcutOf, type ShortcutAction } from './controlRules';
import { createEngine, hasMse, hasNativeHls, preloadEngine, type PlaybackEngine } from './engine';
import { bufferAheadMs } from './latency';
import { INITIAL_PLAYER_STATE, MAX_RETRIES, movesOn, playerReducer, retryDelayMs, showsVideo } from './playerMachine';
import { countdownText } from '../../domain/countdown';
import { choosePlayTarget, countdownMs, type PlayTarget, type StreamType } from './sources';
import { usePlaybackYield } from './usePlaybackYield';
import { useRoomPlayback } from './useRoomPlayback';
import './player.css';

export interface PlayerProps {
  readonly roomId: string;
}

/** A source that loads or stalls this long without playing counts as a network error. */
export const STALL_TIMEOUT_MS = 12_000;
const LATENCY_SAMPLE_MS = 500;
const FIRST_FRAME_MARK = 'player:first-frame';

interface Figures {
  readonly engine: string;
  readonly latencyMs: number | null;
  readonly bufferMs: number;
  readonly width: number;
  readonly height: number;
  readonly dropped: number;
}

// This chunk loads only for the video page: fetch the engine of the viewer's last choice
// along with it (HLS unless they chose FLV), instead of after the first render.
if (hasMse()) preloadEngine(playerSettings.type === 'flv' ? 'mpegts' : 'hlsjs');

export function Player({ roomId }: PlayerProps) {
  const { t } = useTranslation();
  const settings = useSnapshot(playerSettings);
  // SPEC session fields: autoplay where the browser allows it, the default desktop quality.
  const { autoPlayer, defaultDesktopQuality } = useSnapshot(session);
  const [lineId, setLineId] = useState<string | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const playback = useRoomPlayback(roomId, lineId, reloadKey);
  // A recording the viewer chose from the room's record list plays instead of the room's replay.
  const [record, setRecord] = useState<string | null>(null);
  const replay = playback.status === LIVE_STATUS.ended ? (record ?? playback.replay) : playback.replay;
  const [machine, dispatch] = useReducer(playerReducer, INITIAL_PLAYER_STATE);
  // Another tab of this room plays: this one, in the background, stops its video.
  const { oneVideo, captions } = useSnapshot(viewerSettings);
  const yielded = usePlaybackYield(roomId, oneVideo);
  // Held back by another feature (delayed charging's price due): stopped as when yielded.
  const held = isHeld(useSnapshot(playbackHolds), roomId);
  const stopped = yielded || held;

  const rootRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const engineRef = useRef<PlaybackEngine | null>(null);
  const [nativeHls] = useState(() => hasNativeHls(document.createElement('video')));
  const mse = useMemo(() => hasMse(), []);

  const room = playback.room;
  const quality: QualityLevel = settings.quality ?? room?.defaultQuality ?? defaultDesktopQuality;
  const type: StreamType = settings.type ?? room?.defaultType ?? 'hls';
  const delay: DelayMode = settings.delay ?? DEFAULT_DELAY_MODE;
  // Start fetching the engine of the likely stream while the room info loads. Layout
  // effects here and below: they run at the commit, not after the paint and the rest of
  // the page's effects, which shortens the way to the first frame.
  useLayoutEffect(() => preloadEngine(mse ? (type === 'flv' ? 'mpegts' : 'hlsjs') : 'native'), [mse, type]);

  const target: PlayTarget | null = useMemo(
    () =>
      // The room's defaults (quality, player) come with the room info: wait for it (or its failure).
      playback.status === null || (room === null && !playback.failed)
        ? null
        : choosePlayTarget({ status: playback.status, line: playback.line, replay, quality, type, delay, mse, nativeHls }),
    [playback.status, playback.line, replay, playback.failed, room, quality, type, delay, mse, nativeHls],
  );

  // The room state and the settings choose what plays; the machine ignores a LOAD of the
  // source it already has. A live yielded to another tab stops (no download, no decoding)
  // and loads afresh, at its live edge, when this tab plays again.
  const yieldsLive = stopped && target?.kind === 'play' && target.live;
  useLayoutEffect(() => {
    if (target === null) return;
    if (yieldsLive) dispatch({ type: 'STOP' });
    else if (target.kind === 'wait') dispatch({ type: 'WAIT' });
    else if (target.kind === 'ended') dispatch({ type: 'ENDED' });
    else if (target.kind === 'unsupported') dispatch({ type: 'UNSUPPORTED' });
    else {
      const { engine, type: streamType, url, live, lineId: line, quality: level } = target;
      dispatch({ type: 'LOAD', source: { engine, type: streamType, url, live, delay, lineId: line, quality: level } });
    }
  }, [target, delay, yieldsLive]);
  // A replay yielded pauses where it is, and goes on from there.
  const yieldedReplay = useRef(false);
  useEffect(() => {
    const video = videoRef.current;
    if (video === null || target?.kind !== 'play' || target.live) return;
    if (stopped && !video.paused) {
      yieldedReplay.current = true;
      video.pause();
    } else if (!stopped && yieldedReplay.current) {
      yieldedReplay.current = false;
      void video.play().catch(() => undefined);
    }
  }, [stopped, target]);

  // Muted autoplay when the browser blocks sound; the viewer's mute is theirs.
  const [muted, setMuted] = useState(false);
  const [autoMuted, setAutoMuted] = useState(false);
  const [paused, setPaused] = useState(false);
  /** The viewer paused (not the element between loads): the stall watchdog rests. */
  const [userPaused, setUserPaused] = useState(false);
  const startPlayback = useCallback(async (video: HTMLVideoElement) => {
    try {
      await video.play();
    } catch (error) {
      if (!(error instanceof DOMException) || error.name !== 'NotAllowedError') return;
      video.muted = true;
      setMuted(true);
      setAutoMuted(true);
      await video.play().catch(() => undefined);
    }
  }, []);

  // One engine per load: a new loadId (new source, retry) replaces it.
  const { loadId, source } = machine;
  useLayoutEffect(() => {
    const video = videoRef.current;
    if (source === null || video === null) return;
    let cancelled = false;
    let engine: PlaybackEngine | null = null;
    createEngine(source.engine, video, { url: source.url, live: source.live, delay: source.delay }, {
      onError: (kind) => {
        if (!cancelled) dispatch({ type: 'ERROR', kind });
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
        if (!cancelled) dispatch({ type: 'ERROR', kind: 'network' });
      },
    );
    return () => {
      cancelled = true;
      engine?.destroy();
      engineRef.current = null;
    };
  }, [loadId, source, autoPlayer, startPlayback]);

  // The machine's phase for the <video> listeners: timeupdate comes four times a second, and
  // a dispatch re-renders this whole component even when the phase does not change
  // (useReducer has no early bailout), so a phase that PLAYING does not move gets nothing.
  const phaseRef = useRef(machine.phase);
  useEffect(() => {
    phaseRef.current = machine.phase;
  }, [machine.phase]);

  // <video> events feed the machine.
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
    const onWaiting = () => dispatch({ type: 'STALLED' });
    const onPause = () => setPaused(true);
    const onError = () => {
      // Engines report their own errors; a bare element error (native HLS) comes here too.
      if (engineRef.current?.name === 'native') dispatch({ type: 'ERROR', kind: 'media' });
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
  }, []);

  // Timers of the machine: the retry back-off and the stall watchdog.
  const { phase, attempt } = machine;
  useEffect(() => {
    if (phase === 'retrying') {
      const timer = setTimeout(() => dispatch({ type: 'RETRY_DUE' }), retryDelayMs(attempt));
      return () => clearTimeout(timer);
    }
    if ((phase === 'loading' || phase === 'stalled') && !userPaused) {
      const timer = setTimeout(() => dispatch({ type: 'ERROR', kind: 'network' }), STALL_TIMEOUT_MS);
      return () => clearTimeout(timer);
    }
    return undefined;
  }, [phase, attempt, loadId, userPaused]);

  // Latency and buffer, sampled while playing: on the root element (for measuring) and in
  // the debug overlay when it is open.
  const [figures, setFigures] = useState<Figures | null>(null);
  const debug = settings.debug;
  // How far behind its edge the live plays, against the least this load has seen; a new
  // load (source, line, retry) starts afresh.
  const [edgeState, setEdge] = useState<LiveEdgeState>(() => freshEdge(loadId));
  const edge = edgeState.loadId === loadId ? edgeState : freshEdge(loadId);
  const bestLatency = useRef<{ loadId: number; ms: number | null }>({ loadId, ms: null });
  const setPausedSinceEdge = (paused: boolean) => {
    // Back at the edge: the least latency is measured afresh from there.
    if (!paused) bestLatency.current = { loadId, ms: null };
    setEdge((current) => ({ ...(current.loadId === loadId ? current : freshEdge(loadId)), paused, ...(paused ? {} : { lagging: false }) }));
  };
  useEffect(() => {
    if (phase !== 'playing' && phase !== 'stalled') return;
    const sample = () => {
      const video = videoRef.current;
      const root = rootRef.current;
      if (video === null || root === null) return;
      const latency = engineRef.current?.latencyMs() ?? null;
      if (latency === null) root.removeAttribute('data-latency-ms');
      else root.setAttribute('data-latency-ms', String(Math.round(latency)));
      if (latency !== null && !video.paused) {
        // The least latency of this load, kept outside React; the player re-renders only
        // when the verdict "behind the live edge" changes, not at every sample.
        const best = bestLatency.current.loadId === loadId && bestLatency.current.ms !== null ? Math.min(bestLatency.current.ms, latency) : latency;
        bestLatency.current = { loadId, ms: best };
        const lagging = behindLive(latency, best, false);
        setEdge((edge) => {
          const own = edge.loadId === loadId ? edge : freshEdge(loadId);
          return own.lagging === lagging && own === edge ? edge : { ...own, lagging };
        });
      }
      if (debug) {
        const quality = video.getVideoPlaybackQuality?.();
        setFigures({
          engine: engineRef.current?.name ?? '-',
          latencyMs: latency,
          bufferMs: bufferAheadMs(video.buffered, video.currentTime),
          width: video.videoWidth,
          height: video.videoHeight,
          dropped: quality?.droppedVideoFrames ?? 0,
        });
      }
    };
    const timer = setInterval(sample, LATENCY_SAMPLE_MS);
    return () => clearInterval(timer);
  }, [phase, debug, loadId]);

  // Countdown to the start time while not started.
  const [now, setNow] = useState(() => Date.now());
  const waiting = phase === 'waiting';
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [waiting]);

  // Full screen and immersive mode.
  const [fullscreen, setFullscreen] = useState(false);
  const [immersive, setImmersive] = useState(false);
  const [audioOnly, setAudioOnly] = useState(false);
  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === rootRef.current && rootRef.current !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggleFullscreen = () => {
    const root = rootRef.current;
    if (root === null) return;
    if (document.fullscreenElement === root) void document.exitFullscreen().catch(() => undefined);
    else void root.requestFullscreen?.().catch(() => undefined);
  };
  const setImmersiveMode = (on: boolean) => setImmersive(on);
  useEffect(() => {
    if (!immersive) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setImmersive(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [immersive]);

  // The control bar shows on pointer movement, a tap or a key, and hides while the video
  // plays and the viewer is still (controlRules.controlsShown).
  const [lastActivity, setLastActivity] = useState(() => performance.now());
  const [idle, setIdle] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [focusWithin, setFocusWithin] = useState(false);
  const [pointerOnBar, setPointerOnBar] = useState(false);
  const wake = useCallback(() => {
    setLastActivity(performance.now());
    setIdle(false);
    setDismissed(false);
  }, []);
  useEffect(() => {
    const timer = setTimeout(() => setIdle(true), CONTROLS_IDLE_MS);
    return () => clearTimeout(timer);
  }, [lastActivity]);
  const playingNow = showsVideo(phase) && !paused;
  const shown = controlsShown({ playing: playingNow, idleMs: idle ? CONTROLS_IDLE_MS : 0, menuOpen, focusWithin, pointerOnBar, dismissed });

  const togglePlay = () => {
    const video = videoRef.current;
    if (video === null || !showsVideo(phase)) return;
    setUserPaused(!video.paused);
    if (video.paused) void startPlayback(video);
    else {
      video.pause();
      setPausedSinceEdge(true);
    }
  };
  const toggleMute = () => {
    const video = videoRef.current;
    if (video === null) return;
    video.muted = !video.muted;
    if (!video.muted && video.volume === 0) video.volume = 0.5;
    setMuted(video.muted);
    setVolume(video.volume);
    setAutoMuted(false);
  };
  const [volume, setVolume] = useState(1);
  const changeVolume = (value: number) => {
    const video = videoRef.current;
    if (video === null) return;
    video.volume = Math.min(1, Math.max(0, value));
    video.muted = value === 0;
    setVolume(video.volume);
    setMuted(video.muted);
    setAutoMuted(false);
  };
  const goLive = () => {
    const video = videoRef.current;
    const edgeTime = engineRef.current?.liveEdge() ?? null;
    if (video === null) return;
    if (edgeTime !== null) video.currentTime = edgeTime;
    setPausedSinceEdge(false);
    setUserPaused(false);
    if (video.paused) void startPlayback(video);
  };
  const toggleCaptions = () => setViewerSetting('captions', !viewerSettings.captions);

  const retry = () => {
    setReloadKey((k) => k + 1);
    dispatch({ type: 'USER_RETRY' });
  };

  const isLive = target?.kind === 'play' && target.live;
  const isReplay = target?.kind === 'play' && !target.live;
  const lineSwitchAllowed = playback.status === LIVE_STATUS.live;
  const lines = room?.lines ?? [];
  const currentLine = playback.line;
  const renditions = currentLine?.renditions ?? [];

  // A replay's position, for its seek bar.
  const [position, setPosition] = useState<{ current: number; duration: number } | null>(null);
  useEffect(() => {
    const video = videoRef.current;
    if (video === null || !isReplay) {
      setPosition(null);
      return;
    }
    const update = () => setPosition({ current: video.currentTime, duration: Number.isFinite(video.duration) ? video.duration : 0 });
    update();
    video.addEventListener('timeupdate', update);
    video.addEventListener('durationchange', update);
    video.addEventListener('seeked', update);
    return () => {
      video.removeEventListener('timeupdate', update);
      video.removeEventListener('durationchange', update);
      video.removeEventListener('seeked', update);
    };
  }, [isReplay, loadId]);
  const seek = (seconds: number) => {
    const video = videoRef.current;
    if (video !== null && Number.isFinite(seconds)) video.currentTime = seconds;
  };

  // Keyboard shortcuts (space or k, m, f, c) anywhere on the page but where the viewer types.
  const shortcutRef = useRef<(action: ShortcutAction) => void>(() => undefined);
  useEffect(() => {
    shortcutRef.current = (action) => {
      wake();
      if (action === 'togglePlay') togglePlay();
      else if (action === 'toggleMute') toggleMute();
      else if (action === 'toggleFullscreen') toggleFullscreen();
      else toggleCaptions();
    };
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const target = event.target instanceof Element ? event.target : null;
      const action = shortcutOf({
        key: event.key,
        ctrlKey: event.ctrlKey,
        altKey: event.altKey,
        metaKey: event.metaKey,
        repeat: event.repeat,
        targetEditable: target !== null && (target.matches('input, textarea, select, [contenteditable]:not([contenteditable="false"])') || target.closest('[contenteditable="true"]') !== null),
        targetActivates: target !== null && target.closest('button, a[href], summary, [role="button"], [role="tab"], [role^="menuitem"], [role="option"], [role="checkbox"], [role="radio"], [role="switch"]') !== null,
        dialogOpen: document.querySelector('dialog[open]') !== null,
      });
      if (action === null) return;
      event.preventDefault();
      shortcutRef.current(action);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // A portal that frames the viewer may play or pause it (src/app/embedBridge.ts), and is
  // told the player's state.
  const { command } = useSnapshot(embedControl);
  const handledCommand = useRef(embedControl.command?.seq ?? 0);
  useEffect(() => {
    if (command === null || command.seq === handledCommand.current) return;
    handledCommand.current = command.seq;
    const video = videoRef.current;
    if (video !== null && (command.kind === 'play') === video.paused) shortcutRef.current('togglePlay');
  }, [command]);
  useEffect(() => reportPlayerState({ roomId, phase, paused, muted }), [roomId, phase, paused, muted]);
  useEffect(() => reportLiveStatus(playback.status === null ? null : { roomId, status: playback.status }), [roomId, playback.status]);
  useEffect(
    () => () => {
      reportPlayerState(null);
      reportLiveStatus(null);
    },
    [],
  );

  // On the picture: a mouse click plays or pauses, a double click toggles full screen, a tap
  // shows the bar or puts it away.
  const onSurfacePointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.pointerType === 'mouse') {
      wake();
      togglePlay();
    } else if (shown && playingNow) setDismissed(true);
    else wake();
  };

  const controlActions: ControlBarActions = {
    togglePlay,
    toggleMute,
    setVolume: changeVolume,
    seek,
    goLive,
    setQuality: (value) => setPlayerSetting('quality', value),
    setDelay: (value) => setPlayerSetting('delay', value),
    setType: (value) => setPlayerSetting('type', value),
    setLine: setLineId,
    toggleAudioOnly: () => setAudioOnly((v) => !v),
    toggleImmersive: () => setImmersiveMode(!immersive),
    toggleFullscreen,
    toggleCaptions,
    toggleDebug: () => setPlayerSetting('debug', !debug),
    menuOpenChanged: setMenuOpen,
  };

  // What plays and what the line offers, for the settings panel (it shares the settings store).
  useEffect(() => {
    const playing = target?.kind === 'play' ? target : null;
    const line = playing?.live ? currentLine : null;
    const hls = line !== null && (line.hls !== null || line.renditions.some((r) => r.hls !== null));
    const flv = line !== null && mse && line.renditions.some((r) => r.flv !== null);
    publishPlayerOffer({
      mode: playing === null ? 'none' : playing.live ? 'live' : 'replay',
      qualities: line?.renditions.map((r) => r.id) ?? [],
      types: [...(hls ? (['hls'] as const) : []), ...(flv ? (['flv'] as const) : [])],
      quality: playing?.quality ?? null,
      type: playing?.type ?? null,
    });
  }, [target, currentLine, mse]);
  useEffect(() => () => publishPlayerOffer(EMPTY_PLAYER_OFFER), []);

  return (
    <>
      <div
        ref={rootRef}
        className={[
          'player',
          immersive ? 'player--immersive' : '',
          fullscreen ? 'player--fullscreen' : '',
          audioOnly ? 'player--audio-only' : '',
          shown ? '' : 'player--controls-hidden',
        ]
          .filter(Boolean)
          .join(' ')}
        data-phase={phase}
        data-yielded={yielded ? 'true' : undefined}
        data-mode={isReplay ? 'replay' : isLive ? 'live' : 'none'}
        data-type={target?.kind === 'play' ? target.type : undefined}
        data-line={target?.kind === 'play' ? (target.lineId ?? undefined) : undefined}
        data-quality={target?.kind === 'play' ? (target.quality ?? undefined) : undefined}
        role="region"
        aria-label={t('player.label')}
        onPointerMove={(event) => {
          if (event.pointerType === 'mouse') wake();
        }}
        onPointerLeave={(event) => {
          // A mouse leaving the player puts the bar away; a finger lifted also "leaves", and must not.
          if (event.pointerType === 'mouse') setIdle(true);
        }}
        onFocus={(event) => {
          // The keyboard's focus keeps the bar; a button the mouse just clicked does not.
          if (event.target.closest('.player__controls') !== null && event.target.matches(':focus-visible')) setFocusWithin(true);
          wake();
        }}
        onBlur={(event) => {
          if (!(event.relatedTarget instanceof Node) || event.relatedTarget.closest('.player__controls') === null) setFocusWithin(false);
        }}
      >
        <video
          ref={videoRef}
          className="player__video"
          playsInline
          muted={muted}
          poster={room?.coverUrl ?? undefined}
          hidden={!showsVideo(phase) && phase !== 'failed'}
        />
        {audioOnly && showsVideo(phase) && <div className="player__audio-only">{t('player.audioOnlyOn')}</div>}
        {showsVideo(phase) && (
          <div
            className="player__surface"
            data-testid="player-surface"
            onPointerUp={onSurfacePointerUp}
            onDoubleClick={(event) => {
              if (event.target === event.currentTarget) toggleFullscreen();
            }}
          />
        )}

        {phase === 'waiting' && (
          <Cover url={room?.coverUrl ?? null}>
            {playback.status === LIVE_STATUS.preparing ? (
              <p>{t('player.preparing')}</p>
            ) : playback.status === LIVE_STATUS.notStarted ? (
              <>
                <p>{t('player.notStarted')}</p>
                <Countdown ms={countdownMs(room?.startTime ?? null, now)} />
              </>
            ) : (
              <p>{t('player.noSource')}</p>
            )}
          </Cover>
        )}
        {yieldsLive && (
          <Cover url={room?.coverUrl ?? null}>
            {/* Held back by another feature (its own layer says why), or playing in another tab. */}
            {yielded && <p>{t('player.yielded')}</p>}
          </Cover>
        )}
        {(phase === 'idle' || phase === 'loading') && !yieldsLive && (
          <div className="player__notice player__notice--overlay" role="status">
            {playback.failed ? (
              <>
                <p>{t('player.loadFailed')}</p>
                <button type="button" className="button" onClick={retry}>
                  {t('player.retry')}
                </button>
              </>
            ) : (
              <p>{t('player.loading')}</p>
            )}
          </div>
        )}
        {phase === 'stalled' && (
          <div className="player__notice player__notice--overlay" role="status">
            <p>{t('player.buffering')}</p>
          </div>
        )}
        {phase === 'retrying' && (
          <div className="player__notice player__notice--overlay" role="status">
            <p>{t('player.retrying', { attempt, max: MAX_RETRIES })}</p>
          </div>
        )}
        {phase === 'failed' && (
          <div className="player__notice player__notice--overlay" role="alert">
            <p>{t('player.loadFailed')}</p>
            <button type="button" className="button button--primary" onClick={retry}>
              {t('player.retry')}
            </button>
          </div>
        )}
        {phase === 'unsupported' && (
          <div className="player__notice player__notice--overlay" role="alert">
            <p>{delay === 'noDelay' ? t('player.noDelayUnsupported') : t('player.unsupported')}</p>
            {delay === 'noDelay' && (
              <button type="button" className="button" onClick={() => setPlayerSetting('delay', 'lowDelay')}>
                {t('player.useLowDelay')}
              </button>
            )}
          </div>
        )}
        {phase === 'ended' && (
          <Cover url={room?.coverUrl ?? null}>
            <p>{t('player.ended')}</p>
          </Cover>
        )}

        {autoMuted && muted && (
          <button type="button" className="button button--primary player__unmute" onClick={toggleMute}>
            {t('player.tapToUnmute')}
          </button>
        )}

        {debug && (
          <dl className="player__debug" aria-label={t('player.debug')}>
            <dt>{t('player.engine')}</dt>
            <dd>{figures?.engine ?? '-'}</dd>
            <dt>{t('player.latency')}</dt>
            <dd data-testid="player-latency">{figures?.latencyMs == null ? '-' : t('player.ms', { value: Math.round(figures.latencyMs) })}</dd>
            <dt>{t('player.buffer')}</dt>
            <dd>{figures === null ? '-' : t('player.ms', { value: Math.round(figures.bufferMs) })}</dd>
            <dt>{t('player.resolution')}</dt>
            <dd>{figures === null ? '-' : `${figures.width}×${figures.height}`}</dd>
            <dt>{t('player.dropped')}</dt>
            <dd>{figures?.dropped ?? 0}</dd>
          </dl>
        )}

        <div onPointerEnter={() => setPointerOnBar(true)} onPointerLeave={() => setPointerOnBar(false)}>
          <ControlBar
            state={{
              shown,
              mode: isReplay ? 'replay' : isLive ? 'live' : 'none',
              canPlay: showsVideo(phase),
              paused,
              muted,
              volume,
              behindLive: isLive === true && (edge.paused || edge.lagging),
              position: isReplay ? position : null,
              qualities: isLive ? renditions : [],
              quality: target?.kind === 'play' ? target.quality : null,
              delay,
              type,
              lines,
              lineId: currentLine?.id ?? lineId,
              lineSwitchAllowed,
              audioOnly,
              immersive,
              fullscreen,
              captions,
              debug,
            }}
            actions={controlActions}
          />
        </div>
      </div>
      {playback.status === LIVE_STATUS.ended && <ReplayRecords roomId={roomId} playing={record} onChoose={setRecord} />}
    </>
  );
}

interface LiveEdgeState {
  readonly loadId: number;
  /** The live plays more than BEHIND_LIVE_MS behind the least latency of this load. */
  readonly lagging: boolean;
  /** The viewer paused the live since it was last at its edge. */
  readonly paused: boolean;
}

const freshEdge = (loadId: number): LiveEdgeState => ({ loadId, lagging: false, paused: false });

/** The room's cover over the player's area, with a status note (not started, elsewhere, ended). */
function Cover({ url, children }: { readonly url: string | null; readonly children: ReactNode }) {
  return (
    <div className="player__cover">
      {url && <img className="player__cover-image" src={url} alt="" />}
      <div className="player__notice" role="status">
        {children}
      </div>
    </div>
  );
}

function Countdown({ ms }: { readonly ms: number | null }) {
  const { t } = useTranslation();
  if (ms === null || ms <= 0) return null;
  const { days, time } = countdownText(ms);
  return <p className="player__countdown">{days > 0 ? t('player.startsInDays', { days, time }) : t('player.startsIn', { time })}</p>;
}
