import { existsSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  LOOP_DURATION_MS,
  RENDITIONS,
  RENDITION_IDS,
  SEGMENT_COUNT,
  SEGMENT_DURATION_MS,
  ffmpegVodPlaylistFile,
  flvLoopFile,
  loopSegmentFile,
} from './catalog';
import {
  liveMasterPlaylist,
  liveMediaPlaylist,
  liveWindow,
  resolveMediaRequest,
  segmentFileForLiveSeq,
  segmentFileForVodIndex,
  vodMasterPlaylist,
  vodMediaPlaylist,
  vodLoops,
  VOD_LOOPS_MAX,
} from './hlsPlaylists';

const EPOCH = Date.UTC(2026, 0, 1, 12, 0, 0);

interface ParsedSegment {
  seq: number;
  uri: string;
  duration: number;
  programDateTime: string | null;
  discontinuity: boolean;
  /** Discontinuity sequence number of the segment, as a player computes it. */
  cc: number;
}

/** A small media playlist reader: enough to check what a player would see. */
function parseMedia(text: string) {
  const lines = text.split('\n').filter((l) => l !== '');
  const tag = (name: string) => {
    const l = lines.find((x) => x.startsWith(`#${name}:`));
    return l === undefined ? null : l.slice(name.length + 2);
  };
  const mediaSequence = Number(tag('EXT-X-MEDIA-SEQUENCE'));
  const discontinuitySequence = Number(tag('EXT-X-DISCONTINUITY-SEQUENCE') ?? '0');
  const segments: ParsedSegment[] = [];
  let seq = mediaSequence;
  let cc = discontinuitySequence;
  let pending: { duration: number; pdt: string | null; disc: boolean } = { duration: NaN, pdt: null, disc: false };
  for (const l of lines) {
    if (l === '#EXT-X-DISCONTINUITY') {
      pending.disc = true;
      cc++;
    } else if (l.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) pending.pdt = l.slice('#EXT-X-PROGRAM-DATE-TIME:'.length);
    else if (l.startsWith('#EXTINF:')) pending.duration = Number(l.slice(8).split(',')[0]);
    else if (!l.startsWith('#')) {
      segments.push({ seq, uri: l, duration: pending.duration, programDateTime: pending.pdt, discontinuity: pending.disc, cc });
      seq++;
      pending = { duration: NaN, pdt: null, disc: false };
    }
  }
  return { lines, tag, mediaSequence, discontinuitySequence, segments };
}

