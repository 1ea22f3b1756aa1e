/**
 * A chat push (7101) read without parsing its body (issue 34 item 3, "parse only what is
 * shown"): in a flood most messages are never shown (a tab gets a screen of 40 a second,
 * the buffer keeps 200), yet JSON.parse of every body was the largest part of the worker's
 * cost. Two cheap reads of the body's text decide what the worker needs at once:
 *
 * - where the message goes and in what order: its room and offset, read backwards from the
 *   end, where the reference server writes them last (server/rooms/roomLog.ts: the body,
 *   then `webcastId`, then `offset`). The last member of an object is the one JSON.parse
 *   keeps when a key repeats, so what this reads is what a parse would; a body of another
 *   shape gives null and is parsed as before;
 * - whether it may concern this viewer (theirs, mentioning them, staff's, highlighted):
 *   a superset decided on the text, so a message that does is never left unparsed: it
 *   names the viewer's id somewhere, or has a "role" of a staff code, or a "highlight"
 *   that reads as set, or an escape (\u, \/) that could spell any of these another way.
 *
 * The body's validity is not checked here: a body that is never shown is never parsed, and
 * one that is shown and does not parse is counted malformed then (lazyChatEntry.ts).
 *
 * Pure string work, no allocation beyond the room id: it runs for every message of a busy room.
 */
import { isStaff } from '../domain/roles';
import { decodeFrame, type DecodeResult, type FrameBody } from '../protocol/frame';

/** The frame the reference server sends for a chat message: only its code header. */
export const CHAT_FRAME_HEAD = 'code:7101\n\n';

export interface ChatPlace {
  readonly webcastId: string;
  readonly offset: number;
}

/**
 * The body of a chat push the session did not parse (socketSession.ts): its room and offset,
 * which route and order it as a parsed body's would, and its text, which the hub reads
 * (hubIngest.ts applyChat: parsed at once when it may concern the viewer, else a LazyChatEntry).
 */
export class RawChatBody implements ChatPlace {
  constructor(
    readonly webcastId: string,
    readonly offset: number,
    readonly text: string,
  ) {}
}

const isSpace = (c: number): boolean => c === 32 || c === 10 || c === 13 || c === 9;
const isDigit = (c: number): boolean => c >= 48 && c <= 57;

function skipSpaceBack(text: string, i: number): number {
  while (i >= 0 && isSpace(text.charCodeAt(i))) i--;
  return i;
}

/**
 * Reads `"key"` ending at `end` (its closing quote), backwards; the index before its
 * opening quote, or -1. The key must be exactly `key`: a backslash before the opening quote
 * could make it part of a longer string, so that gives -1 as well.
 */
function keyBack(text: string, end: number, key: string): number {
  if (end < key.length + 1 || text.charCodeAt(end) !== 34) return -1;
  const start = end - key.length;
  if (text.charCodeAt(start - 1) !== 34 || !text.startsWith(key, start)) return -1;
  const before = start - 2;
  if (before >= 0 && text.charCodeAt(before) === 92) return -1;
  return before;
}

/** An id as the room ids are: letters, digits, "-" and "_" (no escape can hide in them). */
function isPlainId(text: string, from: number, to: number): boolean {
  if (to <= from || to - from > 128) return false;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (!(isDigit(c) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 45 || c === 95)) return false;
  }
  return true;
}

/**
 * The room and offset of a chat body whose last two members are `"webcastId":"<id>"` and
 * `"offset":<integer>` (white space allowed between tokens); null for any other shape.
 */
export function readChatPlace(body: string): ChatPlace | null {
  let i = skipSpaceBack(body, body.length - 1);
  if (body.charCodeAt(i) !== 125) return null; // }
  i = skipSpaceBack(body, i - 1);
  const digitsEnd = i + 1;
  while (i >= 0 && isDigit(body.charCodeAt(i))) i--;
  const digitsStart = i + 1;
  if (digitsEnd - digitsStart < 1 || digitsEnd - digitsStart > 16) return null;
  // A leading zero, a sign or a fraction is not the server's offset: parse those.
  if (digitsEnd - digitsStart > 1 && body.charCodeAt(digitsStart) === 48) return null;
  const before = body.charCodeAt(i);
  if (before === 45 || before === 43 || before === 46 || before === 101 || before === 69) return null;
  i = skipSpaceBack(body, i);
  if (body.charCodeAt(i) !== 58) return null; // :
  i = keyBack(body, skipSpaceBack(body, i - 1), 'offset');
  if (i < 0) return null;
  i = skipSpaceBack(body, i);
  if (body.charCodeAt(i) !== 44) return null; // ,
  i = skipSpaceBack(body, i - 1);
  // "<id>": a plain id, so its opening quote is the first one back.
  if (body.charCodeAt(i) !== 34) return null;
  const idEnd = i;
  const idStart = body.lastIndexOf('"', idEnd - 1) + 1;
  if (idStart <= 0 || !isPlainId(body, idStart, idEnd)) return null;
  i = skipSpaceBack(body, idStart - 2);
  if (body.charCodeAt(i) !== 58) return null;
  i = keyBack(body, skipSpaceBack(body, i - 1), 'webcastId');
  if (i < 0) return null;
  i = skipSpaceBack(body, i);
  const opener = body.charCodeAt(i);
  if (opener !== 44 && opener !== 123) return null; // , or {
  const offset = Number(body.slice(digitsStart, digitsEnd));
  if (!Number.isSafeInteger(offset) || offset < 1) return null;
  return { webcastId: body.slice(idStart, idEnd), offset };
}

