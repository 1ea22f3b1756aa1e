/**
 * The player of the video page (/live/video/{id}): the live stream (HLS through hls.js or
 * FLV through mpegts.js, each loaded only when it plays) or the replay once the live has
 * ended, with quality, delay mode, player choice, lines, full screen, audio only,
 * immersive mode, muted autoplay with an unmute control, the not-started and preparing
 * states, recovery from errors and a debug overlay showing the live latency.
 *
 * The flow is the state machine of playerMachine.ts. This component only composes the
 * hooks that feed it (usePlayTarget: what to play; usePlayerEngine: the engine, the
 * element's events and the machine's timers) and those around it (sound, live edge,
 * screen modes, controls, shortcuts, the embedding page, the settings panel's offer), and
 * shows the phase.
 */
import { useRef, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { LIVE_STATUS, type QualityLevel } from '../../domain/constants';
import { playerSettings, setPlayerSetting } from '../../state/playerSettings';
import { session } from '../../state/session';
import { setViewerSetting, viewerSettings } from '../../state/viewerSettings';
import { offeredWatchModes, playsAudioTrack, setWatchMode, watchModeOf, watchModes, type WatchMode } from '../../state/watchMode';
import { ControlBar, type ControlBarActions } from './ControlBar';
import { PlayerDebug, PlayerNotices, PlayerStatusLine } from './PlayerNotices';
import { ReplayRecords } from './ReplayRecords';
import type { ShortcutAction } from './controlRules';
import { hasMse, preloadEngine } from './engine';
import { showsVideo } from './playerMachine';
import { useControlsVisibility } from './useControlsVisibility';
import { useEmbedReporting } from './useEmbedReporting';
import { useLiveEdge } from './useLiveEdge';
import { useFreezeFrame } from './useFreezeFrame';
import { useLiveRewind } from './useLiveRewind';
import { flvRewindWindow, useFlvRewind } from './useFlvRewind';
import { useLadderFeed, useStreamLadder } from './useStreamLadder';
import { usePlayerEngine } from './usePlayerEngine';
import { usePlayerOffer } from './usePlayerOffer';
import { usePlayerShortcuts } from './usePlayerShortcuts';
import { usePlayTarget } from './usePlayTarget';
import { useReplayPosition } from './useReplayPosition';
import { useReplayTimeline } from './useReplayTimeline';
import { useScreenModes } from './useScreenModes';
import { usePictureInPicture } from './usePictureInPicture';
import { useSound } from './useSound';
import './player.css';

export interface PlayerProps {
  readonly roomId: string;
  /** Laid over the video in full screen and immersive mode, where the page's chat is out of sight (the app passes the chat's overlay). */
  readonly fullscreenOverlay?: ReactNode;
  /** Beside the video in a Document Picture-in-Picture window (the app passes the chat's overlay). */
  readonly pictureInPictureChat?: ReactNode;
}

/** The rewind bar's last seconds are the live itself: moving there goes back to live. */
const REWIND_EDGE_S = 3;

// This chunk loads only for the video page: fetch the engine of the viewer's last choice
// along with it (HLS unless they chose FLV), instead of after the first render.
if (hasMse()) preloadEngine(playerSettings.type === 'flv' ? 'mpegts' : 'hlsjs');

export function Player({ roomId, fullscreenOverlay, pictureInPictureChat }: PlayerProps) {
  const { t } = useTranslation();
  const { debug } = useSnapshot(playerSettings);
  // SPEC session field: autoplay where the browser allows it.
  const { autoPlayer, autoDelayThreshold } = useSnapshot(session);
  const { captions } = useSnapshot(viewerSettings);
  const rootRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);

  const sound = useSound(videoRef);
  const { machine, dispatch, engineRef, paused, userPaused, setUserPaused } = usePlayerEngine({ videoRef, rootRef, autoPlayer, startPlayback: sound.startPlayback });
  const { phase, attempt, loadId, seekStall } = machine;
  const [ladder, ladderDispatch] = useStreamLadder();
  const modes = useSnapshot(watchModes);
  const watchMode = watchModeOf(modes, roomId);
  // The ways of watching on offer (slides only while a document is shared), and the one chosen.
  const offeredModes = offeredWatchModes(modes, roomId);
  const watchChoices = offeredModes.includes(watchMode) ? offeredModes : [...offeredModes, watchMode];
  const flvRewind = useFlvRewind(videoRef, loadId);
  const { playback, target, type, delay, mse, yielded, yieldsLive, lineId, setLineId, cameras, cameraId, setCameraId, record, setRecord, reload, wantedQuality, hlsPlays } = usePlayTarget(roomId, dispatch, videoRef, {
    ladder,
    watchMode,
    rewindOnHls: flvRewind.onHls,
  });
  const room = playback.room;
  const currentLine = playback.line;
  const isLive = target?.kind === 'play' && target.live;
  const isReplay = target?.kind === 'play' && !target.live;
  useLadderFeed(ladder, ladderDispatch, { phase, target, line: currentLine, lines: room?.lines ?? [], wanted: wantedQuality, hlsPlays, userPaused, seekStall });

  const edge = useLiveEdge({ videoRef, rootRef, engineRef, phase, loadId, debug, live: isLive, type: target?.kind === 'play' ? target.type : type, delay, jumpAfterMs: autoDelayThreshold, behindByChoice: flvRewind.movedLoad === loadId });
  const screen = useScreenModes(rootRef);
  const pip = usePictureInPicture(videoRef);
  const playingNow = showsVideo(phase) && !paused;
  const controls = useControlsVisibility(playingNow);
  const rewindSeconds = currentLine?.rewindSeconds ?? 0;
  const hlsRewind = useLiveRewind(videoRef, isLive && target.type === 'hls' && rewindSeconds > 0 && controls.shown, loadId);
  // An FLV live rewinds through its line's HLS (useFlvRewind), where HLS can play here.
  const flvRewindable = isLive && target.type === 'flv' && hlsPlays && currentLine !== null && (currentLine.hls !== null || currentLine.renditions.some((r) => r.hls !== null));
  const rewind = flvRewindable ? (controls.shown ? flvRewindWindow(rewindSeconds) : null) : hlsRewind;
  const audioTrack = playsAudioTrack(watchMode);
  const freezeFrame = useFreezeFrame(videoRef, phase);
  const chooseWatchMode = (mode: WatchMode) => setWatchMode(roomId, mode);
  // The room's own replay starts when its last session went live; a chosen recording says when its did.
  const recordingStart = record !== null ? record.startedAt : (room?.startTime ?? null);
  const playingRecording = target?.kind === 'play' && !target.live ? target.url : null;
  const position = useReplayPosition(videoRef, playingRecording === null ? null : { roomId, recording: playingRecording, startedAt: recordingStart }, loadId);
  const markers = useReplayTimeline(videoRef, roomId, playingRecording, recordingStart, position?.duration ?? 0);
  usePlayerOffer(target, currentLine, mse);

  const togglePlay = () => {
    const video = videoRef.current;
    if (video === null || !showsVideo(phase)) return;
    setUserPaused(!video.paused);
    if (video.paused) void sound.startPlayback(video);
    else {
      video.pause();
      edge.setPausedSinceEdge(true);
    }
  };
  const goLive = () => {
    const video = videoRef.current;
    const edgeTime = engineRef.current?.liveEdge() ?? null;
    if (video === null) return;
    if (flvRewind.onHls) {
      // Back to FLV, which loads at its edge.
      flvRewind.leave();
      edge.setPausedSinceEdge(false);
      setUserPaused(false);
      return;
    }
    if (edgeTime !== null) video.currentTime = edgeTime;
    edge.setPausedSinceEdge(false);
    setUserPaused(false);
    if (video.paused) void sound.startPlayback(video);
  };
  const seek = (seconds: number) => {
    const video = videoRef.current;
    if (video === null || !Number.isFinite(seconds)) return;
    video.currentTime = seconds;
  };
  /** Live rewind: back within the window, behind the edge by choice until "back to live" (or the bar's end). */
  const rewindTo = (seconds: number) => {
    if (rewind !== null && seconds >= rewind.end - REWIND_EDGE_S) {
      goLive();
      return;
    }
    if (flvRewindable && rewind !== null) {
      flvRewind.goBack(rewind.end - seconds);
      return;
    }
    seek(seconds);
    edge.setPausedSinceEdge(true);
  };
  const toggleCaptions = () => setViewerSetting('captions', !viewerSettings.captions);
  const retry = () => {
    reload();
    dispatch({ type: 'USER_RETRY' });
  };

  const shortcut = (action: ShortcutAction) => {
    controls.wake();
    if (action === 'togglePlay') togglePlay();
    else if (action === 'toggleMute') sound.toggleMute();
    else if (action === 'toggleFullscreen') screen.toggleFullscreen();
    else toggleCaptions();
  };
  usePlayerShortcuts(shortcut);
  useEmbedReporting(
    { roomId, phase, paused, muted: sound.muted, status: playback.status },
    () => videoRef.current?.paused ?? null,
    () => shortcut('togglePlay'),
  );

  // On the picture: a mouse click plays or pauses, a double click toggles full screen, a tap
  // shows the bar or puts it away.
  const onSurfacePointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.pointerType === 'mouse') {
      controls.wake();
      togglePlay();
    } else if (controls.shown && playingNow) controls.dismiss();
    else controls.wake();
  };

  const controlActions: ControlBarActions = {
    togglePlay,
    toggleMute: sound.toggleMute,
    setVolume: sound.changeVolume,
    seek,
    goLive,
    rewind: rewindTo,
    // A choice by hand rules: the weak-network ladder starts again from it.
    setQuality: (value) => {
      ladderDispatch({ type: 'CHOSEN' });
      setPlayerSetting('quality', value);
    },
    setDelay: (value) => setPlayerSetting('delay', value),
    setType: (value) => {
      ladderDispatch({ type: 'CHOSEN' });
      flvRewind.leave();
      setPlayerSetting('type', value);
    },
    setLine: (value) => {
      ladderDispatch({ type: 'CHOSEN' });
      flvRewind.leave();
      setLineId(value);
    },
    setCamera: setCameraId,
    setWatchMode: chooseWatchMode,
    toggleImmersive: screen.toggleImmersive,
    toggleFullscreen: screen.toggleFullscreen,
    togglePictureInPicture: pip.toggle,
    toggleCaptions,
    toggleDebug: () => setPlayerSetting('debug', !debug),
    menuOpenChanged: controls.setMenuOpen,
  };

  return (
    <>
      <div
        ref={rootRef}
        className={[
          'player',
          screen.immersive ? 'player--immersive' : '',
          screen.fullscreen ? 'player--fullscreen' : '',
          audioTrack ? 'player--audio-only' : '',
          watchMode === 'chat' ? 'player--chat-only' : '',
          controls.shown ? '' : 'player--controls-hidden',
        ]
          .filter(Boolean)
          .join(' ')}
        data-phase={phase}
        data-yielded={yielded ? 'true' : undefined}
        data-mode={isReplay ? 'replay' : isLive ? 'live' : 'none'}
        data-type={target?.kind === 'play' ? target.type : undefined}
        data-line={target?.kind === 'play' ? (target.lineId ?? undefined) : undefined}
        data-camera={isLive ? (cameraId ?? undefined) : undefined}
        data-quality={target?.kind === 'play' ? (target.quality ?? undefined) : undefined}
        data-watch-mode={watchMode}
        data-seek-track={(isLive && rewind !== null) || (isReplay && position !== null) ? 'true' : undefined}
        data-audio-track={target?.kind === 'play' && target.audio ? 'true' : undefined}
        role="region"
        aria-label={t('player.label')}
        onPointerMove={(event) => {
          if (event.pointerType === 'mouse') controls.wake();
        }}
        onPointerLeave={(event) => {
          // A mouse leaving the player puts the bar away; a finger lifted also "leaves", and must not.
          if (event.pointerType === 'mouse') controls.leave();
        }}
        onFocus={(event) => {
          // The keyboard's focus keeps the bar; a button the mouse just clicked does not.
          if (event.target.closest('.player__controls') !== null && event.target.matches(':focus-visible')) controls.setFocusWithin(true);
          controls.wake();
        }}
        onBlur={(event) => {
          if (!(event.relatedTarget instanceof Node) || event.relatedTarget.closest('.player__controls') === null) controls.setFocusWithin(false);
        }}
      >
        <video
          ref={videoRef}
          className="player__video"
          playsInline
          muted={sound.muted}
          poster={room?.coverUrl ?? undefined}
          hidden={!showsVideo(phase) && phase !== 'failed'}
        />
        {showsVideo(phase) && <canvas ref={freezeFrame} className="player__freeze" aria-hidden="true" />}
        {audioTrack && showsVideo(phase) && <div className="player__audio-only">{t(watchMode === 'slides' ? 'player.slidesOnlyOn' : 'player.audioOnlyOn')}</div>}
        {showsVideo(phase) && (
          <div
            className="player__surface"
            data-testid="player-surface"
            onPointerUp={onSurfacePointerUp}
            onDoubleClick={(event) => {
              if (event.target === event.currentTarget) screen.toggleFullscreen();
            }}
          />
        )}

        <PlayerNotices
          phase={phase}
          attempt={attempt}
          status={playback.status}
          coverUrl={room?.coverUrl ?? null}
          startTime={room?.startTime ?? null}
          failed={playback.failed}
          yielded={yielded}
          yieldsLive={yieldsLive}
          delay={delay}
          onRetry={retry}
          onLowDelay={() => setPlayerSetting('delay', 'lowDelay')}
          error={machine.error}
          exhausted={ladder.exhausted}
          chatOnly={watchMode === 'chat'}
          onWatchVideo={() => chooseWatchMode('video')}
        />
        <PlayerStatusLine
          offline={(phase === 'retrying' || phase === 'loading') && machine.error === 'offline'}
          change={ladder.change}
          offerModes={ladder.offerModes && watchMode === 'video'}
          cannotKeepUp={isLive && edge.cannotKeepUp && !edge.behind}
          targetMs={edge.targetMs}
          qualityLabel={(quality: QualityLevel) => currentLine?.renditions.find((r) => r.id === quality)?.labelKey ?? `quality.${quality}`}
          lineNumber={(id: string) => (room?.lines.findIndex((l) => l.id === id) ?? -1) + 1}
          onWatchMode={chooseWatchMode}
          modes={watchChoices.filter((m) => m !== 'video')}
        />

        {sound.autoMuted && sound.muted && (
          <button type="button" className="button button--primary player__unmute" onClick={sound.toggleMute}>
            {t('player.tapToUnmute')}
          </button>
        )}

        {debug && <PlayerDebug figures={edge.figures} />}

        {pip.chatHost !== null && (
          // The picture's place while the video plays in its window: it keeps the player's
          // height, and its button brings the video back.
          <div className="player__pip-place">
            <button type="button" className="button" onClick={pip.toggle}>
              {t('player.exitPictureInPicture')}
            </button>
          </div>
        )}
        {(screen.fullscreen || screen.immersive) && fullscreenOverlay}
        {pip.chatHost !== null && pictureInPictureChat !== undefined && createPortal(pictureInPictureChat, pip.chatHost)}

        <div onPointerEnter={() => controls.setPointerOnBar(true)} onPointerLeave={() => controls.setPointerOnBar(false)}>
          <ControlBar
            state={{
              shown: controls.shown,
              mode: isReplay ? 'replay' : isLive ? 'live' : 'none',
              canPlay: showsVideo(phase),
              paused,
              muted: sound.muted,
              volume: sound.volume,
              behindLive: isLive && edge.behind,
              latency: isLive ? edge.latency : null,
              latencyTargetMs: edge.targetMs,
              cannotKeepUp: isLive && edge.cannotKeepUp,
              rewind: isLive ? rewind : null,
              position: isReplay ? position : null,
              markers: isReplay ? markers : [],
              qualities: isLive ? (currentLine?.renditions ?? []) : [],
              quality: target?.kind === 'play' ? target.quality : null,
              delay,
              type,
              lines: room?.lines ?? [],
              lineId: currentLine?.id ?? lineId,
              lineSwitchAllowed: playback.status === LIVE_STATUS.live,
              cameras: cameras.cameras,
              cameraId,
              watchMode,
              watchModes: watchChoices,
              immersive: screen.immersive,
              fullscreen: screen.fullscreen,
              pictureInPicture: { available: pip.available, active: pip.active },
              captions,
              debug,
            }}
            actions={controlActions}
          />
        </div>
      </div>
      {playback.status === LIVE_STATUS.ended && <ReplayRecords roomId={roomId} playing={record?.url ?? null} onChoose={setRecord} />}
    </>
  );
}
