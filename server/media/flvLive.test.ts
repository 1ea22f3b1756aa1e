import { readFileSync } from 'node:fs';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { flvLoopFile } from './catalog';
import { TAG_AUDIO, TAG_SCRIPT, TAG_VIDEO, audioTagInfo, parseFlv, parseScriptTag, videoTagInfo, type AmfObject, type FlvTag } from './flv';
import { createFlvLiveStream, indexFlvLoop, type FlvLiveStream, type FlvLiveTimers, type FlvLoop } from './flvLive';

/** Manual clock: time moves only in advance(); due timers fire in order. */
class FakeClock implements FlvLiveTimers {
  private nextId = 1;
  private readonly pending = new Map<number, { at: number; cb: () => void }>();
  constructor(public now: number) {}
  readonly nowMs = (): number => this.now;
  setTimeout(cb: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.pending.set(id, { at: this.now + ms, cb });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }
  get pendingCount(): number {
    return this.pending.size;
  }
  advance(ms: number): void {
    const end = this.now + ms;
    for (;;) {
      let next: [number, { at: number; cb: () => void }] | undefined;
      for (const e of this.pending) if (e[1].at <= end && (!next || e[1].at < next[1].at)) next = e;
      if (!next) break;
      this.pending.delete(next[0]);
      this.now = Math.max(this.now, next[1].at);
      next[1].cb();
    }
    this.now = end;
  }
}

function loadLoop(): FlvLoop {
  const r = indexFlvLoop(new Uint8Array(readFileSync(flvLoopFile('sd'))));
  if (!r.ok) throw new Error(r.error);
  return r.loop;
}
const LOOP = loadLoop();
const EPOCH = Date.UTC(2026, 0, 1);
const L = LOOP.loopDurationMs;

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

function collect(stream: FlvLiveStream): { bytes: () => Uint8Array } {
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  return { bytes: () => new Uint8Array(Buffer.concat(chunks)) };
}

function parsed(bytes: Uint8Array) {
  const r = parseFlv(bytes);
  if (!r.ok) throw new Error(r.error);
  const media = r.tags.filter((t) => {
    const v = videoTagInfo(t);
    const a = audioTagInfo(t);
    return (v !== null && !v.isSequenceHeader) || (a !== null && !a.isSequenceHeader);
  });
  return { tags: r.tags, media, video: media.filter((t) => t.type === TAG_VIDEO), audio: media.filter((t) => t.type === TAG_AUDIO) };
}

const isKey = (t: FlvTag | undefined) => t !== undefined && videoTagInfo(t)?.isKeyframe === true;

const open: FlvLiveStream[] = [];
function start(clock: FakeClock, extra: Partial<Parameters<typeof createFlvLiveStream>[0]> = {}): FlvLiveStream {
  const s = createFlvLiveStream({ loop: LOOP, epochMs: EPOCH, nowMs: clock.nowMs, timers: clock, ...extra });
  open.push(s);
  return s;
}
afterEach(() => {
  for (const s of open.splice(0)) s.destroy();
});

