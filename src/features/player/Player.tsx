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
import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { DELAY_MODES, LIVE_STATUS, type DelayMode, type QualityLevel } from '../../domain/constants';
import { DEFAULT_DELAY_MODE, EMPTY_PLAYER_OFFER, playerSettings, publishPlayerOffer, setPlayerSetting } from '../../state/playerSettings';
import { session } from '../../state/session';
import { viewerSettings } from '../../state/viewerSettings';
import { createEngine, hasMse, hasNativeHls, preloadEngine, type PlaybackEngine } from './engine';
import { bufferAheadMs } from './latency';
import { INITIAL_PLAYER_STATE, MAX_RETRIES, playerReducer, retryDelayMs, showsVideo } from './playerMachine';
import { choosePlayTarget, countdownMs, countdownParts, type PlayTarget, type StreamType } from './sources';
import { usePlaybackYield } from './usePlaybackYield';
import { useRoomPlayback } from './useRoomPlayback';
import './player.css';

export interface PlayerProps {
  readonly roomId: string;
}

/** A source that loads or stalls this long without playing counts as a network error. */
export const STALL_TIMEOUT_MS = 12_000;
const LATENCY_SAMPLE_MS = 500;
const IMMERSIVE_HIDE_MS = 2500;
const FIRST_FRAME_MARK = 'player:first-frame';