describe('live media playlist', () => {
  it('is a live playlist: header tags, no ENDLIST, no PLAYLIST-TYPE', () => {
    const p = parseMedia(liveMediaPlaylist({ rendition: 'hd', nowMs: EPOCH + 60_000, epochMs: EPOCH }));
    expect(p.lines[0]).toBe('#EXTM3U');
    expect(p.tag('EXT-X-VERSION')).toBe('3');
    expect(p.tag('EXT-X-TARGETDURATION')).toBe('2');
    expect(p.lines).not.toContain('#EXT-X-ENDLIST');
    expect(p.tag('EXT-X-PLAYLIST-TYPE')).toBeNull();
    expect(p.segments.every((s) => s.duration === 2)).toBe(true);
  });

  it('advances the media sequence by one every 2 s and keeps the window size', () => {
    for (let e = 8_000; e <= 100_000; e += 500) {
      const p = parseMedia(liveMediaPlaylist({ rendition: 'sd', nowMs: EPOCH + e, epochMs: EPOCH }));
      const newest = Math.floor(e / SEGMENT_DURATION_MS) - 1;
      expect(p.mediaSequence).toBe(newest - 3);
      expect(p.segments.map((s) => s.seq)).toEqual([newest - 3, newest - 2, newest - 1, newest]);
    }
    const at = (ms: number) => liveWindow({ nowMs: EPOCH + ms, epochMs: EPOCH }).mediaSequence;
    expect(at(41_999)).toBe(16);
    expect(at(42_000)).toBe(17);
    expect(at(43_999)).toBe(17);
    expect(at(44_000)).toBe(18);
  });

  it('honours windowSize', () => {
    const p = parseMedia(liveMediaPlaylist({ rendition: 'sd', nowMs: EPOCH + 100_000, epochMs: EPOCH, windowSize: 6 }));
    expect(p.segments.map((s) => s.seq)).toEqual([44, 45, 46, 47, 48, 49]);
    expect(liveWindow({ nowMs: EPOCH + 100_000, epochMs: EPOCH, windowSize: 1 }).entries.map((e) => e.seq)).toEqual([49]);
  });

  it('lists only segments that have ended, and clamps at the start of the stream', () => {
    for (let e = -5_000; e <= 50_000; e += 137) {
      const now = EPOCH + e;
      const w = liveWindow({ nowMs: now, epochMs: EPOCH });
      for (const s of w.entries) expect(s.startMs + SEGMENT_DURATION_MS).toBeLessThanOrEqual(now);
      expect(w.mediaSequence).toBeGreaterThanOrEqual(0);
    }
    expect(liveWindow({ nowMs: EPOCH - 1, epochMs: EPOCH }).entries).toEqual([]);
    expect(liveWindow({ nowMs: EPOCH + 1_999, epochMs: EPOCH }).entries).toEqual([]);
    expect(liveWindow({ nowMs: EPOCH + 2_000, epochMs: EPOCH }).entries.map((s) => s.seq)).toEqual([0]);
    expect(liveWindow({ nowMs: EPOCH + 7_000, epochMs: EPOCH }).entries.map((s) => s.seq)).toEqual([0, 1, 2]);
    const empty = parseMedia(liveMediaPlaylist({ rendition: 'hd', nowMs: EPOCH, epochMs: EPOCH }));
    expect(empty.mediaSequence).toBe(0);
    expect(empty.segments).toEqual([]);
  });

  it('maps each entry to loop segment seq mod 10 and encodes the sequence in the URI', () => {
    const text = liveMediaPlaylist({ rendition: 'original', nowMs: EPOCH + 50_500, epochMs: EPOCH });
    const p = parseMedia(text);
    expect(p.segments.map((s) => s.uri)).toEqual(['live-21.ts', 'live-22.ts', 'live-23.ts', 'live-24.ts']);
    expect(liveWindow({ nowMs: EPOCH + 50_500, epochMs: EPOCH }).entries.map((e) => e.loopSegment)).toEqual([1, 2, 3, 4]);
    const withPrefix = parseMedia(
      liveMediaPlaylist({ rendition: 'original', nowMs: EPOCH + 50_500, epochMs: EPOCH, uriPrefix: '/media/line1/' }),
    );
    expect(withPrefix.segments[0]?.uri).toBe('/media/line1/original/live-21.ts');
  });

  it('puts a DISCONTINUITY before every loop wrap and keeps DISCONTINUITY-SEQUENCE right as the window slides', () => {
    const seen = new Map<number, number>(); // seq -> cc, must never change between reloads
    for (let e = 2_000; e <= 3 * LOOP_DURATION_MS + 10_000; e += 500) {
      const p = parseMedia(liveMediaPlaylist({ rendition: 'hd', nowMs: EPOCH + e, epochMs: EPOCH }));
      for (const s of p.segments) {
        expect(s.discontinuity).toBe(s.seq > 0 && s.seq % SEGMENT_COUNT === 0);
        expect(s.cc).toBe(Math.floor(s.seq / SEGMENT_COUNT));
        const before = seen.get(s.seq);
        if (before !== undefined) expect(s.cc).toBe(before);
        seen.set(s.seq, s.cc);
      }
    }
    // Concrete windows around the first wrap (seq 10).
    const at = (e: number) => parseMedia(liveMediaPlaylist({ rendition: 'hd', nowMs: EPOCH + e, epochMs: EPOCH }));
    const w1 = at(22_000); // 7..10
    expect(w1.discontinuitySequence).toBe(0);
    expect(w1.lines.filter((l) => l === '#EXT-X-DISCONTINUITY')).toHaveLength(1);
    expect(w1.segments.find((s) => s.discontinuity)?.seq).toBe(10);
    const w2 = at(28_000); // 10..13, the wrap is the first entry
    expect(w2.mediaSequence).toBe(10);
    expect(w2.discontinuitySequence).toBe(0);
    expect(w2.segments[0]?.discontinuity).toBe(true);
    const w3 = at(30_000); // 11..14, the wrap has slid out
    expect(w3.discontinuitySequence).toBe(1);
    expect(w3.lines).not.toContain('#EXT-X-DISCONTINUITY');
    const w4 = at(10 * LOOP_DURATION_MS + 5_000); // 98..101 around the wrap at 100
    expect(w4.discontinuitySequence).toBe(9);
    expect(w4.segments.map((s) => s.cc)).toEqual([9, 9, 10, 10]);
  });

  it('stamps each segment with PROGRAM-DATE-TIME = epoch + seq * 2 s', () => {
    const p = parseMedia(liveMediaPlaylist({ rendition: 'sd', nowMs: EPOCH + 123_456, epochMs: EPOCH }));
    expect(p.segments).toHaveLength(4);
    for (const s of p.segments) {
      expect(s.programDateTime).toBe(new Date(EPOCH + s.seq * SEGMENT_DURATION_MS).toISOString());
    }
    expect(p.segments[0]?.programDateTime).toBe('2026-01-01T12:01:54.000Z');
    // With the Unix epoch as the stream epoch, dates are plain wall-clock times.
    const now = Date.UTC(2026, 5, 1, 8, 30, 1, 500);
    const q = parseMedia(liveMediaPlaylist({ rendition: 'sd', nowMs: now, epochMs: 0 }));
    expect(q.segments.at(-1)?.programDateTime).toBe('2026-06-01T08:29:58.000Z');
  });
});

