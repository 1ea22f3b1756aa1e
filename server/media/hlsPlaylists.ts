// HLS playlists for the demo loop, as pure functions (no I/O; the time is passed in).
//
// Live: the loop is played forever from `epochMs`. Live segment `seq` (0, 1, 2, ...) covers
// [epochMs + seq * 2 s, epochMs + (seq + 1) * 2 s) and is loop segment `seq mod 10`. The
// window lists only segments that have fully happened (end <= now), the newest last.
// Each loop restarts the TS timestamps, so an EXT-X-DISCONTINUITY precedes every segment
// where the loop wraps (seq = 10, 20, ...), and EXT-X-DISCONTINUITY-SEQUENCE counts the
// wraps that have slid out of the window. Every segment carries EXT-X-PROGRAM-DATE-TIME so
// a player can compute its latency against the wall clock.
//
// URI layout (relative to where the media is mounted, e.g. /media/line1):
//   live.m3u8                 live master          vod.m3u8             VOD master
//   <rendition>/live.m3u8     live media playlist  <rendition>/vod.m3u8 VOD media playlist
//   <rendition>/live-<seq>.ts live segment         <rendition>/seg-<i>.ts VOD segment
//   <rendition>/live.flv      live HTTP-FLV (see flvLive.ts)
// Without `uriPrefix` the playlists use relative URIs (valid wherever the layout is
// mounted); with it, URIs are `<uriPrefix>/<rendition>/...`.
import {
  LOOP_DURATION_MS,
  RENDITIONS,
  SEGMENT_COUNT,
  SEGMENT_DURATION_MS,
  getRendition,
  isTrackId,
  loopSegmentFile,
  type CameraId,
  type RenditionId,
  type TrackId,
} from './catalog';

export const HLS_CONTENT_TYPE = 'application/vnd.apple.mpegurl';
export const TS_CONTENT_TYPE = 'video/mp2t';
export const DEFAULT_WINDOW_SIZE = 4;

const TARGET_DURATION_S = Math.ceil(SEGMENT_DURATION_MS / 1000);
const EXTINF = (SEGMENT_DURATION_MS / 1000).toFixed(3);

export interface LiveWindowEntry {
  /** Live sequence number (media sequence number of the segment). */
  readonly seq: number;
  /** Which loop segment it plays: seq mod SEGMENT_COUNT. */
  readonly loopSegment: number;
  /** Wall-clock start of the segment, ms since the Unix epoch. */
  readonly startMs: number;
  /** True when the loop wraps just before this segment (EXT-X-DISCONTINUITY). */
  readonly discontinuity: boolean;
}

export interface LiveWindow {
  readonly mediaSequence: number;
  readonly discontinuitySequence: number;
  readonly entries: readonly LiveWindowEntry[];
}

export interface LiveWindowInput {
  readonly nowMs: number;
  readonly epochMs: number;
  readonly windowSize?: number;
}

/**
 * The live window at `nowMs`: the last `windowSize` segments that have ended. Before the
 * first segment has ended (now < epoch + 2 s) the window is empty.
 *
 * Choosing `epochMs`: use the time the live started (or the server started) minus one
 * window, e.g. `startedAtMs - 8_000`, so the first playlist is already full. Do NOT use a
 * far-past epoch such as 0: the discontinuity sequence counts loops since the epoch, and
 * hls.js 1.7 slows to a crawl (measured in Chromium: playback stuck, ~5 s between its
 * timers) with a DISCONTINUITY-SEQUENCE around 9e7, which is what epoch 0 gives in 2026.
 * 1e6 (231 days of loops) measured fine.
 */
