/**
 * Where a room's video is: the demo media's lines and renditions (server/media) as the
 * player sees them, in the URL layout the media routes serve:
 *
 *     live HLS master   /media/{line}/live/master.m3u8
 *     live HLS media    /media/{line}/live/{rendition}.m3u8
 *     live HTTP-FLV     /media/{line}/live/{rendition}.flv
 *     audio only        /media/{line}/live/audio.m3u8 and audio.flv
 *     another camera    /media/{line}/{camera}/live/... (the same layout)
 *     replay (VOD HLS)  /media/vod/master.m3u8
 *
 * URLs are relative to the server unless PUBLIC_URL is set.
 */
import type { ServerConfig } from '../config.js';
import { AUDIO_TRACK, isCameraId, LINE_IDS, RENDITIONS, type CameraId, type LineId, type RenditionId } from '../media/catalog.js';
import { vodLoops } from '../media/hlsPlaylists.js';
import { LIVE_STATUS } from '../../src/domain/constants';
import type { Room } from '../entry/rooms.js';

export interface RenditionStream {
  readonly id: RenditionId;
  /** i18n key of the quality's name. */
  readonly labelKey: string;
  readonly width: number;
  readonly height: number;
  readonly hls: string;
  readonly flv: string;
}

export interface LineStream {
  readonly id: LineId;
  readonly name: string;
  readonly hls: string;
  readonly renditions: readonly RenditionStream[];
  /** The audio-only track (no video): for the player's audio-only and slides-only modes. */
  readonly audio: { readonly hls: string; readonly flv: string };
  /** How far back the live's HLS playlists reach (the live rewind window), seconds; 0: none. */
  readonly rewindSeconds: number;
}

const base = (config: Pick<ServerConfig, 'publicUrl'>): string => config.publicUrl ?? '';

export const isLineId = (value: string): value is LineId => (LINE_IDS as readonly string[]).includes(value);

export function lineStream(config: Pick<ServerConfig, 'publicUrl' | 'liveRewindMs'>, line: LineId, camera: CameraId = 'main'): LineStream {
  const root = `${base(config)}/media/${line}/${camera === 'main' ? '' : `${camera}/`}live`;
  return {
    id: line,
    name: `Line ${LINE_IDS.indexOf(line) + 1}`,
    hls: `${root}/master.m3u8`,
    renditions: RENDITIONS.map((r) => ({
      id: r.id,
      labelKey: r.labelKey,
      width: r.width,
      height: r.height,
      hls: `${root}/${r.id}.m3u8`,
      flv: `${root}/${r.id}.flv`,
    })),
    audio: { hls: `${root}/${AUDIO_TRACK}.m3u8`, flv: `${root}/${AUDIO_TRACK}.flv` },
    rewindSeconds: Math.floor(config.liveRewindMs / 1000),
  };
}

/** The room's camera streams as offered: its listed cameras the media has, else the main one alone. */
export function roomCameras(room: Room): readonly { readonly id: CameraId; readonly name: string }[] {
  const listed = room.settings.cameras.list.flatMap((c) => (isCameraId(c.id) ? [{ id: c.id, name: c.name }] : []));
  return listed.length > 0 ? listed : [{ id: 'main', name: '' }];
}

/** The camera a viewer starts on: the room's default when it offers it, else its first. */
export function defaultCamera(room: Room): CameraId {
  const cameras = roomCameras(room);
  return cameras.find((c) => c.id === room.settings.cameras.defaultId)?.id ?? cameras[0]!.id;
}

export const liveLines = (config: Pick<ServerConfig, 'publicUrl' | 'liveRewindMs'>): LineStream[] => LINE_IDS.map((line) => lineStream(config, line));

/** A recording of `loops` times the demo loop (the media module's `/media/vod-<loops>/` mount past one). */
export const replayUrl = (config: Pick<ServerConfig, 'publicUrl'>, loops = 1): string => {
  const n = vodLoops(loops);
  return `${base(config)}/media/${n === 1 ? 'vod' : `vod-${n}`}/master.m3u8`;
};

/** The replay address of an ended room that keeps one; null otherwise. */
export function replayOf(config: Pick<ServerConfig, 'publicUrl'>, room: Room): string | null {
  return room.status === LIVE_STATUS.ended && room.settings.replay.enabled ? replayUrl(config, room.settings.replay.loops) : null;
}

/** Whether the live streams play now: preparing (the host's preview) or live. */
export const isStreaming = (room: Room): boolean => room.status === LIVE_STATUS.preparing || room.status === LIVE_STATUS.live;
