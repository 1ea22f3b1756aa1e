/**
 * The player's control bar, laid over the bottom of the video: play or pause, the live badge
 * (which takes a live that fell behind back to its edge), volume, a replay's position, then
 * the live's latency, captions, the camera (a room with several camera streams), definition,
 * a settings menu (delay mode with its target, player, line, the way of watching: video,
 * audio only, slides only, chat only; debug figures), immersive mode and full screen. A
 * live with a rewind window has a seek bar too: back within it, then "back to live". Choices are real menus (ui/MenuButton). The
 * player decides when it shows (controlRules.controlsShown) and owns every value; this only
 * draws them and reports the viewer's choices.
 */
import { useTranslation } from 'react-i18next';
import { DELAY_MODES, type DelayMode, type QualityLevel } from '../../domain/constants';
import { latencySeconds, latencyTargetMs, targetSeconds } from '../../domain/liveLatency';
import type { WatchMode } from '../../state/watchMode';
import { MenuButton, type MenuChoice } from '../../ui/MenuButton';
import { clockText } from './controlRules';
import { Icon } from './icons';
import type { StreamType } from './sources';
import { useLatency, type LatencyStore } from './useLiveEdge';
import type { LiveRewindWindow } from './useLiveRewind';
import type { SeekMarker } from './useReplayTimeline';

export interface ControlBarState {
  readonly shown: boolean;
  readonly mode: 'live' | 'replay' | 'none';
  readonly canPlay: boolean;
  readonly paused: boolean;
  readonly muted: boolean;
  readonly volume: number;
  readonly behindLive: boolean;
  /** A live's latency behind its edge (null: not a live). */
  readonly latency: LatencyStore | null;
  readonly latencyTargetMs: number;
  /** The live lags its target and cannot catch up. */
  readonly cannotKeepUp: boolean;
  /** A live's rewind window (null: none, or not shown). */
  readonly rewind: LiveRewindWindow | null;
  /** A replay's position and length in seconds. */
  readonly position: { readonly current: number; readonly duration: number } | null;
  /** A replay's moments on its seek bar (chapters, notices, interactions). */
  readonly markers: readonly SeekMarker[];
  readonly qualities: readonly { readonly id: QualityLevel; readonly labelKey: string }[];
  readonly quality: QualityLevel | null;
  readonly delay: DelayMode;
  readonly type: StreamType;
  readonly lines: readonly { readonly id: string }[];
  readonly lineId: string | null;
  readonly lineSwitchAllowed: boolean;
  /** The room's camera streams; a menu only when there are several. */
  readonly cameras: readonly { readonly id: string; readonly name: string }[];
  readonly cameraId: string | null;
  readonly watchMode: WatchMode;
  /** The ways of watching on offer (slides only while a document is shared). */
  readonly watchModes: readonly WatchMode[];
  readonly immersive: boolean;
  readonly fullscreen: boolean;
  /** The browser offers picture-in-picture, and whether it is on. */
  readonly pictureInPicture: { readonly available: boolean; readonly active: boolean };
  readonly captions: boolean;
  readonly debug: boolean;
}

export interface ControlBarActions {
  togglePlay(): void;
  toggleMute(): void;
  setVolume(volume: number): void;
  seek(seconds: number): void;
  /** Live rewind: to this second of the element's clock, within the window. */
  rewind(seconds: number): void;
  goLive(): void;
  setQuality(quality: QualityLevel): void;
  setDelay(delay: DelayMode): void;
  setType(type: StreamType): void;
  setLine(lineId: string): void;
  setCamera(cameraId: string): void;
  setWatchMode(mode: WatchMode): void;
  toggleImmersive(): void;
  toggleFullscreen(): void;
  togglePictureInPicture(): void;
  toggleCaptions(): void;
  toggleDebug(): void;
  menuOpenChanged(open: boolean): void;
}

