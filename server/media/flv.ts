// FLV reading and writing helpers: file header, tags (with the extended timestamp byte),
// PreviousTagSize validation, AVC/AAC tag details and AMF0 script data. Nothing here
// throws on bad input: parse functions return { ok: false, error } (with whatever was read
// before the problem) so a truncated or corrupt file cannot crash a server.

export const FLV_CONTENT_TYPE = 'video/x-flv';
export const TAG_AUDIO = 8;
export const TAG_VIDEO = 9;
export const TAG_SCRIPT = 18;

/** FLV file header (9 bytes) followed by PreviousTagSize0 = 0. */
export const FLV_HEADER_SIZE = 9;
const TAG_HEADER_SIZE = 11;
const PREV_TAG_SIZE = 4;

export interface FlvHeader {
  readonly version: number;
  readonly hasAudio: boolean;
  readonly hasVideo: boolean;
  /** Offset of the body (the first PreviousTagSize field); 9 in FLV 1. */
  readonly dataOffset: number;
}

export interface FlvTag {
  /** 8 audio, 9 video, 18 script data (the low 5 bits of the first byte). */
  readonly type: number;
  readonly dataSize: number;
  /** Milliseconds: 24-bit timestamp plus the extended (upper) byte. */
  readonly timestamp: number;
  readonly streamId: number;
  /** Byte offset of the tag header in the parsed buffer. */
  readonly offset: number;
  /** The tag body (a view into the parsed buffer). */
  readonly data: Uint8Array;
}

export type FlvParseResult =
  | { readonly ok: true; readonly header: FlvHeader; readonly tags: FlvTag[] }
  | { readonly ok: false; readonly error: string; readonly header: FlvHeader | null; readonly tags: FlvTag[] };

export function parseFlvHeader(bytes: Uint8Array): { ok: true; header: FlvHeader } | { ok: false; error: string } {
  if (bytes.length < FLV_HEADER_SIZE) return { ok: false, error: 'truncated FLV header' };
  if (bytes[0] !== 0x46 || bytes[1] !== 0x4c || bytes[2] !== 0x56) return { ok: false, error: 'not an FLV file (no "FLV" signature)' };
  const flags = bytes[4] ?? 0;
  const dataOffset = readU32(bytes, 5);
  if (dataOffset < FLV_HEADER_SIZE) return { ok: false, error: `bad FLV header size ${dataOffset}` };
  return {
    ok: true,
    header: { version: bytes[3] ?? 0, hasAudio: (flags & 0x04) !== 0, hasVideo: (flags & 0x01) !== 0, dataOffset },
  };
}

/**
 * Reads a whole FLV file: header, PreviousTagSize0, then every tag and its trailing
 * PreviousTagSize (which must equal 11 + dataSize).
 */
export function parseFlv(bytes: Uint8Array): FlvParseResult {
  const h = parseFlvHeader(bytes);
  const tags: FlvTag[] = [];
  if (!h.ok) return { ok: false, error: h.error, header: null, tags };
  const header = h.header;
  let p = header.dataOffset;
  if (bytes.length < p + PREV_TAG_SIZE) return { ok: false, error: 'truncated before PreviousTagSize0', header, tags };
  if (readU32(bytes, p) !== 0) return { ok: false, error: 'PreviousTagSize0 is not 0', header, tags };
  p += PREV_TAG_SIZE;
  while (p < bytes.length) {
    if (bytes.length - p < TAG_HEADER_SIZE) return { ok: false, error: `truncated tag header at byte ${p}`, header, tags };
    const type = (bytes[p] ?? 0) & 0x1f;
    const dataSize = readU24(bytes, p + 1);
    const timestamp = (readU24(bytes, p + 4) | ((bytes[p + 7] ?? 0) << 24)) >>> 0;
    const streamId = readU24(bytes, p + 8);
    const end = p + TAG_HEADER_SIZE + dataSize;
    if (end > bytes.length) return { ok: false, error: `truncated tag body at byte ${p}`, header, tags };
    if (end + PREV_TAG_SIZE > bytes.length) return { ok: false, error: `missing PreviousTagSize after tag at byte ${p}`, header, tags };
    const prev = readU32(bytes, end);
    if (prev !== TAG_HEADER_SIZE + dataSize) {
      return { ok: false, error: `PreviousTagSize ${prev} != ${TAG_HEADER_SIZE + dataSize} after tag at byte ${p}`, header, tags };
    }
    tags.push({ type, dataSize, timestamp, streamId, offset: p, data: bytes.subarray(p + TAG_HEADER_SIZE, end) });
    p = end + PREV_TAG_SIZE;
  }
  return { ok: true, header, tags };
}

export interface VideoTagInfo {
  /** 1 keyframe, 2 inter frame, ... */
  readonly frameType: number;
  /** 7 = AVC. */
  readonly codecId: number;
  /** AVC only: 0 sequence header, 1 NALU, 2 end of sequence; -1 for other codecs. */
  readonly avcPacketType: number;
  readonly compositionTimeMs: number;
  readonly isKeyframe: boolean;
  readonly isSequenceHeader: boolean;
  readonly isEndOfSequence: boolean;
}