describe('master playlists', () => {
  it('list every rendition with bandwidth, resolution and codecs', () => {
    for (const [text, name] of [
      [liveMasterPlaylist(), 'live.m3u8'],
      [vodMasterPlaylist(), 'vod.m3u8'],
    ] as const) {
      const lines = text.trim().split('\n');
      expect(lines[0]).toBe('#EXTM3U');
      const uris = lines.filter((l) => !l.startsWith('#'));
      expect(uris).toEqual(RENDITION_IDS.map((id) => `${id}/${name}`));
      for (const r of RENDITIONS) {
        const inf = lines[lines.indexOf(`${r.id}/${name}`) - 1] ?? '';
        expect(inf).toContain(`BANDWIDTH=${r.bandwidth}`);
        expect(inf).toContain(`RESOLUTION=${r.width}x${r.height}`);
        expect(inf).toContain(`CODECS="${r.codecs}"`);
      }
    }
    const some = liveMasterPlaylist({ renditions: ['sd', 'hd'], uriPrefix: 'http://127.0.0.1:9/media/line2' });
    expect(some.split('\n').filter((l) => l.startsWith('http'))).toEqual([
      'http://127.0.0.1:9/media/line2/sd/live.m3u8',
      'http://127.0.0.1:9/media/line2/hd/live.m3u8',
    ]);
  });
});

