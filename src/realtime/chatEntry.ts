/**
 * One chat message (push 7101, PROTOCOL 2.4) validated and normalised into what the chat
 * list shows (SPEC 3 "Chat message as displayed").
 *
 * This runs for every message of a busy room, so it reads each field once, checks types by
 * hand (no schema library, no regular expression) and never throws: a body whose required
 * fields are missing or of the wrong type gives null, for the hub to drop and count.
 *
 * Required: msgId (non-empty string or id number), uid (same), offset (integer >= 1),
 * sendTime (finite number), and some content: a string body or a kept image URL.
 * Optional fields of the wrong type are treated as absent rather than dropping the message:
 * a viewer should still see a message whose decoration the server got wrong.
 */
// Not the domain index: it re-exports the money rules, and with them decimal.js, into every
// page that imports this (the guide page among them).
import { cutChatText, fitsChatCut, tokenizeChat, type ChatSegment } from '../domain/chatCut';
import { normaliseRole, roleLabelKey, type RoleCode, type RoleLabelKey } from '../domain/roles';
import { safeUrl } from '../domain/safeUrl';

export { safeUrl };

export interface ChatQuote {
  readonly name: string;
  readonly chatContent: string;
  readonly role: RoleCode;
  /** The quoted message, sent so the server publishes its real name and text (docs/protocol.md 5.2). */
  readonly msgId?: string;
}

export interface ChatEntry {
  readonly msgId: string;
  readonly uid: string;
  readonly name: string;
  readonly role: RoleCode;
  readonly roleName: string;
  readonly headImgUrl: string | null;
  readonly sendTime: number;
  /** The body after the chat cut of SPEC 5 (ellipsis included when cut). */
  readonly text: string;
  readonly cut: boolean;
  /** `text` split into plain runs and emoji tokens, for the renderer. */
  readonly segments: readonly ChatSegment[];
  readonly imgUrl: string | null;
  readonly imgLinkUrl: string | null;
  readonly quote: ChatQuote | null;
  readonly pickedUids: readonly string[];
  readonly top: boolean;
  readonly highlight: boolean;
  readonly definedStyle: string | null;
  readonly definedRoleName: string | null;
  readonly offset: number;
  readonly roleLabel: RoleLabelKey;
  readonly mine: boolean;
  readonly mentionsMe: boolean;
  /** Same sender as the previous entry: the list draws it without repeating the header. */
  readonly meshType: boolean;
}

export interface ChatEntryContext {
  readonly myUid: string | null;
  /** The entry before it in the room (its sender, for meshType). */
  readonly previous: { readonly uid: string } | undefined;
}

/** Longer ids and URLs are not from a well-behaved server; dropping them bounds memory. */
const ID_MAX = 128;
const NAME_MAX = 256;

/** A non-empty id: a string, or a non-negative safe integer sent as a number. */
export function readId(value: unknown): string | null {
  if (typeof value === 'string') return value.length > 0 && value.length <= ID_MAX ? value : null;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  return null;
}

function readText(value: unknown, max: number = NAME_MAX): string | null {
  return typeof value === 'string' && value.length <= max ? value : null;
}

function readFlag(value: unknown): boolean {
  return value === true || value === 1 || value === '1';
}

function readQuote(value: unknown): ChatQuote | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const q = value as Record<string, unknown>;
  const name = readText(q.name);
  const content = typeof q.chatContent === 'string' ? q.chatContent : null;
  if (name === null || content === null) return null;
  const msgId = readId(q.msgId);
  const quote = { name, chatContent: fitsChatCut(content) ? content : cutChatText(content).text, role: normaliseRole(q.role) };
  // The quoted message's id, which the server publishes: the row offers the original by it.
  return msgId === null ? quote : { ...quote, msgId };
}

const NO_UIDS: readonly string[] = [];

/** picked_uid as a list of ids: an array of ids, or a single id. */
function readPicked(value: unknown): readonly string[] {
  if (Array.isArray(value)) {
    if (value.length === 0) return NO_UIDS;
    const out: string[] = [];
    for (const item of value) {
      const id = readId(item);
      if (id !== null) out.push(id);
    }
    return out;
  }
  const single = readId(value);
  return single === null ? NO_UIDS : [single];
}

export function toChatEntry(body: Record<string, unknown>, ctx: ChatEntryContext): ChatEntry | null {
  const msgId = readId(body.msgId);
  const uid = readId(body.uid);
  const offset = body.offset;
  const sendTime = body.sendTime;
  if (msgId === null || uid === null) return null;
  if (typeof offset !== 'number' || !Number.isSafeInteger(offset) || offset < 1) return null;
  if (typeof sendTime !== 'number' || !Number.isFinite(sendTime)) return null;

  const rawText = typeof body.body === 'string' ? body.body : null;
  const imgUrl = safeUrl(body.imgUrl);
  if (rawText === null && imgUrl === null) return null;

  const role = normaliseRole(body.role);
  const raw = rawText ?? '';
  // Short texts (most) cannot be cut: skip the scan.
  const { text, cut } = fitsChatCut(raw) ? { text: raw, cut: false } : cutChatText(raw);
  const pickedUids = readPicked(body.picked_uid);
  const myUid = ctx.myUid !== null && ctx.myUid !== '' ? ctx.myUid : null;
  return {
    msgId,
    uid,
    name: readText(body.name) ?? '',
    role,
    roleName: readText(body.roleName) ?? '',
    headImgUrl: safeUrl(body.headImgUrl),
    sendTime,
    text,
    cut,
    segments: tokenizeChat(text),
    imgUrl,
    imgLinkUrl: imgUrl === null ? null : safeUrl(body.imgLinkUrl),
    quote: readQuote(body.quote),
    pickedUids,
    top: readFlag(body.top),
    highlight: readFlag(body.highlight),
    definedStyle: readText(body.definedStyle),
    definedRoleName: readText(body.definedRoleName),
    offset,
    roleLabel: roleLabelKey({ role, uid }, myUid),
    mine: myUid !== null && uid === myUid,
    mentionsMe: myUid !== null && pickedUids.includes(myUid),
    meshType: ctx.previous !== undefined && ctx.previous.uid === uid,
  };
}
