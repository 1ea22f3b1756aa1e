// A live HTTP-FLV stream made from a looped FLV file, as a Node Readable.
//
// The loop is "on air" from `epochMs`: at wall time t the live position is
// (t - epochMs) mod loopDuration. A new viewer gets the FLV header, onMetaData (the file's,
// without duration/filesize, plus `wallClockAtZeroMs`), the AVC and AAC sequence headers
// (timestamp 0), then the media from the keyframe at or just before the live position.
// Media between that keyframe and the live position is due already and goes out at once
// (at most one GOP, 1 s here), so the first frame decodes immediately; after that each tag
// is sent when its time comes (a timer every `tickMs`, 25 ms by default). Output
// timestamps start at 0 at the join keyframe and grow with the wall clock, adding the loop
// duration at every wrap, so they never go backwards.
//
// Slow consumers: when push() reports the buffer full (highWaterMark, 128 KiB by default),
// due tags are dropped instead of buffered, and sending resumes at the next keyframe once
// the consumer reads again; the timestamps keep following the wall clock (a gap, not a
// delay). If the sender itself falls more than `maxLagMs` behind (stalled event loop, clock
// jump), it jumps to the live edge at a keyframe. A consumer that reads nothing for
// `maxStallMs` (30 s) ends the stream, so an abandoned stream cannot tick forever.
//
// Closing: `close()` (or destroy(), or the consumer closing through stream.pipeline)
// clears the timer. When piping by hand into an HTTP response, destroy the stream on the
// response's 'close' event: pipe() alone does not.
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  TAG_AUDIO,
  TAG_SCRIPT,
  TAG_VIDEO,
  audioTagInfo,
  encodeAmf0,
  encodeFlvHeader,
  encodeFlvTag,
  parseFlv,
  parseScriptTag,
  videoTagInfo,
  writeTimestamp,
  type AmfObject,
  type FlvTag,
} from './flv';

/** A parsed FLV file ready to be looped. */
export interface FlvLoop {
  readonly bytes: Uint8Array;
  readonly hasAudio: boolean;
  readonly hasVideo: boolean;
  /** onMetaData of the file, or null if it has none. */
  readonly metadata: AmfObject | null;
  /** AVC and AAC sequence header tags, in file order. */
  readonly sequenceHeaders: readonly FlvTag[];
  /** Audio and video frames in file order (no sequence headers, no end-of-sequence). */
  readonly media: readonly FlvTag[];
  /** Indices into `media` of the video keyframes, ascending. */
  readonly keyframes: readonly number[];
  readonly loopDurationMs: number;
}

export type FlvLoopResult = { ok: true; loop: FlvLoop } | { ok: false; error: string };

/**
 * Indexes an FLV file for looping. The loop duration is, unless given, the end of the last
 * frame: last timestamp + the interval between the last two frames, for audio and video.
 */
export function indexFlvLoop(bytes: Uint8Array, loopDurationMs?: number): FlvLoopResult {
  const parsed = parseFlv(bytes);
  if (!parsed.ok) return { ok: false, error: parsed.error };
  let metadata: AmfObject | null = null;
  const sequenceHeaders: FlvTag[] = [];
  const media: FlvTag[] = [];
  const keyframes: number[] = [];
  for (const tag of parsed.tags) {
    if (tag.type === TAG_SCRIPT) {
      const s = parseScriptTag(tag);
      if (s && s.name === 'onMetaData' && metadata === null && isPlainObject(s.value)) metadata = s.value;
    } else if (tag.type === TAG_VIDEO) {
      const v = videoTagInfo(tag);
      if (!v || v.isEndOfSequence) continue;
      if (v.isSequenceHeader) {
        sequenceHeaders.push(tag);
        continue;
      }
      if (v.isKeyframe) keyframes.push(media.length);
      media.push(tag);
    } else if (tag.type === TAG_AUDIO) {
      const a = audioTagInfo(tag);
      if (!a) continue;
      if (a.isSequenceHeader) sequenceHeaders.push(tag);
      else media.push(tag);
    }
  }
  if (media.length === 0) return { ok: false, error: 'FLV has no audio or video frames' };
  const hasVideo = media.some((t) => t.type === TAG_VIDEO);
  const hasAudio = media.some((t) => t.type === TAG_AUDIO);
  if (hasVideo && keyframes.length === 0) return { ok: false, error: 'FLV has video but no keyframe' };
  const duration = loopDurationMs ?? Math.max(trackEnd(media, TAG_VIDEO), trackEnd(media, TAG_AUDIO));
  const last = media[media.length - 1];
  if (!Number.isFinite(duration) || duration <= 0 || (last !== undefined && last.timestamp >= duration)) {
    return { ok: false, error: `bad loop duration ${duration}` };
  }
  return { ok: true, loop: { bytes, hasAudio, hasVideo, metadata, sequenceHeaders, media, keyframes, loopDurationMs: duration } };
}

const loopCache = new Map<string, Promise<FlvLoop>>();

