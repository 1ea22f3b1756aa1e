/**
 * A chat message: what a sender may send (7101 request body), checked field by field, and
 * the message as published (the chat fields of SPEC 3). Text is cut by the shared rule of
 * SPEC 5 (500 units, an emoji token counts as one), so every viewer gets the same text.
 */
import type { FrameBody } from '../../src/protocol/frame';
import { cutChatText } from '../../src/domain/chatCut';
import { validateChatText } from '../../src/domain/chatInput';
import { isHost, isStaff, isAssistant, ROLE } from '../../src/domain/roles';
import { randomToken } from '../auth/random.js';
import { invalid } from '../http/envelope.js';
import { ID_MAX, isPlainObject, optionalLinkField, textField } from '../socket/fields.js';

/** Longest text a sender may send at all; it is then cut to 500 units for everyone. */
export const CHAT_TEXT_MAX_CHARS = 10_000;
/** At most this many users may be mentioned in one message. */
export const PICKED_MAX = 20;

export interface Quote {
  readonly name: string;
  readonly chatContent: string;
  readonly role: number;
  /** The quoted message (docs/protocol.md 5.2): the server fills the rest from it. */
  readonly msgId?: string;
}

export interface ChatInput {
  readonly text: string;
  readonly imgUrl: string | null;
  readonly imgLinkUrl: string | null;
  readonly quote: Quote | null;
  readonly pickedUids: readonly string[];
}

export interface ChatSender {
  readonly uid: string;
  readonly name: string;
  readonly role: number;
  readonly headImgUrl: string;
}

/** Presentation extras the host side may set (admin "say"); viewers get the defaults. */
export interface ChatExtras {
  readonly top?: boolean;
  readonly highlight?: boolean;
  readonly definedStyle?: string | null;
  readonly definedRoleName?: string;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const TIME_DIGITS = 8; // 62^8 ms is about 6,900 years

/**
 * A chat message id: 32 characters of [0-9A-Za-z], the send time (8 base-62 digits, so ids
 * sort by time) followed by 24 random ones. Ids that grow with time land at the end of the
 * history's msg_id index instead of at random places in it, which keeps writing thousands
 * of messages a second cheap; the random part keeps them unguessable.
 */
export function newChatMessageId(now: number): string {
  let time = '';
  let rest = Math.max(0, Math.floor(now));
  for (let i = 0; i < TIME_DIGITS; i++) {
    time = BASE62[rest % 62]! + time;
    rest = Math.floor(rest / 62);
  }
  return time + randomToken(32 - TIME_DIGITS);
}

/** True when the request carries a picture (checked before the rest: pictures may be off). */
export const hasPicture = (body: FrameBody): boolean => typeof body.imgUrl === 'string' && body.imgUrl !== '';

function readQuote(value: unknown): Quote | null {
  if (value === undefined || value === null) return null;
  if (!isPlainObject(value)) throw invalid('quote', 'must be an object with name, chatContent and role');
  const name = textField(value, 'name', 64);
  const chatContent = cutChatText(textField(value, 'chatContent', CHAT_TEXT_MAX_CHARS)).text;
  const role = value.role;
  if (typeof role !== 'number' || !Number.isInteger(role)) throw invalid('quote.role', 'must be an integer role code');
  const msgId = value.msgId;
  if (msgId === undefined || msgId === null) return { name, chatContent, role };
  if (typeof msgId !== 'string' || msgId === '' || msgId.length > ID_MAX) throw invalid('quote.msgId', 'must be the id of a chat message');
  return { name, chatContent, role, msgId };
}

/**
 * The quote as published. With a `msgId` it is the quoted message's own name, text and role
 * from the room's history (one the sender cannot forge), or 4501 when the room has no such
 * message (or it was withdrawn). Without one it is the sender's word, as PROTOCOL has it,
 * but it cannot speak for staff: a role of 6 to 8 is published as a guest's.
 */
export function checkedQuote(quote: Quote | null, quoted: (msgId: string) => { readonly name: string; readonly text: string; readonly role: number } | null): Quote | null {
  if (quote === null) return null;
  if (quote.msgId === undefined) return isStaff(quote.role) ? { ...quote, role: ROLE.guest } : quote;
  const original = quoted(quote.msgId);
  if (original === null) throw invalid('quote.msgId', 'no such message in this room');
  return { name: original.name, chatContent: cutChatText(original.text).text, role: original.role, msgId: quote.msgId };
}

function readPicked(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw invalid('picked_uid', 'must be an array of user ids');
  if (value.length > PICKED_MAX) throw invalid('picked_uid', `at most ${PICKED_MAX} users`);
  return value.map((u) => {
    const id = typeof u === 'number' && Number.isSafeInteger(u) ? String(u) : u;
    if (typeof id !== 'string' || id === '' || id.length > ID_MAX) throw invalid('picked_uid', 'must hold user ids');
    return id;
  });
}

export function readChatInput(body: FrameBody): ChatInput {
  const rawText = body.body === undefined || body.body === null ? '' : textField(body, 'body', CHAT_TEXT_MAX_CHARS);
  const imgUrl = optionalLinkField(body, 'imgUrl');
  const imgLinkUrl = optionalLinkField(body, 'imgLinkUrl');
  if (imgUrl === null && !validateChatText(rawText).ok) throw invalid('body', 'must not be empty');
  return {
    text: cutChatText(rawText).text,
    imgUrl,
    imgLinkUrl,
    quote: readQuote(body.quote),
    pickedUids: readPicked(body.picked_uid),
  };
}

/** The label sent as roleName; clients show their own localised label from `role`. */
export function roleNameOf(role: number): string {
  if (isHost(role)) return 'host';
  if (isAssistant(role)) return 'assistant';
  return 'guest';
}

/** The 7101 body (without webcastId and offset, which the room log adds). */
export function chatMessageBody(msgId: string, sender: ChatSender, input: ChatInput, sentAt: number, extras: ChatExtras = {}): Record<string, unknown> {
  return {
    msgId,
    uid: sender.uid,
    name: sender.name,
    role: sender.role,
    roleName: roleNameOf(sender.role),
    headImgUrl: sender.headImgUrl,
    sendTime: sentAt,
    body: input.text,
    imgUrl: input.imgUrl ?? '',
    imgLinkUrl: input.imgLinkUrl ?? '',
    quote: input.quote,
    picked_uid: input.pickedUids,
    top: extras.top ?? false,
    // Staff messages are what the "only highlighted (role-filtered)" chat filter shows.
    highlight: extras.highlight ?? isStaff(sender.role),
    definedStyle: extras.definedStyle ?? null,
    definedRoleName: extras.definedRoleName ?? '',
  };
}
