/**
 * What the player should play now, and the machine told so: the room's state (status, line,
 * replay, a record the viewer chose), the viewer's settings and the room's defaults choose
 * the target (sources.choosePlayTarget). Another tab of the room playing, or another
 * feature holding playback back, stops this one: a live stops (no download, no decoding)
 * and loads afresh at its edge later; a replay pauses where it is and goes on from there.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type Dispatch, type RefObject } from 'react';
import { useSnapshot } from 'valtio';
import { LIVE_STATUS, type DelayMode, type QualityLevel } from '../../domain/constants';
import { cappedQuality, type LadderState } from '../../domain/streamLadder';
import { playsAudioTrack, type WatchMode } from '../../state/watchMode';
import { isHeld, playbackHolds } from '../../state/playbackHolds';
import { DEFAULT_DELAY_MODE, playerSettings } from '../../state/playerSettings';
import { session } from '../../state/session';
import { viewerSettings } from '../../state/viewerSettings';
import { hasMse, hasNativeHls, preloadEngine } from './engine';
import type { PlayerEvent } from './playerMachine';
import type { ReplayRecord } from './replayRecords';
import { choosePlayTarget, type PlayTarget, type StreamType } from './sources';
import { usePlaybackYield } from './usePlaybackYield';
import { useCameras, type RoomCameras } from './useCameras';
import { useRoomPlayback, type RoomPlaybackState } from './useRoomPlayback';

export interface PlayTargetView {
  readonly playback: RoomPlaybackState;
  /** Null while the room's defaults (with its info) are not known yet. */
  readonly target: PlayTarget | null;
  /** The quality asked for: the viewer's (or the room's default), capped by the weak-network ladder. */
  readonly quality: QualityLevel;
  /** The viewer's own quality (or the room's default), before the ladder. */
  readonly wantedQuality: QualityLevel;
  /** HLS can play here (hls.js or the browser's own): the ladder may fall back to it. */
  readonly hlsPlays: boolean;
  readonly type: StreamType;
  readonly delay: DelayMode;
  /** Media Source Extensions exist (hls.js and mpegts.js can play). */
  readonly mse: boolean;
  /** Another tab of this room plays: this one gave way. */
  readonly yielded: boolean;
  /** A live stopped because this tab gave way or is held back. */
  readonly yieldsLive: boolean;
  /** The viewer's choice of line; null for the room's first. */
  readonly lineId: string | null;
  readonly setLineId: (lineId: string) => void;
  /** The room's camera streams (none listed: one camera, no choice). */
  readonly cameras: RoomCameras;
  /** The camera playing: the viewer's choice, else the room's default; null in a room of one camera. */
  readonly cameraId: string | null;
  readonly setCameraId: (cameraId: string) => void;
  /** A recording chosen from the room's record list (after the live), or null. */
  readonly record: ReplayRecord | null;
  readonly setRecord: (record: ReplayRecord) => void;
  /** Fetches the room info and the line afresh (the viewer's retry). */
  readonly reload: () => void;
}

export interface PlayTargetInput {
  /** The weak-network ladder's overrides (a quality cap, another line, HLS for FLV). */
  readonly ladder: LadderState;
  /** Chat only stops the video; audio and slides only play the line's audio track. */
  readonly watchMode: WatchMode;
  /** The viewer went back in an FLV live: its line's HLS plays, which keeps the rewind window (useFlvRewind). */
  readonly rewindOnHls: boolean;
}

export function usePlayTarget(roomId: string, dispatch: Dispatch<PlayerEvent>, videoRef: RefObject<HTMLVideoElement | null>, { ladder, watchMode, rewindOnHls }: PlayTargetInput): PlayTargetView {
  const settings = useSnapshot(playerSettings);
  // SPEC session field: the default desktop quality.
  const { defaultDesktopQuality } = useSnapshot(session);
  const [lineId, setLineId] = useState<string | null>(null);
  const [chosenCamera, setCameraId] = useState<string | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const playback = useRoomPlayback(roomId, ladder.lineId ?? lineId, chosenCamera, reloadKey);
  const cameras = useCameras(roomId, playback.room?.multiStream ?? false);
  const [record, setRecord] = useState<ReplayRecord | null>(null);
  const replay = playback.status === LIVE_STATUS.ended ? (record?.url ?? playback.replay) : playback.replay;
  const { oneVideo } = useSnapshot(viewerSettings);
  const yielded = usePlaybackYield(roomId, oneVideo);
  // Held back by another feature (delayed charging's price due): stopped as when yielded.
  const held = isHeld(useSnapshot(playbackHolds), roomId);
  // Chat only: no media at all, stopped as when yielded.
  const stopped = yielded || held || watchMode === 'chat';
  const audioOnly = playsAudioTrack(watchMode);

  const [nativeHls] = useState(() => hasNativeHls(document.createElement('video')));
  const mse = useMemo(() => hasMse(), []);
  const room = playback.room;
  const wantedQuality: QualityLevel = settings.quality ?? room?.defaultQuality ?? defaultDesktopQuality;
  const quality = cappedQuality(wantedQuality, ladder);
  const type: StreamType = ladder.hls || rewindOnHls ? 'hls' : (settings.type ?? room?.defaultType ?? 'hls');
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
        : choosePlayTarget({ status: playback.status, line: playback.line, replay, quality, type, delay, mse, nativeHls, audioOnly }),
    [playback.status, playback.line, replay, playback.failed, room, quality, type, delay, mse, nativeHls, audioOnly],
  );

  // The machine ignores a LOAD of the source it already has.
  const yieldsLive = stopped && target?.kind === 'play' && target.live;
  useLayoutEffect(() => {
    if (target === null) return;
    if (yieldsLive) dispatch({ type: 'STOP' });
    else if (target.kind === 'wait') dispatch({ type: 'WAIT' });
    else if (target.kind === 'ended') dispatch({ type: 'ENDED' });
    else if (target.kind === 'unsupported') dispatch({ type: 'UNSUPPORTED' });
    else {
      const { engine, type: streamType, url, live, lineId: line, quality: level, audio } = target;
      dispatch({ type: 'LOAD', source: { engine, type: streamType, url, live, delay, lineId: line, quality: level, audio } });
    }
  }, [target, delay, yieldsLive, dispatch]);

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
  }, [stopped, target, videoRef]);

  return {
    playback,
    target,
    quality,
    wantedQuality,
    hlsPlays: mse || nativeHls,
    type,
    delay,
    mse,
    yielded,
    yieldsLive,
    lineId,
    setLineId,
    cameras,
    cameraId: chosenCamera ?? cameras.defaultId,
    setCameraId,
    record,
    setRecord,
    reload: () => setReloadKey((k) => k + 1),
  };
}