interface Figures {
  readonly engine: string;
  readonly latencyMs: number | null;
  readonly bufferMs: number;
  readonly width: number;
  readonly height: number;
  readonly dropped: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

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
  const [machine, dispatch] = useReducer(playerReducer, INITIAL_PLAYER_STATE);
  // Another tab of this room plays: this one, in the background, stops its video.
  const { oneVideo } = useSnapshot(viewerSettings);
  const yielded = usePlaybackYield(roomId, oneVideo);

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
        : choosePlayTarget({ status: playback.status, line: playback.line, replay: playback.replay, quality, type, delay, mse, nativeHls }),
    [playback.status, playback.line, playback.replay, playback.failed, room, quality, type, delay, mse, nativeHls],
  );

  // The room state and the settings choose what plays; the machine ignores a LOAD of the
  // source it already has. A live yielded to another tab stops (no download, no decoding)
  // and loads afresh, at its live edge, when this tab plays again.
  const yieldsLive = yielded && target?.kind === 'play' && target.live;
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
    if (yielded && !video.paused) {
      yieldedReplay.current = true;
      video.pause();
    } else if (!yielded && yieldedReplay.current) {
      yieldedReplay.current = false;
      void video.play().catch(() => undefined);
    }
  }, [yielded, target]);

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
      if (!video.paused && video.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA) dispatch({ type: 'PLAYING' });
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
  useEffect(() => {
    if (phase !== 'playing' && phase !== 'stalled') return;
    const sample = () => {
      const video = videoRef.current;
      const root = rootRef.current;
      if (video === null || root === null) return;
      const latency = engineRef.current?.latencyMs() ?? null;
      if (latency === null) root.removeAttribute('data-latency-ms');
      else root.setAttribute('data-latency-ms', String(Math.round(latency)));
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
  }, [phase, debug]);

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
  const [controlsHidden, setControlsHidden] = useState(false);
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
  // Immersive: the player fills the window and its controls hide while the pointer rests.
  const [pointerMoves, setPointerMoves] = useState(0);
  const showControls = () => {
    setControlsHidden(false);
    setPointerMoves((n) => n + 1);
  };
  const setImmersiveMode = (on: boolean) => {
    setImmersive(on);
    setControlsHidden(false);
  };
  useEffect(() => {
    if (!immersive) return;
    const timer = setTimeout(() => setControlsHidden(true), IMMERSIVE_HIDE_MS);
    return () => clearTimeout(timer);
  }, [immersive, pointerMoves]);
  useEffect(() => {
    if (!immersive) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setImmersive(false);
      setControlsHidden(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [immersive]);

  const togglePlay = () => {
    const video = videoRef.current;
    if (video === null) return;
    setUserPaused(!video.paused);
    if (video.paused) void startPlayback(video);
    else video.pause();
  };
  const toggleMute = () => {
    const video = videoRef.current;
    if (video === null) return;
    video.muted = !video.muted;
    setMuted(video.muted);
    setAutoMuted(false);
  };
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
  const onSelect = <T extends string>(apply: (value: T) => void) => (event: ChangeEvent<HTMLSelectElement>) => apply(event.target.value as T);

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
    <div
      ref={rootRef}
      className={[
        'player',
        immersive ? 'player--immersive' : '',
        fullscreen ? 'player--fullscreen' : '',
        audioOnly ? 'player--audio-only' : '',
        controlsHidden ? 'player--controls-hidden' : '',
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
      onPointerMove={immersive ? showControls : undefined}
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
          <p>{t('player.yielded')}</p>
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

      <div className="player__controls">
        <span className={`player__badge player__badge--${isReplay ? 'replay' : 'live'}`}>{isReplay ? t('player.replay') : t('player.live')}</span>
        <button type="button" className="player__button" onClick={togglePlay} disabled={!showsVideo(phase)}>
          {paused ? t('player.play') : t('player.pause')}
        </button>
        <button type="button" className="player__button" onClick={toggleMute} aria-pressed={muted}>
          {muted ? t('player.unmute') : t('player.mute')}
        </button>
        {isLive && renditions.length > 0 && (
          <label className="player__select">
            <span>{t('player.quality')}</span>
            <select value={target.quality ?? ''} onChange={onSelect<QualityLevel>((v) => setPlayerSetting('quality', v))}>
              {renditions.map((r) => (
                <option key={r.id} value={r.id}>
                  {t(r.labelKey)}
                </option>
              ))}
            </select>
          </label>
        )}
        {!isReplay && (
          <label className="player__select">
            <span>{t('player.delay')}</span>
            <select value={delay} onChange={onSelect<DelayMode>((v) => setPlayerSetting('delay', v))}>
              {DELAY_MODES.map((mode) => (
                <option key={mode} value={mode}>
                  {t(`delayMode.${mode}`)}
                </option>
              ))}
            </select>
          </label>
        )}
        {!isReplay && (
          <label className="player__select">
            <span>{t('player.playerType')}</span>
            <select value={type} onChange={onSelect<StreamType>((v) => setPlayerSetting('type', v))}>
              <option value="hls">{t('player.hls')}</option>
              <option value="flv">{t('player.flv')}</option>
            </select>
          </label>
        )}
        {!isReplay && lines.length > 1 && (
          <label className="player__select" title={lineSwitchAllowed ? undefined : t('player.lineLocked')}>
            <span>{t('player.line')}</span>
            <select value={currentLine?.id ?? lineId ?? ''} disabled={!lineSwitchAllowed} onChange={onSelect<string>(setLineId)}>
              {lines.map((line, index) => (
                <option key={line.id} value={line.id}>
                  {t('player.lineName', { n: index + 1 })}
                </option>
              ))}
            </select>
          </label>
        )}
        <button type="button" className="player__button" aria-pressed={audioOnly} onClick={() => setAudioOnly((v) => !v)}>
          {audioOnly ? t('player.showVideo') : t('player.audioOnly')}
        </button>
        <button type="button" className="player__button" aria-pressed={immersive} onClick={() => setImmersiveMode(!immersive)}>
          {immersive ? t('player.exitImmersive') : t('player.immersive')}
        </button>
        <button type="button" className="player__button" aria-pressed={fullscreen} onClick={toggleFullscreen}>
          {fullscreen ? t('player.exitFullscreen') : t('player.fullscreen')}
        </button>
        <button type="button" className="player__button" aria-pressed={debug} onClick={() => setPlayerSetting('debug', !debug)}>
          {t('player.debug')}
        </button>
      </div>
    </div>
  );
}

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
  const { days, hours, minutes, seconds } = countdownParts(ms);
  const time = `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
  return <p className="player__countdown">{days > 0 ? t('player.startsInDays', { days, time }) : t('player.startsIn', { time })}</p>;
}
