/**
 * The room state besides the chat list (PROTOCOL 2.4, pushes 7105 to 7127), held by the room
 * hub for the tabs: one reader per code, as data, that validates a body and says which key
 * of the state it replaces and with what. Readers never throw; a body they cannot read
 * gives null, for the hub to drop and count.
 */
import { LIVE_STATUS, PAID_KINDS } from '../domain/constants';
import type { ShownGift } from '../domain/giftBanners';
import { readPaperResults, type PaperResults } from '../domain/paperResults';
import { readQaQuestion, readVoteTallies, type QaQuestion, type QaSwitch, type VoteTally } from '../domain/qa';
import { readId, safeUrl } from './chatEntry';
import { INITIAL_MIC_STATE, type MicRoomState } from './micState';
import { INITIAL_CALL_ROOM, type CallRoomState } from './callRoomState';

export interface ChatState {
  readonly open: boolean;
  /** Messages wait for staff approval before they are shown. */
  readonly review: boolean;
  readonly pictures: boolean;
  readonly staffOnly: boolean;
  readonly muted: readonly string[];
}
export type LiveStatusCode = (typeof LIVE_STATUS)[keyof typeof LIVE_STATUS];
export interface LiveState {
  readonly status: LiveStatusCode;
  readonly replay: string | null;
}
export interface Counts {
  readonly online: number;
  readonly praise: number;
}
/** A gift or reward the room showed (7111): domain/giftBanners.ts turns them into banners. */
export type GiftShown = ShownGift;
export interface Winner {
  readonly uid: string;
  readonly name: string;
}
export interface LotteryState {
  readonly raffleId: string;
  /** start; drawing (the entrants are fixed and committed to); end (the winners and the seed). */
  readonly state: 'start' | 'drawing' | 'end';
  readonly winners: readonly Winner[];
  /** What the host announced with the round (absent from an older server's push). */
  readonly title: string | null;
  readonly prize: string | null;
  readonly winnerCount: number | null;
  /** Entering takes a password. */
  readonly password: boolean;
  /** The draw's commitments (src/domain/verifiableDraw.ts): SHA-256 of the seed, of the entrants. */
  readonly seedHash: string | null;
  readonly entrantsHash: string | null;
}
export interface PaperPush {
  readonly kind: 'paper' | 'answerSheet';
  readonly id: string | null;
  readonly confId: string | null;
}
/** Results of a questionnaire (7115 with `results` or `closed`): a versioned snapshot. */
export interface PaperResultsPush {
  readonly id: string;
  readonly closed: boolean;
  readonly version: number;
  readonly results: PaperResults | null;
}
export interface RollCall {
  readonly confId: string;
  readonly id: string;
  readonly deadline: number;
}
export interface RedPacket {
  readonly id: string;
  /** 0 not started, 1 in progress, 2 grabbed out. */
  readonly state: 0 | 1 | 2;
}
export interface GoodsPush {
  readonly kind: 'goods' | 'recommend';
  readonly id: string;
}
export interface QaState {
  readonly state: QaSwitch | null;
  /** The question staff last approved or answered (push 7123 `question`). */
  readonly lastChanged: QaQuestion | null;
  /** The room's last vote tally (push 7123 `votes`, coalesced by the server), with its version. */
  readonly tally: { readonly version: number; readonly votes: readonly VoteTally[] } | null;
}
export interface Caption {
  readonly text: string;
  readonly start: number;
  readonly end: number;
  readonly lang: string;
}
export interface ControlForMe {
  readonly action: 'kick' | 'mute' | 'unmute' | 'notice';
  readonly text: string;
  /** The room offset it came with, so two equal notices are still two events. */
  readonly offset: number;
}

/**
 * What this viewer did in an interaction (signed a roll call, answered a paper, joined a
 * lottery, asked a question), told to the worker by the tab that did it so that every tab
 * of the room shows it at once. Keyed `<kind>:<id>`; the value is the feature's own small
 * record of flat fields.
 */
export type ActedValue = Readonly<Record<string, string | number | boolean | null>>;
export type Acted = Readonly<Record<string, ActedValue>>;

export interface RoomState {
  readonly chat: ChatState;
  readonly live: LiveState | null;
  readonly counts: Counts | null;
  readonly gifts: readonly GiftShown[];
  readonly lottery: LotteryState | null;
  readonly paper: PaperPush | null;
  readonly paperResults: PaperResultsPush | null;
  readonly rollCall: RollCall | null;
  readonly redPacket: RedPacket | null;
  readonly goods: GoodsPush | null;
  readonly qa: QaState;
  readonly captions: readonly Caption[];
  readonly control: ControlForMe | null;
  readonly acted: Acted;
  /** The viewer's connect-mic (pushes 4103 to 4201, src/realtime/micState.ts). */
  readonly mic: MicRoomState;
  /** The meeting room's call room (control pushes 6105 to 6167, src/realtime/callRoomState.ts). */
  readonly callRoom: CallRoomState;
}