export function liveWindow({ nowMs, epochMs, windowSize = DEFAULT_WINDOW_SIZE }: LiveWindowInput): LiveWindow {
  const size = Number.isFinite(windowSize) ? Math.max(1, Math.floor(windowSize)) : DEFAULT_WINDOW_SIZE;
  const elapsed = nowMs - epochMs;
  // Number of segments that have ended by now; the newest listed is `ended - 1`.
  const ended = Number.isFinite(elapsed) && elapsed > 0 ? Math.floor(elapsed / SEGMENT_DURATION_MS) : 0;
  const first = Math.max(0, ended - size);
  const entries: LiveWindowEntry[] = [];
  for (let seq = first; seq < ended; seq++) {
    entries.push({
      seq,
      loopSegment: seq % SEGMENT_COUNT,
      startMs: epochMs + seq * SEGMENT_DURATION_MS,
      discontinuity: seq > 0 && seq % SEGMENT_COUNT === 0,
    });
  }
  return { mediaSequence: first, discontinuitySequence: wrapsBefore(first), entries };
}

/** Number of loop wraps (discontinuities) strictly before live segment `seq`'s own tag. */
function wrapsBefore(seq: number): number {
  return seq <= 0 ? 0 : Math.ceil(seq / SEGMENT_COUNT) - 1;
}

export interface LiveMediaPlaylistInput extends LiveWindowInput {
  readonly rendition: TrackId;
  readonly uriPrefix?: string;
}

export function liveMediaPlaylist(input: LiveMediaPlaylistInput): string {
  const win = liveWindow(input);
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${TARGET_DURATION_S}`,
    `#EXT-X-MEDIA-SEQUENCE:${win.mediaSequence}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${win.discontinuitySequence}`,
  ];
  for (const e of win.entries) {
    if (e.discontinuity) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(e.startMs).toISOString()}`);
    lines.push(`#EXTINF:${EXTINF},`);
    lines.push(mediaUri(input.uriPrefix, input.rendition, `live-${e.seq}.ts`));
  }
  return lines.join('\n') + '\n';
}

export interface MasterPlaylistInput {
  /** Renditions to offer, in this order; default all of them (original, hd, sd). */
  readonly renditions?: readonly RenditionId[];
  readonly uriPrefix?: string;
}

export function liveMasterPlaylist(input: MasterPlaylistInput = {}): string {
  return masterPlaylist(input, 'live.m3u8');
}

export function vodMasterPlaylist(input: MasterPlaylistInput = {}): string {
  return masterPlaylist(input, 'vod.m3u8');
}

export interface VodMediaPlaylistInput {
  readonly rendition: TrackId;
  readonly uriPrefix?: string;
  /** How many times the loop plays (a longer recording); 1 by default. */
  readonly loops?: number;
}

/** A recording plays the demo loop at most this many times (2 hours). */
export const VOD_LOOPS_MAX = 360;

/** A whole number of loops within 1..VOD_LOOPS_MAX (anything else: 1). */
export function vodLoops(value: unknown): number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 ? Math.min(value, VOD_LOOPS_MAX) : 1;
}

/**
 * The replay: the loop `loops` times, as a VOD playlist that ends with EXT-X-ENDLIST. The
 * segments' timestamps start again with each loop, so each loop after the first begins
 * with EXT-X-DISCONTINUITY.
 */
export function vodMediaPlaylist({ rendition, uriPrefix, loops = 1 }: VodMediaPlaylistInput): string {
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${TARGET_DURATION_S}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
  ];
  for (let loop = 0; loop < vodLoops(loops); loop++) {
    if (loop > 0) lines.push('#EXT-X-DISCONTINUITY');
    for (let i = 0; i < SEGMENT_COUNT; i++) {
      lines.push(`#EXTINF:${EXTINF},`);
      lines.push(mediaUri(uriPrefix, rendition, `seg-${i}.ts`));
    }
  }
  lines.push('#EXT-X-ENDLIST');
  return lines.join('\n') + '\n';
}

/** Duration of the replay in ms (one loop). */
export const VOD_DURATION_MS = LOOP_DURATION_MS;

/**
 * File on disk for live segment `seq` (loop segment seq mod 10). `seq` may be the number or
 * its decimal string from a URL. Anything but a non-negative safe integer, or an unknown
 * rendition, gives null.
 */
