/**
 * The socket frame codec of PROTOCOL 2.1, shared by the browser worker and the reference
 * server.
 *
 *     frame  = header *( LF header ) LF LF body
 *     header = key ":" value      ; key: [a-z0-9_]+ ; value: any text without LF
 *     body   = a JSON object
 *
 * Decoding sits on the hottest path of the product (every chat message of a busy room), so
 * it scans the header block once by index instead of splitting and never throws: a frame
 * that does not parse comes back as a reason, for the caller to drop and count.
 */

export type FrameBody = Record<string, unknown>;

export interface Frame {
  /** The integer code of SPEC 7.5; null only on the login frame. */
  readonly code: number | null;
  /** Positive on requests and their replies; 0 (or absent) on pushes. */
  readonly seq: number;
  readonly mid: string | null;
  /** Every header as received, known or not (receivers ignore the ones they do not know). */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: FrameBody;
}

export type DecodeFailure =
  | 'not-text'
  | 'no-blank-line'
  | 'no-headers'
  | 'header-without-colon'
  | 'bad-header-key'
  | 'bad-code'
  | 'bad-seq'
  | 'body-not-json'
  | 'body-not-object';

export type DecodeResult = { readonly ok: true; readonly frame: Frame } | { readonly ok: false; readonly reason: DecodeFailure };

const COLON = 58;

function isKeyChar(c: number): boolean {
  // [a-z0-9_]
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95;
}

/** A decimal integer without sign, spaces or leading "+"; a leading "-" only when allowed. */
function parseInteger(text: string, allowNegative: boolean): number | null {
  const n = text.length;
  if (n === 0 || n > 15) return null;
  let i = 0;
  let negative = false;
  if (text.charCodeAt(0) === 45) {
    if (!allowNegative || n === 1) return null;
    negative = true;
    i = 1;
  }
  let value = 0;
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return null;
    value = value * 10 + (c - 48);
  }
  return negative ? -value : value;
}

function fail(reason: DecodeFailure): DecodeResult {
  return { ok: false, reason };
}

export function decodeFrame(input: unknown): DecodeResult {
  if (typeof input !== 'string') return fail('not-text');
  const blank = input.indexOf('\n\n');
  if (blank < 0) return fail('no-blank-line');
  if (blank === 0) return fail('no-headers');

  // A plain object: a null-prototype one costs about ten times more per frame in V8 (it
  // starts in dictionary mode), and this runs for every message of a busy room. The one key
  // of the grammar that a plain object cannot hold, __proto__, is dropped as unknown.
  const headers: Record<string, string> = {};
  let lineStart = 0;
  while (lineStart <= blank) {
    let lineEnd = input.indexOf('\n', lineStart);
    if (lineEnd < 0 || lineEnd > blank) lineEnd = blank;
    let colon = -1;
    for (let i = lineStart; i < lineEnd; i++) {
      const c = input.charCodeAt(i);
      if (c === COLON) {
        colon = i;
        break;
      }
      if (!isKeyChar(c)) return fail('bad-header-key');
    }
    if (colon < 0) return fail('header-without-colon');
    if (colon === lineStart) return fail('bad-header-key');
    const key = input.slice(lineStart, colon);
    if (key !== '__proto__') headers[key] = input.slice(colon + 1, lineEnd);
    lineStart = lineEnd + 1;
  }

  let code: number | null = null;
  const codeText = headers.code;
  if (codeText !== undefined) {
    code = parseInteger(codeText, false);
    if (code === null) return fail('bad-code');
  }
  let seq = 0;
  const seqText = headers.seq;
  if (seqText !== undefined) {
    const parsed = parseInteger(seqText, false);
    if (parsed === null) return fail('bad-seq');
    seq = parsed;
  }

  let body: unknown;
  try {
    body = JSON.parse(input.slice(blank + 2));
  } catch {
    return fail('body-not-json');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return fail('body-not-object');

  return { ok: true, frame: { code, seq, mid: headers.mid ?? null, headers, body: body as FrameBody } };
}

export interface OutgoingFrame {
  readonly code?: number;
  readonly seq?: number;
  readonly mid?: string;
  /** Extra headers (cmd, aid, sid on the login frame). */
  readonly headers?: Readonly<Record<string, string | number>>;
  readonly body?: FrameBody;
}

export class FrameEncodeError extends Error {
  override readonly name = 'FrameEncodeError';
}

const KEY_PATTERN = /^[a-z0-9_]+$/;

function header(key: string, value: string | number): string {
  if (!KEY_PATTERN.test(key)) throw new FrameEncodeError(`header key "${key}" is not [a-z0-9_]+`);
  const text = String(value);
  if (text.includes('\n')) throw new FrameEncodeError(`header "${key}" has a line feed in its value`);
  return `${key}:${text}`;
}

/**
 * Encodes one frame. Programming errors (a bad header key, a line feed in a value, a body
 * JSON cannot represent) throw FrameEncodeError: they are ours, not the peer's.
 */
export function encodeFrame(frame: OutgoingFrame): string {
  const lines: string[] = [];
  if (frame.code !== undefined) lines.push(header('code', frame.code));
  if (frame.seq !== undefined && frame.seq !== 0) lines.push(header('seq', frame.seq));
  if (frame.mid !== undefined) lines.push(header('mid', frame.mid));
  if (frame.headers) {
    for (const [k, v] of Object.entries(frame.headers)) {
      if (k === 'code' || k === 'seq' || k === 'mid') continue;
      lines.push(header(k, v));
    }
  }
  if (lines.length === 0) throw new FrameEncodeError('a frame needs at least one header');
  let body: string | undefined;
  try {
    body = JSON.stringify(frame.body ?? {});
  } catch (cause) {
    throw new FrameEncodeError(`body cannot be encoded: ${String(cause)}`);
  }
  if (body === undefined) throw new FrameEncodeError('body cannot be encoded');
  return `${lines.join('\n')}\n\n${body}`;
}

/**
 * Batched messages (docs/protocol.md 2.1.1, negotiated with `batch:1` on the login frame):
 * the server may put several frames in one WebSocket message, separated by U+001E. A valid
 * frame cannot contain it (JSON escapes control characters; header values of the server are
 * numbers and ids), and Chromium delivers WebSocket messages one task each, about 7,000 a
 * second on a busy 2-core machine: batching is what lets a 20,000/s room through.
 */
export const FRAME_SEPARATOR = '\u001e';
/** The login frame header that asks for batched messages. */
export const BATCH_HEADER = 'batch';

/** The frames of one WebSocket message (one, unless the server batched several). */
export function framesOfMessage(data: unknown): readonly unknown[] {
  if (typeof data !== 'string' || data.indexOf(FRAME_SEPARATOR) < 0) return [data];
  return data.split(FRAME_SEPARATOR);
}

/** Request codes are odd; their reply is code - 1 (PROTOCOL 2.2). */
export const replyCodeFor = (requestCode: number): number => requestCode - 1;
export const isRequestCode = (code: number): boolean => code % 2 === 1;
