// What the demo media in ./assets is: one 20 s loop (test pattern + 440 Hz tone) in three
// renditions, each as ten 2 s MPEG-TS segments and as one FLV file. The files are made by
// ./generate.sh; the numbers here must match it (the tests check them against the files).
// Paths resolve relative to this module, so they work from any working directory.
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const RENDITION_IDS = ['original', 'hd', 'sd'] as const;
export type RenditionId = (typeof RENDITION_IDS)[number];

/**
 * The audio-only track: the loop's AAC without its video (./assets/audio/, made from the sd
 * rendition's segments and FLV by stream copy, timestamps kept), for the player's audio-only
 * and slides-only modes. One for every camera and rendition: they all carry the same audio.
 */
export const AUDIO_TRACK = 'audio' as const;
export type TrackId = RenditionId | typeof AUDIO_TRACK;
export const isTrackId = (value: unknown): value is TrackId => value === AUDIO_TRACK || isRenditionId(value);
/** The audio track's bit rate (TS overhead included), for its playlist's BANDWIDTH. */
export const AUDIO_BANDWIDTH = 80_000;

export interface Rendition {
  readonly id: RenditionId;
  readonly width: number;
  readonly height: number;
  /** Peak bit rate in bit/s (largest segment, TS overhead included): HLS BANDWIDTH. */
  readonly bandwidth: number;
  /** Mean bit rate in bit/s over the loop: HLS AVERAGE-BANDWIDTH. */
  readonly averageBandwidth: number;
  /** RFC 6381 codecs of the rendition (H.264 Main at its level, AAC-LC). */
  readonly codecs: string;
  /** i18n key of the quality's name (see src/i18n/locales: "quality"). */
  readonly labelKey: `quality.${RenditionId}`;
}

export const RENDITIONS: readonly Rendition[] = [
  {
    id: 'original',
    width: 960,
    height: 540,
    bandwidth: 500_000,
    averageBandwidth: 440_000,
    codecs: 'avc1.4d401f,mp4a.40.2',
    labelKey: 'quality.original',
  },
  {
    id: 'hd',
    width: 640,
    height: 360,
    bandwidth: 310_000,
    averageBandwidth: 280_000,
    codecs: 'avc1.4d401e,mp4a.40.2',
    labelKey: 'quality.hd',
  },
  {
    id: 'sd',
    width: 426,
    height: 240,
    bandwidth: 210_000,
    averageBandwidth: 190_000,
    codecs: 'avc1.4d4015,mp4a.40.2',
    labelKey: 'quality.sd',
  },
];

export const FRAME_RATE = 25;
/** Every 25th frame is an IDR frame. */
export const KEYFRAME_INTERVAL_MS = 1_000;
export const SEGMENT_DURATION_MS = 2_000;
export const SEGMENT_COUNT = 10;
export const LOOP_DURATION_MS = SEGMENT_DURATION_MS * SEGMENT_COUNT;
export const AUDIO_SAMPLE_RATE = 32_000;

/**
 * The demo serves the same loop on two line sources (the player's "line" choice); a server
 * mounts the media once per line, e.g. /media/line1/... and /media/line2/...
 */
export const LINE_IDS = ['line1', 'line2'] as const;
export type LineId = (typeof LINE_IDS)[number];

/**
 * The cameras of the demo media: the main one (./assets/<rendition>/) and a second view
 * (./assets/cam2/<rendition>/, another pattern at lower bit rates, the same loop timing
 * and audio), for rooms that offer several camera streams. A server mounts a second
 * camera below each line, e.g. /media/line1/cam2/live/...
 */
export const CAMERA_IDS = ['main', 'cam2'] as const;
export type CameraId = (typeof CAMERA_IDS)[number];

export const isCameraId = (value: unknown): value is CameraId => typeof value === 'string' && (CAMERA_IDS as readonly string[]).includes(value);

export const ASSETS_DIR: string = fileURLToPath(new URL('./assets/', import.meta.url));

const cameraDir = (camera: CameraId): string => (camera === 'main' ? ASSETS_DIR : join(ASSETS_DIR, camera));

export function isRenditionId(value: unknown): value is RenditionId {
  return typeof value === 'string' && (RENDITION_IDS as readonly string[]).includes(value);
}

export function getRendition(id: RenditionId): Rendition {
  const found = RENDITIONS.find((r) => r.id === id);
  if (!found) throw new Error(`unknown rendition ${String(id)}`);
  return found;
}

export function renditionDir(id: RenditionId, camera: CameraId = 'main'): string {
  return join(cameraDir(camera), id);
}

/** Loop segment `index` (0..SEGMENT_COUNT-1) of a rendition or the audio track; null when out of range. */
export function loopSegmentFile(id: TrackId, index: number, camera: CameraId = 'main'): string | null {
  if (!isTrackId(id) || !Number.isInteger(index) || index < 0 || index >= SEGMENT_COUNT) {
    return null;
  }
  return join(trackDir(id, camera), `seg-${index}.ts`);
}

function trackDir(id: TrackId, camera: CameraId): string {
  return id === AUDIO_TRACK ? join(ASSETS_DIR, AUDIO_TRACK) : renditionDir(id, camera);
}

/** The VOD media playlist written by ffmpeg (reference copy; servers use hlsPlaylists.ts). */
export function ffmpegVodPlaylistFile(id: RenditionId, camera: CameraId = 'main'): string {
  return join(renditionDir(id, camera), 'vod.m3u8');
}

export function flvLoopFile(id: TrackId, camera: CameraId = 'main'): string {
  return join(trackDir(id, camera), 'loop.flv');
}
