/**
 * How the room hub takes in room messages (roomHub.ts composes it with the gap filling of
 * gapFill.ts): the hub's whole state is the plain HubState object below, and the functions
 * here are what change it for one message, strictly in offset order. An offset beyond the
 * next one is held (bounded) for the gap filling; a skip notice stands for its range;
 * chat, withdraws, room state, mic and call-room pushes each have their apply function.
 * What one call changed is gathered in a Batch and handed on as one HubChange (changeOf).
 *
 * No I/O and no timers: tested through roomHub.ts and in node.
 */
import { RingBuffer } from '../domain/chatList';
import { CHAT_ENTRIES_KEPT } from '../domain/constants';
import { readSkipNotice, SKIP_NOTICE_CODE } from '../protocol/thinning';
import { readId, toChatEntry, type ChatEntry } from './chatEntry';
import { mayConcernViewer, RawChatBody } from './chatScan';
import { chatEntryOfText, LazyChatEntry, plainEntry, senderOf } from './lazyChatEntry';
import { isCallRoomCode, readCallRoomPush } from './callRoomState';
import { isMicCode, readMicPush } from './micState';
import { applyPatch, INITIAL_ROOM_STATE, isRoomStateCode, readRoomState, type RoomState } from './roomState';
import type { HistoryMessage, HubChange, RoomHubStats, RoomSync, SkippedGap } from './roomHub';

export const CHAT_CODE = 7101;
export const WITHDRAW_CODE = 7103;

export type Counters = { -readonly [K in keyof RoomHubStats]: RoomHubStats[K] };

/** Everything a room hub knows, in one object a debugger (or a test) can read. */
export interface HubState {
  readonly webcastId: string;
  readonly myUid: string | null;
  readonly heldMax: number;
  /** The chat list: the latest CHAT_ENTRIES_KEPT entries. */
  readonly ring: RingBuffer<ChatEntry>;
  /** Messages beyond the next offset, waiting for the gap before them to fill. */
  readonly held: Map<number, HistoryMessage>;
  readonly counters: Counters;
  state: RoomState;
  /** The last offset applied. */
  last: number;
  /** Messages at or below this offset were in the room before this session joined it. */
  joinedAt: number;
}

export function newHubState(webcastId: string, myUid: string | null, heldMax: number): HubState {
  return {
    webcastId,
    myUid,
    heldMax,
    ring: new RingBuffer<ChatEntry>(CHAT_ENTRIES_KEPT),
    held: new Map(),
    counters: { applied: 0, duplicates: 0, malformed: 0, otherRoom: 0, unknownCode: 0, heldDropped: 0, historyFailures: 0, gapsFilled: 0, gapsSkipped: 0, messagesSkipped: 0, messagesThinned: 0 },
    state: INITIAL_ROOM_STATE,
    last: 0,
    joinedAt: 0,
  };
}

/** What one call into the hub changed, gathered before it is handed on. */
export interface Batch {
  appended: ChatEntry[];
  /** NO_ENTRIES and NO_STATE until something is withdrawn or a state key changes (a chat message changes neither: one allocation less a message). */
  withdrawn: ChatEntry[];
  state: Partial<RoomState>;
  replace: boolean;
  skipped: SkippedGap | null;
  thinned: number;
  sync: boolean;
}

const NO_ENTRIES = Object.freeze([]) as unknown as ChatEntry[];
const NO_STATE: Partial<RoomState> = Object.freeze({});
const NOTHING_PASSED_OVER: readonly ChatEntry[] = [];

export function newBatch(): Batch {
  return { appended: [], withdrawn: NO_ENTRIES, state: NO_STATE, replace: false, skipped: null, thinned: 0, sync: false };
}

function withdrawnOf(batch: Batch): ChatEntry[] {
  if (batch.withdrawn === NO_ENTRIES) batch.withdrawn = [];
  return batch.withdrawn;
}

export function putState(batch: Batch, key: string, value: unknown): void {
  if (batch.state === NO_STATE) batch.state = {};
  (batch.state as Record<string, unknown>)[key] = value;
}

export const syncOf = (counters: RoomHubStats): RoomSync => ({
  gapsFilled: counters.gapsFilled,
  gapsSkipped: counters.gapsSkipped,
  messagesSkipped: counters.messagesSkipped,
  messagesThinned: counters.messagesThinned,
});

/** Whether offsets are missing before held ones. */
export const gapOpen = (h: HubState): boolean => h.held.size > 0;

export function smallestHeld(h: HubState): number {
  let min = Number.POSITIVE_INFINITY;
  for (const offset of h.held.keys()) if (offset < min) min = offset;
  return min;
}

function hold(h: HubState, offset: number, message: HistoryMessage): void {
  if (h.held.has(offset)) {
    h.counters.duplicates++;
    return;
  }
  if (h.held.size >= h.heldMax) {
    // Keep the oldest: they unblock the list first; a dropped newer one is fetched again.
    let max = Number.NEGATIVE_INFINITY;
    for (const o of h.held.keys()) if (o > max) max = o;
    h.counters.heldDropped++;
    if (offset > max) return;
    h.held.delete(max);
  }
  h.held.set(offset, message);
}

