import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RENDITIONS, RENDITION_IDS, flvLoopFile, getRendition } from './catalog';
import {
  TAG_AUDIO,
  TAG_SCRIPT,
  TAG_VIDEO,
  audioTagInfo,
  decodeAmf0,
  encodeAmf0,
  encodeFlvTag,
  parseFlv,
  parseScriptTag,
  videoTagInfo,
  type AmfObject,
} from './flv';
import { indexFlvLoop } from './flvLive';

const load = (id: (typeof RENDITION_IDS)[number]) => new Uint8Array(readFileSync(flvLoopFile(id)));

describe('FLV reader on the committed loops', () => {
  it.each(RENDITION_IDS)('%s/loop.flv: header, sequence headers, keyframe first, ordered timestamps, 20 s', (id) => {
    const bytes = load(id);
    const r = parseFlv(bytes);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.header).toMatchObject({ version: 1, hasAudio: true, hasVideo: true, dataOffset: 9 });
    expect(r.tags.length).toBeGreaterThan(1000);
    expect(r.tags.every((t) => t.streamId === 0)).toBe(true);

    const meta = parseScriptTag(r.tags[0]!);
    expect(meta?.name).toBe('onMetaData');
    const m = meta?.value as AmfObject;
    const rendition = getRendition(id);
    expect(m['width']).toBe(rendition.width);
    expect(m['height']).toBe(rendition.height);
    expect(m['framerate']).toBe(25);
    expect(m['duration']).toBeCloseTo(20, 1);

    const firstVideo = r.tags.findIndex((t) => t.type === TAG_VIDEO);
    expect(videoTagInfo(r.tags[firstVideo]!)?.isSequenceHeader).toBe(true);
    const firstAudio = r.tags.findIndex((t) => t.type === TAG_AUDIO);
    expect(audioTagInfo(r.tags[firstAudio]!)?.isSequenceHeader).toBe(true);
    const media = r.tags.filter((t) => {
      const v = videoTagInfo(t);
      const a = audioTagInfo(t);
      return (v !== null && !v.isSequenceHeader && !v.isEndOfSequence) || (a !== null && !a.isSequenceHeader);
    });
    const firstMediaVideo = media.find((t) => t.type === TAG_VIDEO)!;
    expect(videoTagInfo(firstMediaVideo)?.isKeyframe).toBe(true);
    expect(firstMediaVideo.timestamp).toBe(0);

    for (const type of [TAG_AUDIO, TAG_VIDEO]) {
      const ts = media.filter((t) => t.type === type).map((t) => t.timestamp);
      for (let i = 1; i < ts.length; i++) expect(ts[i]!).toBeGreaterThan(ts[i - 1]!);
    }
    const video = media.filter((t) => t.type === TAG_VIDEO);
    expect(video).toHaveLength(500);
    expect(video.every((t, i) => t.timestamp === i * 40)).toBe(true);
    expect(video.every((t) => videoTagInfo(t)?.compositionTimeMs === 0)).toBe(true); // no B-frames
    const keyTimes = video.filter((t) => videoTagInfo(t)?.isKeyframe).map((t) => t.timestamp);
    expect(keyTimes).toEqual(Array.from({ length: 20 }, (_, i) => i * 1000));
    const audio = media.filter((t) => t.type === TAG_AUDIO);
    expect(audio).toHaveLength(625); // 20 s of 1024-sample frames at 32 kHz
    expect(audio.every((t) => audioTagInfo(t)?.soundFormat === 10)).toBe(true);

    const loop = indexFlvLoop(bytes);
    expect(loop.ok && loop.loop.loopDurationMs).toBe(20_000);
  });

  it.each(RENDITIONS)('$id: the AVC configuration matches the catalog codecs string', (rendition) => {
    const r = parseFlv(load(rendition.id));
    if (!r.ok) throw new Error(r.error);
    const seq = r.tags.find((t) => videoTagInfo(t)?.isSequenceHeader)!;
    // data: 1 byte flags, 1 packet type, 3 composition time, then AVCDecoderConfigurationRecord
    const rec = seq.data.subarray(5);
    const hex = (n: number) => n.toString(16).padStart(2, '0');
    expect(`avc1.${hex(rec[1]!)}${hex(rec[2]!)}${hex(rec[3]!)}`).toBe(rendition.codecs.split(',')[0]);
    const aac = r.tags.find((t) => audioTagInfo(t)?.isSequenceHeader)!;
    // AudioSpecificConfig: 5 bits object type (2 = AAC-LC), 4 bits frequency index (5 = 32 kHz)
    const asc = ((aac.data[2]! << 8) | aac.data[3]!) >>> 0;
    expect(asc >> 11).toBe(2);
    expect((asc >> 7) & 0x0f).toBe(5);
  });
});