export function videoTagInfo(tag: FlvTag): VideoTagInfo | null {
  if (tag.type !== TAG_VIDEO || tag.data.length < 1) return null;
  const b0 = tag.data[0] ?? 0;
  const frameType = b0 >> 4;
  const codecId = b0 & 0x0f;
  const isAvc = codecId === 7;
  if (isAvc && tag.data.length < 5) return null;
  const avcPacketType = isAvc ? (tag.data[1] ?? 0) : -1;
  // Composition time: signed 24-bit.
  const ct = isAvc ? (readU24(tag.data, 2) << 8) >> 8 : 0;
  return {
    frameType,
    codecId,
    avcPacketType,
    compositionTimeMs: ct,
    isKeyframe: frameType === 1 && (!isAvc || avcPacketType === 1),
    isSequenceHeader: isAvc && avcPacketType === 0,
    isEndOfSequence: isAvc && avcPacketType === 2,
  };
}

export interface AudioTagInfo {
  /** 10 = AAC. */
  readonly soundFormat: number;
  /** AAC only: 0 sequence header (AudioSpecificConfig), 1 raw frame; -1 otherwise. */
  readonly aacPacketType: number;
  readonly isSequenceHeader: boolean;
}

export function audioTagInfo(tag: FlvTag): AudioTagInfo | null {
  if (tag.type !== TAG_AUDIO || tag.data.length < 1) return null;
  const soundFormat = (tag.data[0] ?? 0) >> 4;
  const isAac = soundFormat === 10;
  if (isAac && tag.data.length < 2) return null;
  const aacPacketType = isAac ? (tag.data[1] ?? 0) : -1;
  return { soundFormat, aacPacketType, isSequenceHeader: isAac && aacPacketType === 0 };
}

/** Serialises one tag (header, body, PreviousTagSize) with the given timestamp. */
export function encodeFlvTag(type: number, timestamp: number, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(TAG_HEADER_SIZE + data.length + PREV_TAG_SIZE);
  out[0] = type & 0x1f;
  writeU24(out, 1, data.length);
  writeTimestamp(out, 0, timestamp);
  // stream id: 0
  out.set(data, TAG_HEADER_SIZE);
  writeU32(out, TAG_HEADER_SIZE + data.length, TAG_HEADER_SIZE + data.length);
  return out;
}

/** FLV header plus PreviousTagSize0 (13 bytes). */
export function encodeFlvHeader(hasAudio: boolean, hasVideo: boolean): Uint8Array {
  return Uint8Array.from([0x46, 0x4c, 0x56, 1, (hasAudio ? 4 : 0) | (hasVideo ? 1 : 0), 0, 0, 0, 9, 0, 0, 0, 0]);
}

/** Overwrites the timestamp of the tag whose header starts at `tagOffset` in `buf`. */
export function writeTimestamp(buf: Uint8Array, tagOffset: number, timestamp: number): void {
  const ts = Math.max(0, Math.floor(timestamp)) >>> 0;
  buf[tagOffset + 4] = (ts >>> 16) & 0xff;
  buf[tagOffset + 5] = (ts >>> 8) & 0xff;
  buf[tagOffset + 6] = ts & 0xff;
  buf[tagOffset + 7] = (ts >>> 24) & 0xff;
}

// ---------------------------------------------------------------------------------------
// AMF0 (script data). Objects and ECMA arrays decode to plain objects; plain objects
// encode as ECMA arrays, which is what onMetaData uses.

export type AmfValue = number | boolean | string | null | undefined | Date | AmfValue[] | AmfObject;
export interface AmfObject {
  [key: string]: AmfValue;
}

export type AmfDecodeResult = { ok: true; values: AmfValue[] } | { ok: false; error: string };