/** A LazyChatEntry for an unparsed body: the entry before it remembered by its sender, or by its text while unparsed itself. */
function lazyEntry(h: HubState, body: RawChatBody): LazyChatEntry {
  const last = h.ring.at(h.ring.size - 1);
  const lastBody = last instanceof LazyChatEntry ? last.unparsedBody : null;
  const lastUid = last === undefined || lastBody !== null ? null : last.uid;
  return new LazyChatEntry(body.offset, body.text, lastUid, lastBody, h.myUid, h.counters);
}

function applyChat(h: HubState, body: Record<string, unknown>, batch: Batch): void {
  const previous = h.ring.at(h.ring.size - 1);
  let entry: ChatEntry | null;
  // Unparsed (socketSession.ts): parsed now only when it may concern the viewer, else when read.
  if (!(body instanceof RawChatBody)) entry = toChatEntry(body, { myUid: h.myUid, previous });
  else if (mayConcernViewer(body.text, h.myUid)) entry = chatEntryOfText(body.text, body.offset, h.myUid, senderOf(previous));
  else entry = lazyEntry(h, body);
  if (entry === null) {
    h.counters.malformed++;
    return;
  }
  h.ring.push(entry);
  batch.appended.push(entry);
}

/**
 * Whether `entry` is the message `msgId`. An unparsed one whose text does not name it is
 * not (its text has no escape that could spell an id: chatScan.ts), so a withdraw parses
 * only the entries that may be it; `plainId`: the id has no character JSON would escape.
 */
function isMessage(entry: ChatEntry, msgId: string, plainId: boolean): boolean {
  if (plainId && entry instanceof LazyChatEntry) {
    const body = entry.unparsedBody;
    if (body !== null && !body.includes(msgId)) return false;
  }
  return entry.msgId === msgId;
}

function applyWithdraw(h: HubState, body: Record<string, unknown>, batch: Batch): void {
  const msgId = readId(body.msgId);
  if (msgId === null) {
    h.counters.malformed++;
    return;
  }
  let index = -1;
  const plainId = /^[\w.:-]+$/.test(msgId);
  for (let i = 0; i < h.ring.size; i++) {
    const candidate = h.ring.at(i);
    if (candidate !== undefined && isMessage(candidate, msgId, plainId)) {
      index = i;
      break;
    }
  }
  const entry = h.ring.at(index);
  if (entry === undefined) return; // not in the buffer: no tab has it either
  h.ring.remove((e) => e === entry);
  withdrawnOf(batch).push(entry);
  // The entry that followed now follows another one: its meshType may no longer hold.
  const following = h.ring.at(index);
  if (following === undefined) return;
  const previous = h.ring.at(index - 1);
  const meshType = previous !== undefined && previous.uid === following.uid;
  if (meshType !== following.meshType) {
    const plain = plainEntry(following);
    h.ring.update(
      (e) => e === following,
      (e) => (plain === null ? e : { ...plain, meshType }),
    );
    batch.replace = true; // rare (a withdraw), so resending the list is cheaper than a new delta kind
  }
}

function applyState(h: HubState, code: number, body: Record<string, unknown>, offset: number, batch: Batch): void {
  let result = readRoomState(code, body, h.state, h.myUid);
  if (result === null) {
    h.counters.malformed++;
    return;
  }
  if (result === 'ignored') return;
  if (result.key === 'control' && result.value?.action === 'kick' && result.value.offset <= h.joinedAt) return;
  // A gift the join replayed is the room's past: kept in the state, never shown as an event.
  if (result.key === 'gifts' && offset <= h.joinedAt) result = { key: 'gifts', value: result.value.map((g, i, all) => (i === all.length - 1 ? { ...g, history: true } : g)) };
  if (result.key === 'chat' && result.value.staffOnly !== h.state.chat.staffOnly) batch.replace = true;
  h.state = applyPatch(h.state, result);
  putState(batch, result.key, result.value);
}

/** A push without a room offset (the viewer's own mic, the call room): read against its key's state, applied as it comes. */
function applyOwnPush<K extends 'mic' | 'callRoom'>(h: HubState, key: K, read: (current: RoomState[K]) => RoomState[K] | null, batch: Batch): void {
  const value = read(h.state[key]);
  if (value === null) {
    h.counters.malformed++;
    return;
  }
  h.state = { ...h.state, [key]: value };
  putState(batch, key, value);
}