/** Gifts and captions are shown briefly as overlays: only the latest few matter. */
export const GIFTS_KEPT = 5;
export const CAPTIONS_KEPT = 6;
const TEXT_MAX = 2000;
const WINNERS_MAX = 1000;

export const INITIAL_ROOM_STATE: RoomState = {
  chat: { open: true, review: false, pictures: true, staffOnly: false, muted: [] },
  live: null,
  counts: null,
  gifts: [],
  lottery: null,
  paper: null,
  paperResults: null,
  rollCall: null,
  redPacket: null,
  goods: null,
  qa: { state: null, lastChanged: null, tally: null },
  captions: [],
  control: null,
  acted: {},
  mic: INITIAL_MIC_STATE,
  callRoom: INITIAL_CALL_ROOM,
};

/** Notes kept per room: the oldest go first (an interaction that old is long over). */
export const ACTED_KEPT = 200;
const ACTED_KEY_MAX = 200;
const ACTED_FIELDS_MAX = 16;

/**
 * The acted notes with one more, or null when the note is not one a tab may send: a key
 * `<kind>:<id>` and at most a few flat fields of short text, numbers or flags.
 */
export function withActed(acted: Acted, key: unknown, value: unknown): Acted | null {
  if (typeof key !== 'string' || key.length === 0 || key.length > ACTED_KEY_MAX || !key.includes(':')) return null;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const fields = Object.entries(value as Record<string, unknown>);
  if (fields.length > ACTED_FIELDS_MAX) return null;
  const clean: Record<string, string | number | boolean | null> = {};
  for (const [name, field] of fields) {
    if (field === null || typeof field === 'boolean' || (typeof field === 'number' && Number.isFinite(field))) clean[name] = field;
    else if (typeof field === 'string' && field.length <= TEXT_MAX) clean[name] = field;
    else return null;
  }
  const next: Record<string, ActedValue> = { ...acted };
  delete next[key];
  next[key] = clean;
  const keys = Object.keys(next);
  for (let i = 0; i < keys.length - ACTED_KEPT; i++) delete next[keys[i]!];
  return next;
}

/** One key of the state and its new value. */
export type RoomStatePatch = { [K in keyof RoomState]: { readonly key: K; readonly value: RoomState[K] } }[keyof RoomState];

/** What a reader made of a body: a patch, 'ignored' (valid but not for this viewer), or null (malformed). */
export type ReadResult = RoomStatePatch | 'ignored' | null;

type Body = Record<string, unknown>;
type Reader = (body: Body, state: RoomState, myUid: string | null) => ReadResult;

function bool(value: unknown): boolean | null {
  return typeof value === 'boolean' ? value : null;
}
function count(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
}
function text(value: unknown, max: number = TEXT_MAX): string | null {
  return typeof value === 'string' && value.length <= max ? value : null;
}
/** A SHA-256 in hex, else null. */
function sha256Of(value: unknown): string | null {
  return typeof value === 'string' && /^[0-9a-f]{64}$/.test(value) ? value : null;
}
function oneOf<T extends string>(value: unknown, allowed: readonly T[]): T | null {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : null;
}
function amount(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return String(value);
  return typeof value === 'string' && value.length > 0 && value.length <= 32 ? value : null;
}
function idList(value: unknown, max: number): string[] | null {
  if (!Array.isArray(value) || value.length > max) return null;
  const out: string[] = [];
  for (const item of value) {
    const id = readId(item);
    if (id === null) return null;
    out.push(id);
  }
  return out;
}
function winners(value: unknown): Winner[] | null {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > WINNERS_MAX) return null;
  const out: Winner[] = [];
  for (const w of value) {
    if (typeof w !== 'object' || w === null) return null;
    const rec = w as Body;
    const uid = readId(rec.uid);
    const name = text(rec.name);
    if (uid === null || name === null) return null;
    out.push({ uid, name });
  }
  return out;
}
/** `list` with `item` appended, keeping the latest `max`. */
function latest<T>(list: readonly T[], item: T, max: number): T[] {
  const next = list.length >= max ? list.slice(list.length - max + 1) : list.slice();
  next.push(item);
  return next;
}

const CONTROL_ACTIONS = ['kick', 'mute', 'unmute', 'notice'] as const;
const LIVE_CODES: readonly number[] = Object.values(LIVE_STATUS);