export function segmentFileForLiveSeq(rendition: string, seq: number | string, camera: CameraId = 'main'): string | null {
  if (!isTrackId(rendition)) return null;
  const n = toIndex(seq);
  if (n === null) return null;
  return loopSegmentFile(rendition, n % SEGMENT_COUNT, camera);
}

/** File on disk for VOD segment `index` (0..9); null for bad input. */
export function segmentFileForVodIndex(rendition: string, index: number | string): string | null {
  if (!isTrackId(rendition)) return null;
  const n = toIndex(index);
  return n === null ? null : loopSegmentFile(rendition, n);
}

export type MediaRequest =
  | { readonly kind: 'liveMaster' }
  | { readonly kind: 'vodMaster' }
  | { readonly kind: 'liveMedia'; readonly rendition: TrackId }
  | { readonly kind: 'vodMedia'; readonly rendition: TrackId }
  | { readonly kind: 'liveSegment'; readonly rendition: TrackId; readonly seq: number; readonly file: string }
  | { readonly kind: 'vodSegment'; readonly rendition: TrackId; readonly index: number; readonly file: string }
  | { readonly kind: 'flvLive'; readonly rendition: TrackId };

/**
 * Maps a request path below the media mount point (see the URI layout above; a leading
 * slash and a query string are ignored) to what should be served; null if it is not one.
 */
export function resolveMediaRequest(path: string, camera: CameraId = 'main'): MediaRequest | null {
  const clean = path.split(/[?#]/, 1)[0]?.replace(/^\/+/, '') ?? '';
  if (clean === 'live.m3u8') return { kind: 'liveMaster' };
  if (clean === 'vod.m3u8') return { kind: 'vodMaster' };
  const m = /^([a-z]+)\/(live\.m3u8|vod\.m3u8|live\.flv|live-(\d{1,15})\.ts|seg-(\d{1,3})\.ts)$/.exec(clean);
  if (!m) return null;
  const rendition = m[1];
  if (!isTrackId(rendition)) return null;
  const name = m[2];
  if (name === 'live.m3u8') return { kind: 'liveMedia', rendition };
  if (name === 'vod.m3u8') return { kind: 'vodMedia', rendition };
  if (name === 'live.flv') return { kind: 'flvLive', rendition };
  if (m[3] !== undefined) {
    const seq = Number(m[3]);
    const file = segmentFileForLiveSeq(rendition, seq, camera);
    return file === null ? null : { kind: 'liveSegment', rendition, seq, file };
  }
  if (m[4] !== undefined) {
    const index = Number(m[4]);
    const file = segmentFileForVodIndex(rendition, index);
    return file === null ? null : { kind: 'vodSegment', rendition, index, file };
  }
  return null;
}

function masterPlaylist({ renditions, uriPrefix }: MasterPlaylistInput, name: string): string {
  const ids = renditions ?? RENDITIONS.map((r) => r.id);
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3'];
  for (const id of ids) {
    const r = getRendition(id);
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},AVERAGE-BANDWIDTH=${r.averageBandwidth},` +
        `RESOLUTION=${r.width}x${r.height},FRAME-RATE=25.000,CODECS="${r.codecs}"`,
    );
    lines.push(uriPrefix === undefined ? `${id}/${name}` : `${trimSlash(uriPrefix)}/${id}/${name}`);
  }
  return lines.join('\n') + '\n';
}

function mediaUri(uriPrefix: string | undefined, rendition: TrackId, name: string): string {
  return uriPrefix === undefined ? name : `${trimSlash(uriPrefix)}/${rendition}/${name}`;
}

function trimSlash(prefix: string): string {
  return prefix.replace(/\/+$/, '');
}

function toIndex(value: number | string): number | null {
  let n: number;
  if (typeof value === 'number') {
    n = value;
  } else if (typeof value === 'string' && /^\d{1,16}$/.test(value)) {
    n = Number(value);
  } else {
    return null;
  }
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}