/** Reads and indexes an FLV file once per path (cached); rejects if it cannot be used. */
export function loadFlvLoop(file: string): Promise<FlvLoop> {
  let p = loopCache.get(file);
  if (!p) {
    p = readFile(file).then((buf) => {
      const r = indexFlvLoop(new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength));
      if (!r.ok) throw new Error(`${file}: ${r.error}`);
      return r.loop;
    });
    p.catch(() => loopCache.delete(file));
    loopCache.set(file, p);
  }
  return p;
}

export interface FlvLiveTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface FlvLiveStreamOptions {
  /** The FLV loop file (read once and cached), or `loop` if already indexed. */
  readonly file?: string;
  readonly loop?: FlvLoop;
  /** Wall-clock time (ms) at which loop position 0 was live. */
  readonly epochMs: number;
  readonly nowMs?: () => number;
  readonly timers?: FlvLiveTimers;
  readonly startAt?: 'liveEdge';
  /** Pacing period; default 25 ms. */
  readonly tickMs?: number;
  /** Readable buffer limit in bytes before tags are dropped; default 128 KiB. */
  readonly highWaterMark?: number;
  /** Jump to the live edge when this far behind it; default 3000 ms. */
  readonly maxLagMs?: number;
  /** End the stream when the consumer has read nothing for this long; default 30000 ms. */
  readonly maxStallMs?: number;
}

export interface FlvLiveStats {
  bytesPushed: number;
  tagsSent: number;
  tagsDropped: number;
  resyncs: number;
}