const CHAT_PUSH = 7101;
const CHAT_HEADERS: Readonly<Record<string, string>> = Object.freeze({ code: String(CHAT_PUSH) });

/**
 * One frame of the socket as the worker reads it: a chat push in the reference server's form
 * (only its code header, the room and offset last in its body) with its body unparsed, a
 * RawChatBody; any other frame decoded in full (decodeFrame).
 */
export function readSocketFrame(data: unknown): DecodeResult {
  if (typeof data === 'string' && data.startsWith(CHAT_FRAME_HEAD)) {
    const text = data.slice(CHAT_FRAME_HEAD.length);
    const place = readChatPlace(text);
    if (place !== null) return { ok: true, frame: { code: CHAT_PUSH, seq: 0, mid: null, headers: CHAT_HEADERS, body: new RawChatBody(place.webcastId, place.offset, text) as unknown as FrameBody } };
  }
  return decodeFrame(data);
}

/** The start of the value after `"key"` found at `at` and its colon, or -1 when no colon follows. */
function valueAfter(text: string, at: number, keyLength: number): number {
  let i = at + keyLength;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  if (text.charCodeAt(i) !== 58) return -1;
  i++;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

/** The JSON number at `i`, or NaN when none starts there. */
function numberAt(text: string, i: number): number {
  let end = i;
  for (; end < text.length; end++) {
    const c = text.charCodeAt(end);
    if (!(isDigit(c) || c === 45 || c === 43 || c === 46 || c === 101 || c === 69)) break;
  }
  return end === i ? Number.NaN : Number(text.slice(i, end));
}

/** Characters JSON writes escaped: an id holding one is not found as written. */
function needsEscape(id: string): boolean {
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    if (c < 32 || c === 34 || c === 92) return true;
  }
  return false;
}

/**
 * Whether the body may name `id` as a sender or a mention (readId: a string, or a number):
 * as a string it is written `"<id>"` (an id JSON writes as it is, and no \u in the body); an
 * id of digits is also looked for bare, and any number with an exponent may spell it.
 */
function namesId(body: string, id: string, form: IdForms = idForms.get(id) ?? formsOf(id)): boolean {
  if (form.escaped) return true;
  // `"<id>"`, looked for as `<id>"` (faster: see mayConcernViewer) and its quote checked.
  for (let at = body.indexOf(form.closed); at >= 0; at = body.indexOf(form.closed, at + 1)) if (body.charCodeAt(at - 1) === 34) return true;
  return form.digits && (body.includes(id) || /[0-9][eE]/.test(body));
}

interface IdForms {
  readonly escaped: boolean;
  readonly closed: string;
  readonly digits: boolean;
}
/** The viewer's id as it is looked for (one login per worker session: a handful of ids). */
const idForms = new Map<string, IdForms>();
const formsOfId = (id: string): IdForms => ({ escaped: needsEscape(id), closed: `${id}"`, digits: /^[0-9]+$/.test(id) });
function formsOf(id: string): IdForms {
  const forms = formsOfId(id);
  if (idForms.size > 64) idForms.clear();
  idForms.set(id, forms);
  return forms;
}

/** \u can spell any character of a key or an id, \/ a slash: a body holding either is parsed. */
const hasEscape = (body: string): boolean => body.includes('\\u') || body.includes('\\/');

/**
 * Whether the body may name `id` anywhere, as its sender (`uid`) or otherwise: false only
 * when it surely does not. Another sender's id each time (lazyChatEntry.ts: whether the
 * entry before is the same sender's, without parsing it), so its forms are not kept.
 */
export function mayNameId(body: string, id: string): boolean {
  return hasEscape(body) || namesId(body, id, formsOfId(id));
}

/**
 * Whether a chat body may be the viewer's own, mention them, come from staff or be
 * highlighted (deltas.ts isPriorityEntry): never false for one that is; true for some that
 * are not (the viewer's id inside a text, a quoted staff message), which are then parsed.
 */
export function mayConcernViewer(body: string, myUid: string | null): boolean {
  if (hasEscape(body)) return true;
  if (myUid !== null && myUid !== '' && namesId(body, myUid)) return true;
  // Each key is looked for without its opening quote (V8 finds a pattern that starts with a
  // rarer character than JSON's quote about twice as fast), which is then checked.
  for (let at = body.indexOf('role"'); at >= 0; at = body.indexOf('role"', at + 5)) {
    if (body.charCodeAt(at - 1) !== 34) continue;
    const i = valueAfter(body, at, 5);
    if (i >= 0 && isStaff(numberAt(body, i))) return true;
  }
  for (let at = body.indexOf('highlight"'); at >= 0; at = body.indexOf('highlight"', at + 10)) {
    if (body.charCodeAt(at - 1) !== 34) continue;
    const i = valueAfter(body, at, 10);
    if (i < 0) continue;
    const c = body.charCodeAt(i);
    if (c === 116) return true; // true
    if (c === 34 && body.startsWith('"1"', i)) return true;
    if ((isDigit(c) || c === 45 || c === 46) && numberAt(body, i) === 1) return true;
  }
  return false;
}
