/**
 * What the room offers to play, read from the room info call (status, start time, cover,
 * lines, replay) and the pull URL call (one line's addresses), and the choice of what to
 * play now from it and the viewer's settings. Pure: no DOM, no network.
 *
 * Server answers are narrowed here: unknown shapes give nulls, and only http(s) URLs and
 * same-origin paths are accepted as media addresses.
 */
import { LIVE_STATUS, QUALITY_LEVELS, type DelayMode, type QualityLevel } from '../../domain/constants';

export type StreamType = 'hls' | 'flv';
export type LiveStatusCode = (typeof LIVE_STATUS)[keyof typeof LIVE_STATUS];

export interface Rendition {
  readonly id: QualityLevel;
  /** i18n key of the quality's name ("quality.hd"). */
  readonly labelKey: string;
  readonly height: number | null;
  readonly hls: string | null;
  readonly flv: string | null;
}

export interface Line {
  readonly id: string;
  readonly name: string;
  /** Master playlist of the line (all renditions). */
  readonly hls: string | null;
  readonly renditions: readonly Rendition[];
  /** The audio-only track (audio-only and slides-only modes); null when the line has none. */
  readonly audio: { readonly hls: string | null; readonly flv: string | null } | null;
  /** How far back the live's HLS reaches (the live rewind window), seconds; 0: none. */
  readonly rewindSeconds: number;
}

export interface RoomPlayback {
  readonly status: LiveStatusCode;
  readonly startTime: number | null;
  readonly coverUrl: string | null;
  readonly title: string;
  readonly lines: readonly Line[];
  readonly defaultLine: string | null;
  readonly defaultQuality: QualityLevel | null;
  readonly defaultType: StreamType | null;
  readonly replay: string | null;
  /** The room offers several camera streams (the multi-stream list names them). */
  readonly multiStream: boolean;
}

/** One of a room's camera streams (SPEC 7.1 multi-stream list). */
export interface Camera {
  readonly id: string;
  /** The organiser's name for it; '' when it has none (the menu numbers it). */
  readonly name: string;
}

const URL_MAX = 2048;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An http(s) URL or a same-origin path ("/media/..."), else null. */
export function safeMediaUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > URL_MAX) return null;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    // controls, space and backslash: never part of an address we accept
    if (c <= 0x20 || c === 0x7f || c === 0x5c) return null;
  }
  if (value.startsWith('/')) return value.startsWith('//') ? null : value;
  return /^https?:\/\/[^/]/i.test(value) ? value : null;
}

const isQuality = (value: unknown): value is QualityLevel => typeof value === 'string' && (QUALITY_LEVELS as readonly string[]).includes(value);
const isStatus = (value: unknown): value is LiveStatusCode => typeof value === 'number' && (Object.values(LIVE_STATUS) as number[]).includes(value);
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function readRendition(value: unknown): Rendition | null {
  if (!isRecord(value) || !isQuality(value.id)) return null;
  const hls = safeMediaUrl(value.hls);
  const flv = safeMediaUrl(value.flv);
  if (hls === null && flv === null) return null;
  const labelKey = text(value.labelKey);
  return {
    id: value.id,
    labelKey: labelKey !== null && /^quality\.\w+$/.test(labelKey) ? labelKey : `quality.${value.id}`,
    height: typeof value.height === 'number' && Number.isFinite(value.height) ? value.height : null,
    hls,
    flv,
  };
}

/** A line of the room info or of the pull URL answer; null when it offers nothing to play. */
export function readLine(value: unknown): Line | null {
  if (!isRecord(value)) return null;
  const id = text(value.id);
  if (id === null || id === '') return null;
  const renditions = (Array.isArray(value.renditions) ? value.renditions : []).map(readRendition).filter((r): r is Rendition => r !== null);
  renditions.sort((a, b) => QUALITY_LEVELS.indexOf(a.id) - QUALITY_LEVELS.indexOf(b.id));
  const hls = safeMediaUrl(value.hls);
  if (renditions.length === 0 && hls === null) return null;
  const audio = isRecord(value.audio) ? { hls: safeMediaUrl(value.audio.hls), flv: safeMediaUrl(value.audio.flv) } : null;
  const rewind = value.rewindSeconds;
  return {
    id,
    name: text(value.name) ?? id,
    hls,
    renditions,
    audio: audio !== null && (audio.hls !== null || audio.flv !== null) ? audio : null,
    rewindSeconds: typeof rewind === 'number' && Number.isFinite(rewind) && rewind > 0 ? Math.min(Math.floor(rewind), 24 * 3600) : 0,
  };
}

/** The room info answer (server/entry/roomInfo.ts) as the player needs it; null if unreadable. */
export function readRoomPlayback(data: unknown): RoomPlayback | null {
  if (!isRecord(data) || !isStatus(data.status)) return null;
  const player = isRecord(data.player) ? data.player : {};
  const lines = (Array.isArray(player.lines) ? player.lines : []).map(readLine).filter((l): l is Line => l !== null);
  const startTime = typeof data.startTime === 'number' && Number.isFinite(data.startTime) ? data.startTime : null;
  return {
    status: data.status,
    startTime,
    coverUrl: safeMediaUrl(data.coverUrl),
    title: text(data.title) ?? '',
    lines,
    defaultLine: text(player.defaultLine),
    defaultQuality: isQuality(player.defaultQuality) ? player.defaultQuality : null,
    defaultType: player.defaultType === 'hls' || player.defaultType === 'flv' ? player.defaultType : null,
    replay: safeMediaUrl(data.replay),
    multiStream: player.multiStream === true,
  };
}

const CAMERAS_MAX = 16;