describe('VOD (replay) playlist', () => {
  it.each(RENDITION_IDS)('%s: lists the 10 loop segments, which exist, and ends with ENDLIST', (id) => {
    const text = vodMediaPlaylist({ rendition: id });
    const p = parseMedia(text);
    expect(p.tag('EXT-X-PLAYLIST-TYPE')).toBe('VOD');
    expect(text.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect(p.segments).toHaveLength(SEGMENT_COUNT);
    expect(p.segments.map((s) => s.uri)).toEqual(Array.from({ length: 10 }, (_, i) => `seg-${i}.ts`));
    expect(p.segments.reduce((a, s) => a + s.duration, 0)).toBeCloseTo(LOOP_DURATION_MS / 1000, 6);
    for (let i = 0; i < SEGMENT_COUNT; i++) {
      const file = segmentFileForVodIndex(id, i);
      expect(file).not.toBeNull();
      expect(existsSync(file as string)).toBe(true);
    }
    // Same segments and durations as the playlist ffmpeg wrote when cutting them.
    const ff = parseMedia(readFileSync(ffmpegVodPlaylistFile(id), 'utf8'));
    expect(ff.segments.map((s) => [s.uri, s.duration])).toEqual(p.segments.map((s) => [s.uri, s.duration]));
    const prefixed = parseMedia(vodMediaPlaylist({ rendition: id, uriPrefix: '/media/replay' }));
    expect(prefixed.segments[9]?.uri).toBe(`/media/replay/${id}/seg-9.ts`);
  });
});

describe('a longer recording (the loop played n times)', () => {
  it('repeats the loop, each repeat after a discontinuity, within 1 to 360 loops', () => {
    const text = vodMediaPlaylist({ rendition: 'hd', loops: 15 });
    const p = parseMedia(text);
    expect(p.segments).toHaveLength(SEGMENT_COUNT * 15);
    expect(p.segments.reduce((a, s) => a + s.duration, 0)).toBeCloseTo((15 * LOOP_DURATION_MS) / 1000, 3);
    expect(text.match(/#EXT-X-DISCONTINUITY/g)).toHaveLength(14);
    expect(text.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect(vodLoops(15)).toBe(15);
    expect(vodLoops(10_000)).toBe(VOD_LOOPS_MAX);
    for (const odd of [0, -3, 1.5, Number.NaN, '15', null]) expect(vodLoops(odd)).toBe(1);
    expect(parseMedia(vodMediaPlaylist({ rendition: 'hd', loops: 0 })).segments).toHaveLength(SEGMENT_COUNT);
  });
});

describe('segment files', () => {
  it('maps live sequence numbers onto loop segments', () => {
    expect(segmentFileForLiveSeq('hd', 0)).toBe(loopSegmentFile('hd', 0));
    expect(segmentFileForLiveSeq('hd', 23)).toBe(loopSegmentFile('hd', 3));
    expect(segmentFileForLiveSeq('sd', '123456789')).toBe(loopSegmentFile('sd', 9));
    expect(segmentFileForLiveSeq('original', 10)).toMatch(/original[\\/]seg-0\.ts$/);
  });

  it('returns null for bad input, never throws', () => {
    const bad: unknown[] = [-1, 1.5, NaN, Infinity, '-1', '1.5', '1e3', '', ' 1', 'abc', '0x10', '99999999999999999', null, undefined, {}, 2 ** 53];
    for (const v of bad) expect(segmentFileForLiveSeq('hd', v as number)).toBeNull();
    expect(segmentFileForLiveSeq('4k', 1)).toBeNull();
    expect(segmentFileForLiveSeq('__proto__', 1)).toBeNull();
    expect(segmentFileForVodIndex('hd', 10)).toBeNull();
    expect(segmentFileForVodIndex('hd', '9')).toBe(loopSegmentFile('hd', 9));
  });

  it('declares a BANDWIDTH at least the peak segment bit rate', () => {
    for (const r of RENDITIONS) {
      let peak = 0;
      let total = 0;
      for (let i = 0; i < SEGMENT_COUNT; i++) {
        const size = statSync(loopSegmentFile(r.id, i) as string).size;
        peak = Math.max(peak, (size * 8) / (SEGMENT_DURATION_MS / 1000));
        total += size * 8;
      }
      expect(r.bandwidth).toBeGreaterThanOrEqual(peak);
      expect(r.bandwidth).toBeLessThan(peak * 1.2);
      expect(Math.abs(r.averageBandwidth - total / (LOOP_DURATION_MS / 1000))).toBeLessThan(0.05 * r.averageBandwidth);
    }
  });

  it('has the second camera cut like the main one (ten 2 s segments), within the same declared bandwidths, and its own pictures', () => {
    const main = parseMedia(readFileSync(ffmpegVodPlaylistFile('hd'), 'utf8'));
    for (const r of RENDITIONS) {
      const cam2 = parseMedia(readFileSync(ffmpegVodPlaylistFile(r.id, 'cam2'), 'utf8'));
      expect(cam2.segments.map((s) => [s.uri, s.duration])).toEqual(main.segments.map((s) => [s.uri, s.duration]));
      for (let i = 0; i < SEGMENT_COUNT; i++) {
        const file = loopSegmentFile(r.id, i, 'cam2') as string;
        expect(file).toMatch(new RegExp(`cam2[\\\\/]${r.id}[\\\\/]seg-${i}\\.ts$`));
        expect((statSync(file).size * 8) / (SEGMENT_DURATION_MS / 1000)).toBeLessThanOrEqual(r.bandwidth);
      }
      expect(readFileSync(loopSegmentFile(r.id, 0, 'cam2') as string).equals(readFileSync(loopSegmentFile(r.id, 0) as string))).toBe(false);
      expect(existsSync(flvLoopFile(r.id, 'cam2'))).toBe(true);
    }
    expect(segmentFileForLiveSeq('sd', 13, 'cam2')).toBe(loopSegmentFile('sd', 3, 'cam2'));
  });
});

describe('resolveMediaRequest', () => {
  it('maps the URI layout to resources', () => {
    expect(resolveMediaRequest('live.m3u8')).toEqual({ kind: 'liveMaster' });
    expect(resolveMediaRequest('/vod.m3u8?x=1')).toEqual({ kind: 'vodMaster' });
    expect(resolveMediaRequest('hd/live.m3u8')).toEqual({ kind: 'liveMedia', rendition: 'hd' });
    expect(resolveMediaRequest('sd/vod.m3u8')).toEqual({ kind: 'vodMedia', rendition: 'sd' });
    expect(resolveMediaRequest('original/live.flv')).toEqual({ kind: 'flvLive', rendition: 'original' });
    expect(resolveMediaRequest('hd/live-42.ts')).toEqual({ kind: 'liveSegment', rendition: 'hd', seq: 42, file: loopSegmentFile('hd', 2) });
    expect(resolveMediaRequest('sd/seg-7.ts')).toEqual({ kind: 'vodSegment', rendition: 'sd', index: 7, file: loopSegmentFile('sd', 7) });
  });

  it('rejects anything else', () => {
    for (const p of ['', '/', 'hd', 'hd/', 'uhd/live.m3u8', 'hd/seg-10.ts', 'hd/seg--1.ts', 'hd/live-.ts', 'hd/live-1.5.ts',
      '../hd/live.m3u8', 'hd/../sd/vod.m3u8', 'hd/loop.flv', 'hd/seg-1.ts/x', 'hd/live-9999999999999999.ts']) {
      expect(resolveMediaRequest(p)).toBeNull();
    }
  });
});
