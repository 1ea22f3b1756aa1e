/**
 * What the room offers to play now: the room info (status, start time, cover, lines,
 * replay), the chosen line's addresses (pull URL call) and the realtime room state (push
 * 7107: status and replay), which wins over the room info once it arrives. A pushed status
 * that differs from the room info's fetches the line again (the live addresses) and the
 * playback config (SPEC 7.1: the status and the replay address, the small answer meant for
 * this; in a busy room every viewer asks at once, so not the whole room info again).
 * The calls start in layout effects, at the commit, so they do not wait for the paint and
 * the other effects of the page (the first frame comes that much sooner).
 */
import { useLayoutEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useApi } from '../../state/apiContext';
import { realtimeStore } from '../../state/roomFeed';
import {
  readPlaybackConfig,
  readPullAnswer,
  readRoomPlayback,
  safeMediaUrl,
  type Line,
  type LiveStatusCode,
  type PlaybackConfig,
  type PullAnswer,
  type RoomPlayback,
} from './sources';

export interface RoomPlaybackState {
  readonly room: RoomPlayback | null;
  /** The line whose addresses were fetched (null until then, or while not live). */
  readonly line: Line | null;
  readonly status: LiveStatusCode | null;
  readonly replay: string | null;
  /** The room info call failed (the view offers a retry). */
  readonly failed: boolean;
}

interface Loaded<T> {
  readonly key: string;
  readonly value: T;
}

/** `cameraId`: the camera the viewer chose, or null for the room's default (the server's choice). */
export function useRoomPlayback(roomId: string, lineId: string | null, cameraId: string | null, reloadKey: number): RoomPlaybackState {
  const api = useApi();
  const live = useSnapshot(realtimeStore).rooms[roomId]?.room.live ?? null;
  const pushedStatus = live?.status ?? null;
  const pushedReplay = live === null ? null : safeMediaUrl(live.replay);

  const infoKey = `${roomId}|${reloadKey}`;
  const [info, setInfo] = useState<Loaded<RoomPlayback | null | 'failed'> | null>(null);
  useLayoutEffect(() => {
    const controller = new AbortController();
    api.live.roomInfo({ id: roomId }, { signal: controller.signal }).then(
      (data) => setInfo({ key: infoKey, value: readRoomPlayback(data) }),
      () => {
        if (!controller.signal.aborted) setInfo({ key: infoKey, value: 'failed' });
      },
    );
    return () => controller.abort();
  }, [api, roomId, infoKey]);

  // The line is fetched at once (in parallel with the room info): the default line (and
  // camera) until the viewer picks one.
  const pullKey = `${roomId}|${lineId ?? ''}|${cameraId ?? ''}|${pushedStatus ?? ''}|${reloadKey}`;
  const [pull, setPull] = useState<Loaded<PullAnswer | null> | null>(null);
  useLayoutEffect(() => {
    const controller = new AbortController();
    const input = { webcastId: roomId, ...(lineId === null ? {} : { streamId: lineId }), ...(cameraId === null ? {} : { camera: cameraId }) };
    api.live.pullStreamUrl(input, { signal: controller.signal }).then(
      (data) => setPull({ key: pullKey, value: readPullAnswer(data) }),
      () => {
        if (!controller.signal.aborted) setPull({ key: pullKey, value: null });
      },
    );
    return () => controller.abort();
  }, [api, roomId, lineId, cameraId, pullKey]);

  // Until a new answer comes, the last one stays (a line switch keeps the old picture up).
  const room = info !== null && info.value !== 'failed' ? info.value : null;
  const failed = info?.key === infoKey && info.value === 'failed';

  const changedStatus = pushedStatus !== null && room !== null && pushedStatus !== room.status ? pushedStatus : null;
  const configKey = `${roomId}|${changedStatus ?? ''}|${reloadKey}`;
  const [config, setConfig] = useState<Loaded<PlaybackConfig | null> | null>(null);
  useLayoutEffect(() => {
    if (changedStatus === null) return undefined;
    const controller = new AbortController();
    const done = (value: PlaybackConfig | null) => {
      if (!controller.signal.aborted) setConfig({ key: configKey, value });
    };
    api.live.playbackConfig({ webcastId: roomId }, { signal: controller.signal }).then((data) => done(readPlaybackConfig(data)), () => done(null));
    return () => controller.abort();
  }, [api, roomId, changedStatus, configKey]);
  const playback = config?.key === configKey ? config.value : null;

  const answer = pull?.value ?? null;
  const status = pushedStatus ?? answer?.status ?? room?.status ?? null;
  const replay = pushedReplay ?? playback?.replay ?? room?.replay ?? (answer !== null && !answer.live ? answer.replay : null);
  const line = answer !== null && answer.live ? answer.line : null;
  return { room, line, status, replay, failed };
}