describe('FLV reader on bad input', () => {
  const good = load('sd');

  it('reports truncation at any point instead of throwing, keeping the tags read so far', () => {
    for (const n of [0, 1, 3, 8, 9, 12, 14, 23, 24, 100, 1000, 4097, good.length - 5, good.length - 4, good.length - 1]) {
      const r = parseFlv(good.subarray(0, n));
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toMatch(/truncated|missing|signature/);
    }
    expect(parseFlv(good.subarray(0, 13))).toMatchObject({ ok: true, tags: [] }); // header only: empty but valid
    const r = parseFlv(good.subarray(0, 100_000));
    expect(r.ok).toBe(false);
    expect(r.tags.length).toBeGreaterThan(10);
    expect(indexFlvLoop(good.subarray(0, 100_000)).ok).toBe(false);
  });

  it('rejects a wrong signature, a bad header size and a wrong PreviousTagSize', () => {
    expect(parseFlv(new TextEncoder().encode('GIF89a....................')).ok).toBe(false);
    const badHeader = good.slice(0, 64);
    badHeader[8] = 3;
    expect(parseFlv(badHeader)).toMatchObject({ ok: false, error: /header size/ });
    const badPrev = good.slice();
    const first = parseFlv(good);
    if (!first.ok) throw new Error(first.error);
    const t = first.tags[1]!;
    const at = t.offset + 11 + t.dataSize + 3;
    badPrev[at] = badPrev[at]! ^ 0xff;
    const r = parseFlv(badPrev);
    expect(r).toMatchObject({ ok: false, error: /PreviousTagSize/ });
    expect(r.tags).toHaveLength(1); // the tag before the bad one
    const badPrev0 = good.slice();
    badPrev0[12] = 1;
    expect(parseFlv(badPrev0)).toMatchObject({ ok: false, error: /PreviousTagSize0/ });
    // Random bytes after a valid header never throw.
    let seed = 7;
    for (let k = 0; k < 200; k++) {
      const junk = good.slice(0, 13 + (k % 50) * 7);
      for (let i = 13; i < junk.length; i++) {
        seed = (seed * 1103515245 + 12345) >>> 0;
        junk[i] = seed >>> 24;
      }
      expect(() => parseFlv(junk)).not.toThrow();
      expect(() => indexFlvLoop(junk)).not.toThrow();
    }
  });

  it('reads the extended timestamp byte', () => {
    const tag = encodeFlvTag(TAG_VIDEO, 0x12345678, Uint8Array.from([0x17, 1, 0, 0, 0]));
    const file = new Uint8Array(13 + tag.length);
    file.set([0x46, 0x4c, 0x56, 1, 1, 0, 0, 0, 9, 0, 0, 0, 0]);
    file.set(tag, 13);
    const r = parseFlv(file);
    expect(r.ok && r.tags[0]?.timestamp).toBe(0x12345678);
    expect(r.ok && videoTagInfo(r.tags[0]!)?.isKeyframe).toBe(true);
  });
});

describe('AMF0', () => {
  it('round-trips metadata values', () => {
    const meta: AmfObject = { duration: 20, width: 640, stereo: false, encoder: 'Lavf', nested: { a: 1 }, list: [1, 'x', null] };
    const bytes = encodeAmf0(['onMetaData', meta]);
    const d = decodeAmf0(bytes);
    expect(d).toEqual({ ok: true, values: ['onMetaData', meta] });
    const tag = encodeFlvTag(TAG_SCRIPT, 0, bytes);
    const file = new Uint8Array(13 + tag.length);
    file.set([0x46, 0x4c, 0x56, 1, 5, 0, 0, 0, 9, 0, 0, 0, 0]);
    file.set(tag, 13);
    const r = parseFlv(file);
    expect(r.ok && parseScriptTag(r.tags[0]!)).toEqual({ name: 'onMetaData', value: meta });
  });

  it('reports bad AMF0 instead of throwing', () => {
    expect(decodeAmf0(Uint8Array.from([0x00, 1, 2])).ok).toBe(false);
    expect(decodeAmf0(Uint8Array.from([0x02, 0, 9, 65])).ok).toBe(false);
    expect(decodeAmf0(Uint8Array.from([0x0d])).ok).toBe(false);
    expect(decodeAmf0(Uint8Array.from([0x0a, 0xff, 0xff, 0xff, 0xff])).ok).toBe(false);
    const deep = new Uint8Array(200).fill(0x0a);
    expect(decodeAmf0(deep).ok).toBe(false);
  });
});