export function ControlBar({ state, actions }: { readonly state: ControlBarState; readonly actions: ControlBarActions }) {
  const { t } = useTranslation();
  const live = state.mode !== 'replay';
  const qualityLabel = state.qualities.find((q) => q.id === state.quality)?.labelKey;
  const cameraName = (camera: { readonly id: string; readonly name: string }, index: number) => (camera.name !== '' ? camera.name : t('player.cameraName', { n: index + 1 }));
  const cameraIndex = state.cameras.findIndex((c) => c.id === state.cameraId);
  const currentCamera = cameraIndex < 0 ? null : cameraName(state.cameras[cameraIndex]!, cameraIndex);

  const settingsItems: MenuChoice[] = [];
  if (live) {
    // Each delay mode with what it promises on this player: how far behind live it keeps.
    for (const mode of DELAY_MODES) {
      const seconds = targetSeconds(latencyTargetMs(state.type, mode));
      settingsItems.push({ key: `delay:${mode}`, label: t('player.delayWithTarget', { mode: t(`delayMode.${mode}`), seconds }), kind: 'radio', checked: state.delay === mode, group: t('player.delay') });
    }
    for (const type of ['hls', 'flv'] as const) settingsItems.push({ key: `type:${type}`, label: t(`player.${type}`), kind: 'radio', checked: state.type === type, group: t('player.playerType') });
    if (state.lines.length > 1) {
      state.lines.forEach((line, index) =>
        settingsItems.push({
          key: `line:${line.id}`,
          label: t('player.lineName', { n: index + 1 }),
          kind: 'radio',
          checked: state.lineId === line.id,
          disabled: !state.lineSwitchAllowed,
          group: state.lineSwitchAllowed ? t('player.line') : t('player.lineLocked'),
        }),
      );
    }
  }
  for (const mode of state.watchModes) settingsItems.push({ key: `watch:${mode}`, label: t(`player.watchMode.${mode}`), kind: 'radio', checked: state.watchMode === mode, group: t('player.watchModes') });
  settingsItems.push({ key: 'debug', label: t('player.debug'), kind: 'check', checked: state.debug, group: t('player.more') });

  const onSettings = (key: string) => {
    const [kind, value = ''] = key.split(/:(.*)/s);
    if (kind === 'delay') actions.setDelay(value as DelayMode);
    else if (kind === 'type') actions.setType(value as StreamType);
    else if (kind === 'line') actions.setLine(value);
    else if (kind === 'watch') actions.setWatchMode(value as WatchMode);
    else if (kind === 'debug') actions.toggleDebug();
  };

  return (
    <div className="player__controls" data-shown={state.shown ? 'true' : 'false'} role="group" aria-label={t('player.controls')}>
      {state.rewind !== null && (
        <div className="player__seek-track">
          <input
            className="player__seek player__seek--live"
            type="range"
            min={Math.floor(state.rewind.start)}
            max={Math.floor(state.rewind.end)}
            step={1}
            value={Math.floor(state.rewind.current)}
            aria-label={t('player.rewind')}
            aria-valuetext={state.behindLive ? t('player.behindBy', { time: clockText(state.rewind.end - state.rewind.current) }) : t('player.live')}
            onChange={(event) => actions.rewind(Number(event.target.value))}
          />
        </div>
      )}
      {state.position !== null && (
        <div className="player__seek-track">
          <input
            className="player__seek"
            type="range"
            min={0}
            max={Math.max(state.position.duration, 0) || 0}
            step={1}
            value={Math.min(state.position.current, state.position.duration || 0)}
            aria-label={t('player.seek')}
            aria-valuetext={t('player.positionOf', { current: clockText(state.position.current), duration: clockText(state.position.duration) })}
            onChange={(event) => actions.seek(Number(event.target.value))}
          />
          {state.markers.length > 0 && (
            // Drawn over the bar, not in the way of it: the chapter list is how a marker is reached by keyboard.
            <div className="player__markers" aria-hidden="true" data-testid="seek-markers">
              {state.markers.map((marker, i) => (
                <span key={`${marker.kind}-${i}`} className={`player__marker player__marker--${marker.kind}`} style={{ left: `${marker.percent}%` }} title={`${clockText(marker.positionS)} ${marker.label}`} />
              ))}
            </div>
          )}
        </div>
      )}
      <div className="player__controls-row">
        <button type="button" className="player__button" onClick={actions.togglePlay} disabled={!state.canPlay} aria-label={state.paused ? t('player.play') : t('player.pause')} title={`${state.paused ? t('player.play') : t('player.pause')} (k)`}>
          <Icon name={state.paused ? 'play' : 'pause'} />
        </button>
        <div className="player__volume">
          <button type="button" className="player__button" onClick={actions.toggleMute} aria-pressed={state.muted} aria-label={state.muted ? t('player.unmute') : t('player.mute')} title={`${state.muted ? t('player.unmute') : t('player.mute')} (m)`}>
            <Icon name={state.muted || state.volume === 0 ? 'muted' : 'volume'} />
          </button>
          <input
            className="player__volume-range"
            type="range"
            min={0}
            max={1}
            step={0.05}
            value={state.muted ? 0 : state.volume}
            aria-label={t('player.volume')}
            aria-valuetext={`${Math.round((state.muted ? 0 : state.volume) * 100)}%`}
            onChange={(event) => actions.setVolume(Number(event.target.value))}
          />
        </div>
        {state.mode === 'live' &&
          (state.behindLive ? (
            <button type="button" className="player__live player__live--behind" onClick={actions.goLive} title={t('player.goLive')}>
              <span className="player__live-dot" aria-hidden="true" />
              {t('player.goLive')}
            </button>
          ) : (
            <span className="player__live" data-at-edge="true">
              <span className="player__live-dot" aria-hidden="true" />
              {t('player.live')}
            </span>
          ))}
        {/* Only while the bar shows: its samples re-render nothing while nobody can see them. */}
        {state.mode === 'live' && state.shown && state.latency !== null && <LatencyReadout store={state.latency} targetMs={state.latencyTargetMs} over={state.cannotKeepUp} />}
        {state.mode === 'replay' && (
          <span className="player__time">
            <span className="player__badge player__badge--replay">{t('player.replay')}</span>
            {state.position !== null && `${clockText(state.position.current)} / ${clockText(state.position.duration)}`}
          </span>
        )}
        <span className="player__spacer" />
        <button type="button" className="player__button" aria-pressed={state.captions} onClick={actions.toggleCaptions} aria-label={t('player.captions')} title={`${t('player.captions')} (c)`}>
          <Icon name="captions" />
        </button>
        {live && state.cameras.length > 1 && (
          <MenuButton
            className="player__menu"
            label={t('player.camera')}
            buttonLabel={currentCamera === null ? undefined : `${t('player.camera')} ${currentCamera}`}
            items={state.cameras.map((camera, index) => ({
              key: camera.id,
              label: cameraName(camera, index),
              kind: 'radio',
              checked: camera.id === state.cameraId,
              disabled: !state.lineSwitchAllowed,
              group: state.lineSwitchAllowed ? t('player.camera') : t('player.cameraLocked'),
            }))}
            onSelect={actions.setCamera}
            onOpenChange={actions.menuOpenChanged}
          >
            <Icon name="camera" />
            <span className="player__menu-value player__menu-value--camera">{currentCamera ?? t('player.camera')}</span>
          </MenuButton>
        )}
        {live && state.qualities.length > 0 && (
          <MenuButton
            className="player__menu"
            label={t('player.quality')}
            buttonLabel={qualityLabel === undefined ? undefined : `${t('player.quality')} ${t(qualityLabel)}`}
            items={state.qualities.map((q) => ({ key: q.id, label: t(q.labelKey), kind: 'radio', checked: q.id === state.quality }))}
            onSelect={(key) => actions.setQuality(key as QualityLevel)}
            onOpenChange={actions.menuOpenChanged}
          >
            <span className="player__menu-value">{qualityLabel === undefined ? t('player.quality') : t(qualityLabel)}</span>
          </MenuButton>
        )}
        <MenuButton className="player__menu" label={t('player.settings')} items={settingsItems} onSelect={onSettings} onOpenChange={actions.menuOpenChanged}>
          <Icon name="settings" />
        </MenuButton>
        {state.pictureInPicture.available && (
          <button
            type="button"
            className="player__button"
            aria-pressed={state.pictureInPicture.active}
            onClick={actions.togglePictureInPicture}
            aria-label={state.pictureInPicture.active ? t('player.exitPictureInPicture') : t('player.pictureInPicture')}
            title={state.pictureInPicture.active ? t('player.exitPictureInPicture') : t('player.pictureInPicture')}
          >
            <Icon name="pictureInPicture" />
          </button>
        )}
        <button type="button" className="player__button player__button--wide-only" aria-pressed={state.immersive} onClick={actions.toggleImmersive} aria-label={state.immersive ? t('player.exitImmersive') : t('player.immersive')} title={state.immersive ? t('player.exitImmersive') : t('player.immersive')}>
          <Icon name="immersive" />
        </button>
        <button type="button" className="player__button" aria-pressed={state.fullscreen} onClick={actions.toggleFullscreen} aria-label={state.fullscreen ? t('player.exitFullscreen') : t('player.fullscreen')} title={`${state.fullscreen ? t('player.exitFullscreen') : t('player.fullscreen')} (f)`}>
          <Icon name={state.fullscreen ? 'exitFullscreen' : 'fullscreen'} />
        </button>
      </div>
    </div>
  );
}

/** How far behind live the viewer is, from the stream's own clock; its own render, twice a second at most. */
function LatencyReadout({ store, targetMs, over }: { readonly store: LatencyStore; readonly targetMs: number; readonly over: boolean }) {
  const { t } = useTranslation();
  const latency = useLatency(store);
  if (latency === null) return null;
  return (
    <span
      className={`player__latency${over ? ' player__latency--over' : ''}`}
      data-testid="player-latency-readout"
      title={t('player.latencyTarget', { seconds: targetSeconds(targetMs) })}
    >
      {t('player.latencyShort', { seconds: latencySeconds(latency) })}
    </span>
  );
}