const defaultTimers: FlvLiveTimers = {
  setTimeout: (cb, ms) => setTimeout(cb, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export class FlvLiveStream extends Readable {
  readonly stats: FlvLiveStats = { bytesPushed: 0, tagsSent: 0, tagsDropped: 0, resyncs: 0 };
  /** Wall-clock ms at which the media sent with timestamp 0 was live (null until started). */
  wallClockAtZeroMs: number | null = null;

  private readonly nowMs: () => number;
  private readonly timers: FlvLiveTimers;
  private readonly epochMs: number;
  private readonly tickMs: number;
  private readonly maxLagMs: number;
  private readonly maxStallMs: number;
  private loop: FlvLoop | null = null;
  private timer: unknown = null;
  private hasTimer = false;
  private stopped = false;
  /** Absolute loop number and index into loop.media of the next tag to send. */
  private loopNo = 0;
  private index = 0;
  /** Absolute media time (ms since epoch) of output timestamp 0. */
  private zeroAbs = 0;
  private congested = false;
  private congestedSince = 0;
  private needKeyframe = false;
  private readonly lastOut = new Map<number, number>();

  constructor(options: FlvLiveStreamOptions) {
    super({ highWaterMark: options.highWaterMark ?? 128 * 1024 });
    this.nowMs = options.nowMs ?? Date.now;
    this.timers = options.timers ?? defaultTimers;
    this.epochMs = options.epochMs;
    this.tickMs = Math.max(1, options.tickMs ?? 25);
    this.maxLagMs = Math.max(1000, options.maxLagMs ?? 3000);
    this.maxStallMs = options.maxStallMs ?? 30_000;
    if (options.loop) {
      this.begin(options.loop);
    } else if (options.file !== undefined) {
      loadFlvLoop(options.file).then(
        (loop) => this.begin(loop),
        (err: unknown) => this.destroy(err instanceof Error ? err : new Error(String(err))),
      );
    } else {
      throw new TypeError('createFlvLiveStream needs `file` or `loop`');
    }
  }

  /** Stops the stream at once (same as destroy()). */
  close(): void {
    this.destroy();
  }

  /** Ends the stream cleanly (EOF after what is already buffered), e.g. when the live ends. */
  finish(): void {
    if (this.stopped) return;
    this.stopTimer();
    this.stopped = true;
    this.push(null);
  }

  /** True while a pacing timer is pending (for tests and leak checks). */
  get timerPending(): boolean {
    return this.hasTimer;
  }

  override _read(): void {
    this.congested = false;
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.stopTimer();
    this.stopped = true;
    callback(error);
  }

  private begin(loop: FlvLoop): void {
    if (this.stopped || this.destroyed) return;
    this.loop = loop;
    const now = this.nowMs();
    this.seekLiveEdge(now);
    this.zeroAbs = this.absTime(this.loopNo, this.index);
    this.wallClockAtZeroMs = this.epochMs + this.zeroAbs;

    const parts: Uint8Array[] = [encodeFlvHeader(loop.hasAudio, loop.hasVideo)];
    if (loop.metadata) {
      const meta: AmfObject = { ...loop.metadata };
      delete meta['duration'];
      delete meta['filesize'];
      meta['wallClockAtZeroMs'] = this.wallClockAtZeroMs;
      parts.push(encodeFlvTag(TAG_SCRIPT, 0, encodeAmf0(['onMetaData', meta])));
    }
    for (const tag of loop.sequenceHeaders) parts.push(this.copyTag(tag, 0));
    this.pushChunk(concat(parts));
    this.pump(now);
    this.schedule();
  }

  /** Moves to the keyframe at or just before the live position at `now`. */
  private seekLiveEdge(now: number): void {
    const loop = this.loop;
    if (!loop) return;
    const L = loop.loopDurationMs;
    const elapsed = now - this.epochMs;
    let loopNo = Math.floor(elapsed / L);
    const pos = elapsed - loopNo * L;
    let index: number;
    if (loop.keyframes.length > 0) {
      let k = -1;
      for (let i = loop.keyframes.length - 1; i >= 0; i--) {
        const idx = loop.keyframes[i] as number;
        if ((loop.media[idx] as FlvTag).timestamp <= pos) {
          k = idx;
          break;
        }
      }
      if (k < 0) {
        loopNo -= 1;
        k = loop.keyframes[loop.keyframes.length - 1] as number;
      }
      index = k;
    } else {
      // Audio only: the first frame at or after the position.
      index = loop.media.findIndex((t) => t.timestamp >= pos);
      if (index < 0) {
        index = 0;
        loopNo += 1;
      }
    }
    this.loopNo = loopNo;
    this.index = index;
  }

  private absTime(loopNo: number, index: number): number {
    const loop = this.loop as FlvLoop;
    return loopNo * loop.loopDurationMs + (loop.media[index] as FlvTag).timestamp;
  }

  private tick(): void {
    this.hasTimer = false;
    this.timer = null;
    if (this.stopped || this.destroyed) return;
    const now = this.nowMs();
    if (this.congested && now - this.congestedSince >= this.maxStallMs) {
      this.destroy();
      return;
    }
    this.pump(now);
    this.schedule();
  }

  /** Sends (or, when congested, drops) every tag that is due at `now`. */
  private pump(now: number): void {
    const loop = this.loop;
    if (!loop) return;
    const behind = now - (this.epochMs + this.absTime(this.loopNo, this.index));
    if (behind > this.maxLagMs) {
      const before = this.absTime(this.loopNo, this.index);
      const [l0, i0] = [this.loopNo, this.index];
      this.seekLiveEdge(now);
      if (this.absTime(this.loopNo, this.index) > before) {
        this.stats.resyncs++;
        this.needKeyframe = false;
      } else {
        this.loopNo = l0;
        this.index = i0;
      }
    }
    const parts: Uint8Array[] = [];
    for (;;) {
      const abs = this.absTime(this.loopNo, this.index);
      if (this.epochMs + abs > now) break;
      const tag = loop.media[this.index] as FlvTag;
      if (this.congested) {
        this.needKeyframe = true;
        this.stats.tagsDropped++;
      } else if (this.needKeyframe && !(tag.type === TAG_VIDEO && videoTagInfo(tag)?.isKeyframe === true)) {
        this.stats.tagsDropped++;
      } else {
        this.needKeyframe = false;
        let out = abs - this.zeroAbs;
        const prev = this.lastOut.get(tag.type);
        if (prev !== undefined && out < prev) out = prev;
        if (out < 0) out = 0;
        this.lastOut.set(tag.type, out);
        parts.push(this.copyTag(tag, out));
        this.stats.tagsSent++;
      }
      this.index++;
      if (this.index >= loop.media.length) {
        this.index = 0;
        this.loopNo++;
      }
    }
    if (parts.length > 0) this.pushChunk(concat(parts));
  }

  private pushChunk(chunk: Uint8Array): void {
    this.stats.bytesPushed += chunk.length;
    const ok = this.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    if (!ok && !this.congested) {
      this.congested = true;
      this.congestedSince = this.nowMs();
    }
  }

  private copyTag(tag: FlvTag, timestamp: number): Uint8Array {
    const loop = this.loop as FlvLoop;
    const out = loop.bytes.slice(tag.offset, tag.offset + 11 + tag.dataSize + 4);
    writeTimestamp(out, 0, timestamp);
    return out;
  }

  private schedule(): void {
    if (this.stopped || this.destroyed || this.hasTimer) return;
    this.hasTimer = true;
    this.timer = this.timers.setTimeout(() => this.tick(), this.tickMs);
  }

  private stopTimer(): void {
    if (this.hasTimer) {
      this.timers.clearTimeout(this.timer);
      this.hasTimer = false;
      this.timer = null;
    }
  }
}

/** See the module comment. Errors (unreadable or invalid file) arrive as an 'error' event. */
export function createFlvLiveStream(options: FlvLiveStreamOptions): FlvLiveStream {
  return new FlvLiveStream(options);
}

function trackEnd(media: readonly FlvTag[], type: number): number {
  let last = -1;
  let prev = -1;
  for (const t of media) {
    if (t.type !== type) continue;
    prev = last;
    last = t.timestamp;
  }
  if (last < 0) return 0;
  return prev < 0 ? last : last + (last - prev);
}

function isPlainObject(v: unknown): v is AmfObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0] as Uint8Array;
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}