/** Applies the message at offset last + 1 (a skip notice: the range from there). */
function applyNext(h: HubState, message: HistoryMessage, offset: number, batch: Batch): void {
  if (message.code === SKIP_NOTICE_CODE) return applySkipNotice(h, message.body, batch);
  h.last = offset;
  h.counters.applied++;
  if (message.code === CHAT_CODE) applyChat(h, message.body, batch);
  else if (message.code === WITHDRAW_CODE) applyWithdraw(h, message.body, batch);
  else if (isRoomStateCode(message.code)) applyState(h, message.code, message.body, offset, batch);
  else h.counters.unknownCode++;
}

/** A held or current skip notice whose range starts at last + 1 (ingest checked it). */
function applySkipNotice(h: HubState, body: Record<string, unknown>, batch: Batch): void {
  const to = body.to as number;
  const count = to - h.last;
  h.last = to;
  if (body.void !== true) {
    h.counters.messagesThinned += count;
    batch.thinned += count;
    batch.sync = true;
  }
  // Held messages the range covers were sent twice; they are done with.
  for (const offset of h.held.keys()) if (offset <= h.last) h.held.delete(offset);
}

export function drainHeld(h: HubState, batch: Batch): void {
  for (let next = h.held.get(h.last + 1); next !== undefined; next = h.held.get(h.last + 1)) {
    h.held.delete(h.last + 1);
    applyNext(h, next, h.last + 1, batch);
  }
}

export function ingest(h: HubState, message: HistoryMessage, batch: Batch): void {
  const body = message.body as unknown;
  if (typeof body !== 'object' || body === null || Array.isArray(body) || typeof message.code !== 'number') {
    h.counters.malformed++;
    return;
  }
  const b = body as Record<string, unknown>;
  if (b.webcastId !== undefined && b.webcastId !== h.webcastId) {
    h.counters.otherRoom++;
    return;
  }
  if (message.code === SKIP_NOTICE_CODE) return ingestSkipNotice(h, b, batch);
  // The viewer's own connect-mic pushes carry no room offset: applied as they come.
  if (isMicCode(message.code)) return applyOwnPush(h, 'mic', (mic) => readMicPush(message.code, b, mic, h.myUid), batch);
  // So are the call room's control pushes (acknowledged by the session already).
  if (isCallRoomCode(message.code)) return applyOwnPush(h, 'callRoom', (room) => readCallRoomPush(message.code, b, room, h.myUid), batch);
  const offset = b.offset;
  if (typeof offset !== 'number' || !Number.isSafeInteger(offset) || offset < 1) {
    h.counters.malformed++;
    return;
  }
  if (offset <= h.last) {
    h.counters.duplicates++;
    return;
  }
  if (offset === h.last + 1) {
    applyNext(h, message, offset, batch);
    drainHeld(h, batch);
    return;
  }
  hold(h, offset, message);
}

/** Withdraws the chat entries in `from..to`: offsets a void notice says hold nothing. */
function takeBack(h: HubState, from: number, to: number, batch: Batch): void {
  const gone = h.ring.toArray().filter((e) => e.offset >= from && e.offset <= to);
  if (gone.length === 0) return;
  const goneSet = new Set(gone);
  h.ring.remove((e) => goneSet.has(e));
  withdrawnOf(batch).push(...gone);
}

function ingestSkipNotice(h: HubState, body: Record<string, unknown>, batch: Batch): void {
  const notice = readSkipNotice({ ...body, webcastId: h.webcastId });
  if (notice === null) {
    h.counters.malformed++;
    return;
  }
  const isVoid = body.void === true;
  if (isVoid && notice.from <= h.last) takeBack(h, notice.from, notice.to, batch);
  if (notice.to <= h.last) {
    h.counters.duplicates++;
    return;
  }
  const from = Math.max(notice.from, h.last + 1);
  const clipped: HistoryMessage = { code: SKIP_NOTICE_CODE, body: isVoid ? { from, to: notice.to, void: true } : { from, to: notice.to } };
  if (from === h.last + 1) {
    applySkipNotice(h, clipped.body, batch);
    drainHeld(h, batch);
    return;
  }
  // Offsets before the range are missing: a real gap, filled first; the range waits its turn.
  hold(h, from, clipped);
}

/** The batch as the change tabs are told of; null when it changed nothing. */
export function changeOf(h: HubState, batch: Batch): HubChange | null {
  const replace = batch.replace || batch.appended.length > h.ring.capacity;
  let hasState = false;
  for (const _key in batch.state) {
    hasState = true;
    break;
  }
  if (!replace && batch.appended.length === 0 && batch.withdrawn.length === 0 && !hasState && batch.skipped === null && batch.thinned === 0 && !batch.sync) return null;
  const overflow = batch.appended.length - h.ring.capacity;
  return {
    appended: replace ? [] : batch.appended,
    withdrawn: batch.withdrawn,
    replaced: replace ? h.ring.toArray() : null,
    state: batch.state,
    skipped: batch.skipped,
    thinned: batch.thinned,
    passedOver: overflow > 0 ? batch.appended.slice(0, overflow) : NOTHING_PASSED_OVER,
    sync: batch.sync ? syncOf(h.counters) : null,
  };
}