const READERS: ReadonlyMap<number, Reader> = new Map<number, Reader>([
  [
    7105,
    (b) => {
      const open = bool(b.open);
      const review = bool(b.review);
      const pictures = bool(b.pictures);
      const staffOnly = bool(b.staffOnly);
      const muted = b.muted === undefined ? [] : idList(b.muted, 100_000);
      if (open === null || review === null || pictures === null || staffOnly === null || muted === null) return null;
      return { key: 'chat', value: { open, review, pictures, staffOnly, muted } };
    },
  ],
  [
    7107,
    (b) => {
      const status = b.status;
      if (typeof status !== 'number' || !LIVE_CODES.includes(status)) return null;
      return { key: 'live', value: { status: status as LiveStatusCode, replay: safeUrl(b.replay) } };
    },
  ],
  [
    7109,
    (b) => {
      const online = count(b.online);
      const praise = count(b.praise);
      return online === null || praise === null ? null : { key: 'counts', value: { online, praise } };
    },
  ],
  [
    7111,
    (b, s) => {
      const uid = readId(b.uid);
      const name = text(b.name, 256);
      const gift = oneOf(b.gift, PAID_KINDS);
      const n = count(b.count);
      const money = b.amount === undefined ? '0' : amount(b.amount);
      if (uid === null || name === null || gift === null || n === null || money === null) return null;
      const seq = (s.gifts.at(-1)?.seq ?? 0) + 1;
      return { key: 'gifts', value: latest(s.gifts, { uid, name, gift, count: n, amount: money, seq, history: false }, GIFTS_KEPT) };
    },
  ],
  [
    7113,
    (b) => {
      const raffleId = readId(b.raffleId);
      const state = oneOf(b.state, ['start', 'drawing', 'end'] as const);
      const list = winners(b.winners);
      if (raffleId === null || state === null || list === null) return null;
      const title = b.title === undefined ? null : text(b.title, 200);
      const prize = b.prize === undefined ? null : text(b.prize, 200);
      const winnerCount = b.winnerCount === undefined ? null : count(b.winnerCount);
      return { key: 'lottery', value: { raffleId, state, winners: list, title, prize, winnerCount, password: b.password === true, seedHash: sha256Of(b.seedHash), entrantsHash: sha256Of(b.entrantsHash) } };
    },
  ],
  [
    7115,
    (b) => {
      const kind = oneOf(b.kind, ['paper', 'answerSheet'] as const);
      const id = readId(b.id);
      const confId = readId(b.confId);
      // A results snapshot or the close of a paper, not a publication.
      if (b.results !== undefined || b.closed === true) {
        const version = count(b.version);
        if (kind !== 'paper' || id === null || version === null) return null;
        return { key: 'paperResults', value: { id, closed: b.closed === true, version, results: readPaperResults(b.results) } };
      }
      if (kind === null || (id === null && confId === null)) return null;
      return { key: 'paper', value: { kind, id, confId } };
    },
  ],
  [
    7117,
    (b) => {
      const confId = readId(b.confId);
      const id = readId(b.id);
      const deadline = count(b.deadline);
      if (confId === null || id === null || deadline === null) return null;
      return { key: 'rollCall', value: { confId, id, deadline } };
    },
  ],
  [
    7119,
    (b) => {
      const id = readId(b.id);
      const state = b.state;
      if (id === null || (state !== 0 && state !== 1 && state !== 2)) return null;
      return { key: 'redPacket', value: { id, state } };
    },
  ],
  [
    7121,
    (b) => {
      const kind = oneOf(b.kind, ['goods', 'recommend'] as const);
      const id = readId(b.id);
      return kind === null || id === null ? null : { key: 'goods', value: { kind, id } };
    },
  ],
  [
    7123,
    (b, s) => {
      if (b.state !== undefined) {
        const state = oneOf(b.state, ['on', 'off', 'unopened'] as const);
        return state === null ? null : { key: 'qa', value: { ...s.qa, state } };
      }
      if (b.votes !== undefined) {
        const votes = readVoteTallies(b.votes);
        const version = count(b.version);
        if (votes === null || version === null) return null;
        return { key: 'qa', value: { ...s.qa, tally: { version, votes } } };
      }
      const question = readQaQuestion(b.question);
      // Staff approve or answer a reviewed question: never a pending one, which is its asker's only.
      if (question === null || question.status === 'pending') return null;
      return { key: 'qa', value: { ...s.qa, lastChanged: question } };
    },
  ],
  [
    7125,
    (b, s) => {
      const t = text(b.text);
      const start = count(b.start);
      const end = count(b.end);
      const lang = b.lang === undefined ? '' : text(b.lang, 16);
      if (t === null || start === null || end === null || end < start || lang === null) return null;
      return { key: 'captions', value: latest(s.captions, { text: t, start, end, lang }, CAPTIONS_KEPT) };
    },
  ],
  [
    7127,
    (b, _s, myUid) => {
      const uid = readId(b.uid);
      const action = oneOf(b.action, CONTROL_ACTIONS);
      const message = b.text === undefined ? '' : text(b.text);
      const offset = count(b.offset);
      if (uid === null || action === null || message === null || offset === null) return null;
      if (myUid === null || uid !== myUid) return 'ignored';
      return { key: 'control', value: { action, text: message, offset } };
    },
  ],
]);

/** Whether `code` is a room-state message (7105 to 7127) this module reads. */
export function isRoomStateCode(code: number): boolean {
  return READERS.has(code);
}

/** Reads one room-state message against the current state; see ReadResult. */
export function readRoomState(code: number, body: Body, state: RoomState, myUid: string | null): ReadResult {
  const reader = READERS.get(code);
  return reader === undefined ? null : reader(body, state, myUid);
}

/** The state with one patch applied, as a new object. */
export function applyPatch(state: RoomState, patch: RoomStatePatch): RoomState {
  return { ...state, [patch.key]: patch.value };
}