/** The multi-stream list's camera streams (at most 16, ids unique); malformed entries are left out. */
export function readCameras(data: unknown): Camera[] {
  const streams = isRecord(data) && Array.isArray(data.streams) ? data.streams : [];
  const out: Camera[] = [];
  for (const s of streams) {
    if (!isRecord(s)) continue;
    const id = text(s.id);
    if (id === null || id === '' || id.length > 32 || out.some((c) => c.id === id)) continue;
    out.push({ id, name: (text(s.name) ?? '').slice(0, 40) });
    if (out.length === CAMERAS_MAX) break;
  }
  return out;
}

/** The default stream answer's camera; null when it names none. */
export function readDefaultCamera(data: unknown): string | null {
  const camera = isRecord(data) ? text(data.camera) : null;
  return camera === null || camera === '' ? null : camera;
}

export type PullAnswer =
  | { readonly live: true; readonly status: LiveStatusCode | null; readonly line: Line }
  | { readonly live: false; readonly status: LiveStatusCode | null; readonly replay: string | null };

/** The pull URL answer: `{status, live: true, stream}` or `{status, live: false, replay}`. */
export function readPullAnswer(data: unknown): PullAnswer | null {
  if (!isRecord(data)) return null;
  const status = isStatus(data.status) ? data.status : null;
  if (data.live === true) {
    const line = readLine(data.stream);
    return line === null ? null : { live: true, status, line };
  }
  if (data.live === false) return { live: false, status, replay: safeMediaUrl(data.replay) };
  return null;
}

export interface PlaybackConfig {
  readonly status: LiveStatusCode;
  /** The replay's address once the room ended and keeps one; null otherwise. */
  readonly replay: string | null;
}

/** The playback config answer (`{status, replay, ...}`); null when it names no status. */
export function readPlaybackConfig(data: unknown): PlaybackConfig | null {
  if (!isRecord(data) || !isStatus(data.status)) return null;
  return { status: data.status, replay: data.replayEnabled === false ? null : safeMediaUrl(data.replay) };
}

/** The offered quality closest to the wanted one: the same, else the next lower, else the highest. */
export function pickRendition(line: Line, wanted: QualityLevel): Rendition | null {
  const exact = line.renditions.find((r) => r.id === wanted);
  if (exact) return exact;
  const rank = QUALITY_LEVELS.indexOf(wanted);
  return line.renditions.find((r) => QUALITY_LEVELS.indexOf(r.id) > rank) ?? line.renditions[0] ?? null;
}

export interface PlayChoice {
  readonly status: LiveStatusCode;
  /** The line whose addresses are known (from the pull call), or null. */
  readonly line: Line | null;
  readonly replay: string | null;
  readonly quality: QualityLevel;
  readonly type: StreamType;
  readonly delay: DelayMode;
  /** The browser has Media Source Extensions (hls.js and mpegts.js need them). */
  readonly mse: boolean;
  /** The browser plays HLS itself (Safari): HLS works without MSE, at its own latency. */
  readonly nativeHls: boolean;
  /** Sound without pictures (audio-only and slides-only modes): the line's audio track when it has one. */
  readonly audioOnly: boolean;
}

export type PlayTarget =
  | { readonly kind: 'wait'; readonly reason: 'notStarted' | 'preparing' | 'noSource' }
  | { readonly kind: 'ended' }
  | { readonly kind: 'unsupported' }
  | {
      readonly kind: 'play';
      readonly live: boolean;
      readonly type: StreamType;
      /** hls.js / mpegts.js, or the browser's own HLS. */
      readonly engine: 'hlsjs' | 'mpegts' | 'native';
      readonly url: string;
      readonly lineId: string | null;
      readonly quality: QualityLevel | null;
      /** The audio-only track plays (no video is downloaded). */
      readonly audio: boolean;
    };

/** What to play now. */
export function choosePlayTarget(choice: PlayChoice): PlayTarget {
  const { status } = choice;
  if (status === LIVE_STATUS.notStarted) return { kind: 'wait', reason: 'notStarted' };
  if (status === LIVE_STATUS.preparing) return { kind: 'wait', reason: 'preparing' };
  if (status === LIVE_STATUS.ended) {
    if (choice.replay === null) return { kind: 'ended' };
    if (!choice.mse && !choice.nativeHls) return { kind: 'unsupported' };
    return { kind: 'play', live: false, type: 'hls', engine: choice.mse ? 'hlsjs' : 'native', url: choice.replay, lineId: null, quality: null, audio: false };
  }
  const line = choice.line;
  if (line === null) return { kind: 'wait', reason: 'noSource' };
  const rendition = pickRendition(line, choice.quality);
  // The chosen player first; the other one when the rendition lacks that address.
  const order: readonly StreamType[] = choice.type === 'flv' ? ['flv', 'hls'] : ['hls', 'flv'];
  for (const type of order) {
    const audioUrl = choice.audioOnly ? (line.audio?.[type] ?? null) : null;
    const url = audioUrl ?? rendition?.[type] ?? (type === 'hls' ? line.hls : null);
    if (url === null || url === undefined) continue;
    if (type === 'flv' && !choice.mse) continue;
    if (type === 'hls' && !choice.mse && !choice.nativeHls) continue;
    const engine = type === 'flv' ? 'mpegts' : choice.mse ? 'hlsjs' : 'native';
    // No delay needs MSE: the browser's own HLS cannot keep to it.
    if (choice.delay === 'noDelay' && engine === 'native') return { kind: 'unsupported' };
    return { kind: 'play', live: true, type, engine, url, lineId: line.id, quality: rendition?.id ?? null, audio: audioUrl !== null };
  }
  return { kind: 'unsupported' };
}

export { countdownMs, countdownParts } from '../../domain/countdown';