/** Decodes every AMF0 value in `data` (a script tag body is: name string, then value). */
export function decodeAmf0(data: Uint8Array): AmfDecodeResult {
  const r = new AmfReader(data);
  const values: AmfValue[] = [];
  try {
    while (r.pos < data.length) values.push(r.value(0));
    return { ok: true, values };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}

export function encodeAmf0(values: readonly AmfValue[]): Uint8Array {
  const parts: number[] = [];
  for (const v of values) writeAmfValue(parts, v);
  return Uint8Array.from(parts);
}

/** `{ name, value }` of a script tag such as onMetaData; null if it is not one. */
export function parseScriptTag(tag: FlvTag): { name: string; value: AmfValue } | null {
  if (tag.type !== TAG_SCRIPT) return null;
  const d = decodeAmf0(tag.data);
  if (!d.ok || typeof d.values[0] !== 'string') return null;
  return { name: d.values[0], value: d.values[1] };
}

class AmfReader {
  pos = 0;
  private readonly view: DataView;
  constructor(private readonly data: Uint8Array) {
    this.view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  }
  private need(n: number): void {
    if (this.pos + n > this.data.length) throw new Error(`AMF0 truncated at byte ${this.pos}`);
  }
  private u8(): number {
    this.need(1);
    return this.view.getUint8(this.pos++);
  }
  private u16(): number {
    this.need(2);
    const v = this.view.getUint16(this.pos);
    this.pos += 2;
    return v;
  }
  private u32(): number {
    this.need(4);
    const v = this.view.getUint32(this.pos);
    this.pos += 4;
    return v;
  }
  private f64(): number {
    this.need(8);
    const v = this.view.getFloat64(this.pos);
    this.pos += 8;
    return v;
  }
  private str(len: number): string {
    this.need(len);
    const s = new TextDecoder().decode(this.data.subarray(this.pos, this.pos + len));
    this.pos += len;
    return s;
  }
  private props(depth: number, into: AmfObject): AmfObject {
    for (;;) {
      const key = this.str(this.u16());
      if (key === '' && this.data[this.pos] === 0x09) {
        this.pos++;
        return into;
      }
      into[key] = this.value(depth + 1);
    }
  }
  value(depth: number): AmfValue {
    if (depth > 64) throw new Error('AMF0 nested too deeply');
    const marker = this.u8();
    switch (marker) {
      case 0x00:
        return this.f64();
      case 0x01:
        return this.u8() !== 0;
      case 0x02:
        return this.str(this.u16());
      case 0x03:
        return this.props(depth, {});
      case 0x05:
        return null;
      case 0x06:
        return undefined;
      case 0x08:
        this.u32(); // approximate count; the list ends with the object-end marker
        return this.props(depth, {});
      case 0x0a: {
        const n = this.u32();
        if (n > this.data.length - this.pos) throw new Error('AMF0 strict array longer than the data');
        const arr: AmfValue[] = [];
        for (let i = 0; i < n; i++) arr.push(this.value(depth + 1));
        return arr;
      }
      case 0x0b: {
        const ms = this.f64();
        this.u16(); // time zone, unused
        return new Date(ms);
      }
      case 0x0c:
        return this.str(this.u32());
      default:
        throw new Error(`unsupported AMF0 marker 0x${marker.toString(16)} at byte ${this.pos - 1}`);
    }
  }
}

function writeAmfValue(out: number[], v: AmfValue): void {
  if (typeof v === 'number') {
    out.push(0x00);
    pushF64(out, v);
  } else if (typeof v === 'boolean') {
    out.push(0x01, v ? 1 : 0);
  } else if (typeof v === 'string') {
    const b = new TextEncoder().encode(v);
    if (b.length > 0xffff) {
      out.push(0x0c);
      pushU32(out, b.length);
    } else {
      out.push(0x02);
      pushU16(out, b.length);
    }
    for (const x of b) out.push(x);
  } else if (v === null) {
    out.push(0x05);
  } else if (v === undefined) {
    out.push(0x06);
  } else if (v instanceof Date) {
    out.push(0x0b);
    pushF64(out, v.getTime());
    pushU16(out, 0);
  } else if (Array.isArray(v)) {
    out.push(0x0a);
    pushU32(out, v.length);
    for (const x of v) writeAmfValue(out, x);
  } else {
    const keys = Object.keys(v);
    out.push(0x08);
    pushU32(out, keys.length);
    for (const k of keys) {
      const kb = new TextEncoder().encode(k);
      pushU16(out, kb.length);
      for (const x of kb) out.push(x);
      writeAmfValue(out, v[k]);
    }
    out.push(0x00, 0x00, 0x09);
  }
}

function pushF64(out: number[], v: number): void {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setFloat64(0, v);
  for (const x of b) out.push(x);
}
function pushU16(out: number[], v: number): void {
  out.push((v >>> 8) & 0xff, v & 0xff);
}
function pushU32(out: number[], v: number): void {
  out.push((v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff);
}

function readU24(b: Uint8Array, p: number): number {
  return ((b[p] ?? 0) << 16) | ((b[p + 1] ?? 0) << 8) | (b[p + 2] ?? 0);
}
function readU32(b: Uint8Array, p: number): number {
  return (((b[p] ?? 0) << 24) | ((b[p + 1] ?? 0) << 16) | ((b[p + 2] ?? 0) << 8) | (b[p + 3] ?? 0)) >>> 0;
}
function writeU24(b: Uint8Array, p: number, v: number): void {
  b[p] = (v >>> 16) & 0xff;
  b[p + 1] = (v >>> 8) & 0xff;
  b[p + 2] = v & 0xff;
}
function writeU32(b: Uint8Array, p: number, v: number): void {
  b[p] = (v >>> 24) & 0xff;
  b[p + 1] = (v >>> 16) & 0xff;
  b[p + 2] = (v >>> 8) & 0xff;
  b[p + 3] = v & 0xff;
}