describe('live FLV stream', () => {
  it('starts with the FLV header, onMetaData and both sequence headers, then a keyframe at timestamp 0', async () => {
    const clock = new FakeClock(EPOCH + 7 * L + 12_345);
    const s = start(clock);
    const out = collect(s);
    await flush();
    const bytes = out.bytes();
    expect(Array.from(bytes.subarray(0, 3))).toEqual([0x46, 0x4c, 0x56]);
    const { tags, media } = parsed(bytes);
    expect(tags[0]?.type).toBe(TAG_SCRIPT);
    const meta = parseScriptTag(tags[0]!);
    expect(meta?.name).toBe('onMetaData');
    const m = meta?.value as AmfObject;
    expect(m['duration']).toBeUndefined();
    expect(m['width']).toBe(426);
    expect(videoTagInfo(tags[1]!)?.isSequenceHeader || audioTagInfo(tags[1]!)?.isSequenceHeader).toBe(true);
    expect(videoTagInfo(tags[2]!)?.isSequenceHeader || audioTagInfo(tags[2]!)?.isSequenceHeader).toBe(true);
    expect(tags[1]?.timestamp).toBe(0);
    expect(tags[2]?.timestamp).toBe(0);
    const firstVideo = media.find((t) => t.type === TAG_VIDEO);
    expect(isKey(firstVideo)).toBe(true);
    expect(firstVideo?.timestamp).toBe(0);
    // Joined at the keyframe at 12.000 s of the loop (live position 12.345 s).
    expect(s.wallClockAtZeroMs).toBe(EPOCH + 7 * L + 12_000);
    expect(m['wallClockAtZeroMs']).toBe(EPOCH + 7 * L + 12_000);
  });

  it('sends the GOP up to the live position at once, then paces in real time', async () => {
    const clock = new FakeClock(EPOCH + 3 * L + 5_600);
    const s = start(clock);
    const out = collect(s);
    await flush();
    let p = parsed(out.bytes());
    // Keyframe at 5.000 s; frames 5.000 .. 5.600 are due: 16 video frames (0..600 ms).
    expect(p.video.map((t) => t.timestamp)).toEqual(Array.from({ length: 16 }, (_, i) => i * 40));
    const size0 = out.bytes().length;

    clock.advance(1_000);
    await flush();
    p = parsed(out.bytes());
    const lastVideo = p.video.at(-1)!.timestamp;
    expect(lastVideo).toBeGreaterThanOrEqual(1_600 - 40 - 25);
    expect(lastVideo).toBeLessThanOrEqual(1_600);
    expect(p.video.length).toBeGreaterThanOrEqual(16 + 24);
    expect(p.video.length).toBeLessThanOrEqual(16 + 26);
    const audioEnd = p.audio.at(-1)!.timestamp;
    expect(audioEnd).toBeGreaterThan(1_500);
    expect(audioEnd).toBeLessThanOrEqual(1_600);
    // About one second of media, nowhere near the whole 20 s file.
    expect(out.bytes().length - size0).toBeLessThan(LOOP.bytes.length / 10);
  });

  it('keeps timestamps monotonic and evenly spaced across loop wraps', async () => {
    const clock = new FakeClock(EPOCH + 41 * L + 18_500);
    const s = start(clock);
    const out = collect(s);
    for (let i = 0; i < 100; i++) {
      clock.advance(250); // 25 s in all: crosses two wraps
      await flush(); // let the consumer read, as between real timer ticks
    }
    const p = parsed(out.bytes());
    const v = p.video.map((t) => t.timestamp);
    const a = p.audio.map((t) => t.timestamp);
    expect(v[0]).toBe(0);
    expect(v.at(-1)).toBeGreaterThan(25_000);
    for (let i = 1; i < v.length; i++) expect(v[i]! - v[i - 1]!).toBe(40);
    for (let i = 1; i < a.length; i++) expect(a[i]! - a[i - 1]!).toBe(32);
    // Keyframes stay every second through the wraps.
    const keys = p.video.filter((t) => isKey(t)).map((t) => t.timestamp);
    for (let i = 1; i < keys.length; i++) expect(keys[i]! - keys[i - 1]!).toBe(1_000);
    expect(s.stats.tagsDropped).toBe(0);
  });

  it('stops its timer when closed or destroyed, and sends nothing more', async () => {
    const clock = new FakeClock(EPOCH + 1_000);
    const s = start(clock);
    const out = collect(s);
    clock.advance(500);
    expect(clock.pendingCount).toBe(1);
    expect(s.timerPending).toBe(true);
    s.close();
    await flush();
    expect(clock.pendingCount).toBe(0);
    expect(s.timerPending).toBe(false);
    const n = out.bytes().length;
    clock.advance(5_000);
    await flush();
    expect(out.bytes().length).toBe(n);
    expect(s.destroyed).toBe(true);
  });

  it('finish() ends the stream cleanly', async () => {
    const clock = new FakeClock(EPOCH + 1_000);
    const s = start(clock);
    collect(s);
    const ended = once(s, 'end');
    clock.advance(300);
    s.finish();
    await ended;
    expect(clock.pendingCount).toBe(0);
  });

  it('drops tags for a slow consumer and resumes at a keyframe, without unbounded buffering', async () => {
    const clock = new FakeClock(EPOCH + 2 * L + 3_100);
    const s = start(clock, { highWaterMark: 8 * 1024 });
    // Nobody reads for 6 s.
    for (let i = 0; i < 240; i++) clock.advance(25);
    expect(s.readableLength).toBeLessThan(8 * 1024 + 4 * 1024);
    expect(s.stats.tagsDropped).toBeGreaterThan(100);
    const out = collect(s);
    await flush();
    for (let i = 0; i < 120; i++) clock.advance(25);
    await flush();
    const p = parsed(out.bytes());
    // Find the gap, where sending resumed: the first tag after it is a keyframe.
    const gapAt = p.media.findIndex((t, i) => i > 0 && t.timestamp - p.media[i - 1]!.timestamp > 100);
    expect(gapAt).toBeGreaterThan(0);
    expect(isKey(p.media[gapAt])).toBe(true);
    // After resuming the stream is at the live edge, and timestamps still go forward.
    const v = p.video.map((t) => t.timestamp);
    for (let i = 1; i < v.length; i++) expect(v[i]!).toBeGreaterThan(v[i - 1]!);
    expect(v.at(-1)).toBeGreaterThan(9_000 - 100 - 1_000); // 6 s + 3 s since the 3.000 s keyframe, minus a GOP
  });

  it('ends itself when the consumer reads nothing for maxStallMs', async () => {
    const clock = new FakeClock(EPOCH + 1_000);
    const s = start(clock, { highWaterMark: 4 * 1024, maxStallMs: 10_000 });
    for (let i = 0; i < 500; i++) clock.advance(25);
    await flush();
    expect(s.destroyed).toBe(true);
    expect(clock.pendingCount).toBe(0);
  });

  it('jumps to the live edge when the sender falls behind (stalled event loop)', async () => {
    const clock = new FakeClock(EPOCH + 500);
    const s = start(clock);
    const out = collect(s);
    clock.advance(1_000);
    clock.now += 10_000; // the timer could not run for 10 s
    clock.advance(100);
    await flush();
    expect(s.stats.resyncs).toBe(1);
    const p = parsed(out.bytes());
    const v = p.video.map((t) => t.timestamp);
    for (let i = 1; i < v.length; i++) expect(v[i]!).toBeGreaterThan(v[i - 1]!);
    const jump = p.video.findIndex((t, i) => i > 0 && t.timestamp - p.video[i - 1]!.timestamp > 40);
    expect(isKey(p.video[jump])).toBe(true);
    // Live position 11.6 s; keyframe at 11.0 s, i.e. 11.0 s after the join at 0.0 s.
    expect(p.video[jump]?.timestamp).toBe(11_000);
    expect(v.at(-1)).toBe(11_600);
  });

  it('joins before the epoch and at an exact keyframe time', async () => {
    const clock = new FakeClock(EPOCH - 1_500); // loop position 18.5 s of the previous loop
    const s = start(clock);
    collect(s);
    expect(s.wallClockAtZeroMs).toBe(EPOCH - 2_000);
    const c2 = new FakeClock(EPOCH + 4_000);
    const s2 = start(c2);
    const out2 = collect(s2);
    await flush();
    expect(s2.wallClockAtZeroMs).toBe(EPOCH + 4_000);
    expect(parsed(out2.bytes()).video.map((t) => t.timestamp)).toEqual([0]);
  });

  it('loads the loop from a file, and reports an unreadable file as an error event', async () => {
    const s = createFlvLiveStream({ file: flvLoopFile('hd'), epochMs: 0 });
    open.push(s);
    const [chunk] = (await once(s, 'data')) as [Buffer];
    expect(chunk.subarray(0, 3).toString('latin1')).toBe('FLV');
    s.close();
    expect(s.timerPending).toBe(false);

    const bad = createFlvLiveStream({ file: '/nonexistent/loop.flv', epochMs: 0 });
    const [err] = (await once(bad, 'error')) as [Error];
    expect(err.message).toMatch(/ENOENT/);
    expect(bad.timerPending).toBe(false);
    const notFlv = createFlvLiveStream({ file: new URL(import.meta.url).pathname, epochMs: 0 });
    const [err2] = (await once(notFlv, 'error')) as [Error];
    expect(err2.message).toMatch(/FLV/);
  });
});
