/**
 * The room hub: one per room the worker shows. It turns the room messages of PROTOCOL 2.4
 * (pushes 7101 to 7127, and the pages of history sync 2401) into the chat list (the latest
 * 200 entries, SPEC 5) and the room state the tabs read (live status, counts, overlays...).
 *
 * Offsets. Every room message carries an offset that grows by exactly 1. The hub applies
 * them strictly in order: an offset already applied is dropped (counted as a duplicate);
 * an offset beyond the next one is held (in a bounded buffer) while the missing range is
 * fetched with `requestHistory`, and the held ones are applied once the gap is filled, so
 * a tab never sees a later message before an earlier one. If history keeps failing, the
 * hub retries with backoff and then, as a last resort, skips the gap and reports it, so
 * the room never freezes waiting for messages that will not come.
 *
 * A skip notice (push 7201 of a thinned stream, src/protocol/thinning.ts) stands for the
 * offsets it names: applied in order like them, it moves the last offset to its end and
 * counts them as skipped on purpose, never as a gap (no history is fetched for them).
 * A void notice (`void: true`, written by a server restarted after a crash) names offsets
 * that hold nothing: they count as nothing, and entries this hub already has in its range
 * were pushed by the crashed process and never written, so they are taken back (withdrawn
 * from the tabs) rather than left as messages the room does not have.
 *
 * The gap filling is a small state machine (GAP_TRANSITIONS): idle -> fetching (a gap was
 * seen) -> fetching (a page made progress, more to fetch) | idle (filled, or skipped) |
 * backingOff (the page failed) -> fetching (retry due).
 */
import { RingBuffer } from '../domain/chatList';
import { CHAT_ENTRIES_KEPT } from '../domain/constants';
import { readId, toChatEntry, type ChatEntry } from './chatEntry';
import { isMicCode, readMicPush } from './micState';
import { isCallRoomCode, readCallRoomPush } from './callRoomState';
import { applyPatch, INITIAL_ROOM_STATE, isRoomStateCode, readRoomState, withActed, type RoomState } from './roomState';
import { readSkipNotice, SKIP_NOTICE_CODE } from '../protocol/thinning';

export const CHAT_CODE = 7101;
export const WITHDRAW_CODE = 7103;
/** docs/protocol.md 5.2: history sync serves 1 to 500 messages a page. */
export const HISTORY_PAGE_MAX = 500;
/** Retries of a failed history page before the gap is skipped. */
export const HISTORY_RETRIES = 3;
/** First retry wait; it doubles with every further failure. */
export const HISTORY_RETRY_BASE_MS = 1000;
/** Messages held while a gap is filled; beyond this the newest are dropped and fetched again later. */
export const HELD_MAX = 2000;

export interface HistoryMessage {
  readonly code: number;
  readonly body: Record<string, unknown>;
}

export interface SkippedGap {
  /** The last offset applied before the gap. */
  readonly after: number;
  /** The last offset of the gap: messages after..upTo (exclusive of after) were never shown. */
  readonly upTo: number;
}

export interface HubChange {
  /** New chat entries, oldest first (may include ones withdrawn in the same change). */
  readonly appended: readonly ChatEntry[];
  /** Entries removed from the buffer by a withdraw (7103). */
  readonly withdrawn: readonly ChatEntry[];
  /**
   * The whole buffer, when appending is not enough: one change appended more entries than
   * the buffer keeps (a large history page), or the staff-only mode flipped (what a filter
   * shows changed for entries tabs already have). `appended` is then empty.
   */
  readonly replaced: readonly ChatEntry[] | null;
  /** Room-state keys changed, with their new values. */
  readonly state: Partial<RoomState>;
  readonly skipped: SkippedGap | null;
  /**
   * Others' chat messages the server left out of a thinned stream in this change (skip
   * notices): on purpose, fetchable with 2401, and never ones a filter other than "all" shows.
   */
  readonly thinned: number;
  /**
   * Chat entries of this change the buffer could not keep (more arrived at once than it
   * holds, e.g. a long gap filled in one page): no tab ever gets them. Empty almost always.
   */
  readonly passedOver: readonly ChatEntry[];
  /** The gap counters, when this change moved them (a gap filled or skipped); else null. */
  readonly sync: RoomSync | null;
}

/** What a viewer may want to know of the gap filling: ranges filled, ranges given up, and their size. */
export interface RoomSync {
  readonly gapsFilled: number;
  readonly gapsSkipped: number;
  /** Room messages (of any kind) in the skipped ranges. */
  readonly messagesSkipped: number;
  /** Chat messages the server left out on purpose to keep this viewer current (skip notices). */
  readonly messagesThinned: number;
}

export const NO_SYNC: RoomSync = { gapsFilled: 0, gapsSkipped: 0, messagesSkipped: 0, messagesThinned: 0 };

export interface RoomHubStats {
  readonly applied: number;
  readonly duplicates: number;
  readonly malformed: number;
  readonly otherRoom: number;
  readonly unknownCode: number;
  readonly heldDropped: number;
  readonly historyFailures: number;
  readonly gapsFilled: number;
  readonly gapsSkipped: number;
  readonly messagesSkipped: number;
  readonly messagesThinned: number;
}

export interface RoomHubOptions {
  readonly webcastId: string;
  readonly myUid: string | null;
  /** History sync 2401: the room messages after `after`, at most `limit` of them. */
  requestHistory(after: number, limit: number): Promise<readonly HistoryMessage[]>;
  onChange(change: HubChange): void;
  /** Runs `fn` after `ms`; returns a cancel function. Injected: no timers in pure code. */
  schedule(fn: () => void, ms: number): () => void;
  readonly heldMax?: number;
}

export interface RoomHub {
  /**
   * Sets the last applied offset (the join reply's `from - 1` when the server replayed);
   * drops held messages and any gap in progress. It never moves back (a replay of applied
   * messages is dropped as duplicates); moving forward past applied messages is reported as
   * a skipped gap.
   *
   * `joinedAt`, on the first join: the room's latest offset when this session joined. A
   * kick of this viewer at or before it is history (it ended an earlier session of the
   * same account, since readmitted) and is not taken as a control.
   */
  start(offset: number, joinedAt?: number): void;
  /**
   * The room's log began again (the join reply named another epoch, docs/protocol.md 5.6):
   * the offsets applied so far belong to the old log, so this starts afresh at `offset` as a
   * first join does, moving back if need be. The entries shown stay: they were real messages.
   */
  restart(offset: number, joinedAt?: number): void;
  apply(code: number, body: Record<string, unknown>): void;
  snapshot(): { readonly entries: ChatEntry[]; readonly state: RoomState };
  /** The last offset applied: what a rejoin (7001) sends. */
  lastOffset(): number;
  stats(): RoomHubStats;
  /** The gap counters a tab shows (a subset of stats). */
  sync(): RoomSync;
  /**
   * Records what the viewer did in an interaction (see `Acted`), for every tab of the room;
   * false when the note is malformed (nothing changes).
   */
  noteActed(key: string, value: unknown): boolean;
  /** Stops gap filling; later history answers are ignored. */
  dispose(): void;
}

export type GapState = 'idle' | 'fetching' | 'backingOff';
export type GapEvent = 'gapSeen' | 'progress' | 'filled' | 'failed' | 'gaveUp' | 'retryDue' | 'reset';

/** Allowed transitions of the gap filling; an event missing here is a bug and is ignored. */
export const GAP_TRANSITIONS: Readonly<Record<GapState, Readonly<Partial<Record<GapEvent, GapState>>>>> = {
  idle: { gapSeen: 'fetching', reset: 'idle' },
  fetching: { progress: 'fetching', filled: 'idle', failed: 'backingOff', gaveUp: 'idle', reset: 'idle' },
  backingOff: { retryDue: 'fetching', reset: 'idle' },
};

interface Batch {
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

function newBatch(): Batch {
  return { appended: [], withdrawn: NO_ENTRIES, state: NO_STATE, replace: false, skipped: null, thinned: 0, sync: false };
}

function withdrawnOf(batch: Batch): ChatEntry[] {
  if (batch.withdrawn === NO_ENTRIES) batch.withdrawn = [];
  return batch.withdrawn;
}

function putState(batch: Batch, key: string, value: unknown): void {
  if (batch.state === NO_STATE) batch.state = {};
  (batch.state as Record<string, unknown>)[key] = value;
}

type Counters = { -readonly [K in keyof RoomHubStats]: RoomHubStats[K] };

const NOTHING_PASSED_OVER: readonly ChatEntry[] = [];

const syncOf = (counters: RoomHubStats): RoomSync => ({
  gapsFilled: counters.gapsFilled,
  gapsSkipped: counters.gapsSkipped,
  messagesSkipped: counters.messagesSkipped,
  messagesThinned: counters.messagesThinned,
});

export function createRoomHub(options: RoomHubOptions): RoomHub {
  const { webcastId, myUid, requestHistory, onChange, schedule } = options;
  const heldMax = options.heldMax ?? HELD_MAX;
  const ring = new RingBuffer<ChatEntry>(CHAT_ENTRIES_KEPT);
  const held = new Map<number, HistoryMessage>();
  const counters: Counters = { applied: 0, duplicates: 0, malformed: 0, otherRoom: 0, unknownCode: 0, heldDropped: 0, historyFailures: 0, gapsFilled: 0, gapsSkipped: 0, messagesSkipped: 0, messagesThinned: 0 };
  let state: RoomState = INITIAL_ROOM_STATE;
  let last = 0;
  /** Messages at or below this offset were in the room before this session joined it. */
  let joinedAt = 0;
  let gap: GapState = 'idle';
  let failures = 0;
  let cancelRetry: (() => void) | null = null;
  /** Bumped by start() and dispose(): a history answer from an older generation is stale. */
  let generation = 0;
  let disposed = false;

  function transition(event: GapEvent): void {
    const next = GAP_TRANSITIONS[gap][event];
    if (next !== undefined) gap = next;
  }

  function smallestHeld(): number {
    let min = Number.POSITIVE_INFINITY;
    for (const offset of held.keys()) if (offset < min) min = offset;
    return min;
  }

  function hold(offset: number, message: HistoryMessage): void {
    if (held.has(offset)) {
      counters.duplicates++;
      return;
    }
    if (held.size >= heldMax) {
      // Keep the oldest: they unblock the list first; a dropped newer one is fetched again.
      let max = Number.NEGATIVE_INFINITY;
      for (const o of held.keys()) if (o > max) max = o;
      counters.heldDropped++;
      if (offset > max) return;
      held.delete(max);
    }
    held.set(offset, message);
  }

  function applyChat(body: Record<string, unknown>, batch: Batch): void {
    const entry = toChatEntry(body, { myUid, previous: ring.at(ring.size - 1) });
    if (entry === null) {
      counters.malformed++;
      return;
    }
    ring.push(entry);
    batch.appended.push(entry);
  }

  function applyWithdraw(body: Record<string, unknown>, batch: Batch): void {
    const msgId = readId(body.msgId);
    if (msgId === null) {
      counters.malformed++;
      return;
    }
    let index = -1;
    for (let i = 0; i < ring.size; i++) {
      if (ring.at(i)?.msgId === msgId) {
        index = i;
        break;
      }
    }
    const entry = ring.at(index);
    if (entry === undefined) return; // not in the buffer: no tab has it either
    ring.remove((e) => e === entry);
    withdrawnOf(batch).push(entry);
    // The entry that followed now follows another one: its meshType may no longer hold.
    const following = ring.at(index);
    if (following === undefined) return;
    const previous = ring.at(index - 1);
    const meshType = previous !== undefined && previous.uid === following.uid;
    if (meshType !== following.meshType) {
      ring.update(
        (e) => e === following,
        (e) => ({ ...e, meshType }),
      );
      batch.replace = true; // rare (a withdraw), so resending the list is cheaper than a new delta kind
    }
  }

  function applyState(code: number, body: Record<string, unknown>, offset: number, batch: Batch): void {
    let result = readRoomState(code, body, state, myUid);
    if (result === null) {
      counters.malformed++;
      return;
    }
    if (result === 'ignored') return;
    if (result.key === 'control' && result.value?.action === 'kick' && result.value.offset <= joinedAt) return;
    // A gift the join replayed is the room's past: kept in the state, never shown as an event.
    if (result.key === 'gifts' && offset <= joinedAt) result = { key: 'gifts', value: result.value.map((g, i, all) => (i === all.length - 1 ? { ...g, history: true } : g)) };
    if (result.key === 'chat' && result.value.staffOnly !== state.chat.staffOnly) batch.replace = true;
    state = applyPatch(state, result);
    putState(batch, result.key, result.value);
  }

  function applyMic(code: number, body: Record<string, unknown>, batch: Batch): void {
    const mic = readMicPush(code, body, state.mic, myUid);
    if (mic === null) {
      counters.malformed++;
      return;
    }
    state = applyPatch(state, { key: 'mic', value: mic });
    putState(batch, 'mic', mic);
  }

  function applyCallRoom(code: number, body: Record<string, unknown>, batch: Batch): void {
    const callRoom = readCallRoomPush(code, body, state.callRoom, myUid);
    if (callRoom === null) {
      counters.malformed++;
      return;
    }
    state = applyPatch(state, { key: 'callRoom', value: callRoom });
    putState(batch, 'callRoom', callRoom);
  }

  /** Applies the message at offset last + 1 (a skip notice: the range from there). */
  function applyNext(message: HistoryMessage, offset: number, batch: Batch): void {
    if (message.code === SKIP_NOTICE_CODE) return applySkipNotice(message.body, batch);
    last = offset;
    counters.applied++;
    if (message.code === CHAT_CODE) applyChat(message.body, batch);
    else if (message.code === WITHDRAW_CODE) applyWithdraw(message.body, batch);
    else if (isRoomStateCode(message.code)) applyState(message.code, message.body, offset, batch);
    else counters.unknownCode++;
  }

  /** A held or current skip notice whose range starts at last + 1 (ingest checked it). */
  function applySkipNotice(body: Record<string, unknown>, batch: Batch): void {
    const to = body.to as number;
    const count = to - last;
    last = to;
    if (body.void !== true) {
      counters.messagesThinned += count;
      batch.thinned += count;
      batch.sync = true;
    }
    // Held messages the range covers were sent twice; they are done with.
    for (const offset of held.keys()) if (offset <= last) held.delete(offset);
  }

  function drainHeld(batch: Batch): void {
    for (let next = held.get(last + 1); next !== undefined; next = held.get(last + 1)) {
      held.delete(last + 1);
      applyNext(next, last + 1, batch);
    }
  }

  function ingest(message: HistoryMessage, batch: Batch): void {
    const body = message.body as unknown;
    if (typeof body !== 'object' || body === null || Array.isArray(body) || typeof message.code !== 'number') {
      counters.malformed++;
      return;
    }
    const b = body as Record<string, unknown>;
    if (b.webcastId !== undefined && b.webcastId !== webcastId) {
      counters.otherRoom++;
      return;
    }
    if (message.code === SKIP_NOTICE_CODE) return ingestSkipNotice(b, batch);
    // The viewer's own connect-mic pushes carry no room offset: applied as they come.
    if (isMicCode(message.code)) return applyMic(message.code, b, batch);
    // So are the call room's control pushes (acknowledged by the session already).
    if (isCallRoomCode(message.code)) return applyCallRoom(message.code, b, batch);
    const offset = b.offset;
    if (typeof offset !== 'number' || !Number.isSafeInteger(offset) || offset < 1) {
      counters.malformed++;
      return;
    }
    if (offset <= last) {
      counters.duplicates++;
      return;
    }
    if (offset === last + 1) {
      applyNext(message, offset, batch);
      drainHeld(batch);
      return;
    }
    hold(offset, message);
  }

  /** Withdraws the chat entries in `from..to`: offsets a void notice says hold nothing. */
  function takeBack(from: number, to: number, batch: Batch): void {
    const gone = ring.toArray().filter((e) => e.offset >= from && e.offset <= to);
    if (gone.length === 0) return;
    const goneSet = new Set(gone);
    ring.remove((e) => goneSet.has(e));
    withdrawnOf(batch).push(...gone);
  }

  function ingestSkipNotice(body: Record<string, unknown>, batch: Batch): void {
    const notice = readSkipNotice({ ...body, webcastId });
    if (notice === null) {
      counters.malformed++;
      return;
    }
    const isVoid = body.void === true;
    if (isVoid && notice.from <= last) takeBack(notice.from, notice.to, batch);
    if (notice.to <= last) {
      counters.duplicates++;
      return;
    }
    const from = Math.max(notice.from, last + 1);
    const clipped: HistoryMessage = { code: SKIP_NOTICE_CODE, body: isVoid ? { from, to: notice.to, void: true } : { from, to: notice.to } };
    if (from === last + 1) {
      applySkipNotice(clipped.body, batch);
      drainHeld(batch);
      return;
    }
    // Offsets before the range are missing: a real gap, filled first; the range waits its turn.
    hold(from, clipped);
  }

  function emit(batch: Batch): void {
    const replace = batch.replace || batch.appended.length > ring.capacity;
    let hasState = false;
    for (const _key in batch.state) {
      hasState = true;
      break;
    }
    if (!replace && batch.appended.length === 0 && batch.withdrawn.length === 0 && !hasState && batch.skipped === null && batch.thinned === 0 && !batch.sync) return;
    const overflow = batch.appended.length - ring.capacity;
    onChange({
      appended: replace ? [] : batch.appended,
      withdrawn: batch.withdrawn,
      replaced: replace ? ring.toArray() : null,
      state: batch.state,
      skipped: batch.skipped,
      thinned: batch.thinned,
      passedOver: overflow > 0 ? batch.appended.slice(0, overflow) : NOTHING_PASSED_OVER,
      sync: batch.sync ? syncOf(counters) : null,
    });
  }

  function gapOpen(): boolean {
    return held.size > 0;
  }

  function fetchPage(): void {
    const mine = generation;
    const after = last;
    const limit = Math.max(1, Math.min(HISTORY_PAGE_MAX, smallestHeld() - 1 - last));
    let promise: Promise<readonly HistoryMessage[]>;
    try {
      promise = requestHistory(after, limit);
    } catch {
      promise = Promise.reject(new Error('requestHistory threw'));
    }
    promise.then(
      (messages) => {
        if (mine === generation) onPage(messages, after);
      },
      () => {
        if (mine === generation) onFailure();
      },
    );
  }

  function onPage(messages: readonly HistoryMessage[], after: number): void {
    const batch = newBatch();
    if (Array.isArray(messages)) for (const m of messages) ingest(m, batch);
    drainHeld(batch);
    const filled = last !== after && !gapOpen();
    if (filled) {
      counters.gapsFilled++;
      batch.sync = true;
    }
    emit(batch);
    if (last === after) {
      // An empty or useless page: the server does not have the range (any more).
      onFailure();
      return;
    }
    failures = 0;
    if (gapOpen()) {
      transition('progress');
      fetchPage();
    } else {
      transition('filled');
    }
  }

  function onFailure(): void {
    counters.historyFailures++;
    failures++;
    if (failures > HISTORY_RETRIES) {
      transition('gaveUp');
      skipGap();
      return;
    }
    transition('failed');
    const mine = generation;
    cancelRetry = schedule(() => {
      cancelRetry = null;
      if (mine !== generation) return;
      transition('retryDue');
      fetchPage();
    }, HISTORY_RETRY_BASE_MS * 2 ** (failures - 1));
  }

  /** Last resort: give up on the missing range, show what was held, report the skip. */
  function skipGap(): void {
    failures = 0;
    const batch = newBatch();
    const upTo = smallestHeld() - 1;
    batch.skipped = { after: last, upTo };
    counters.gapsSkipped++;
    counters.messagesSkipped += upTo - last;
    batch.sync = true;
    last = upTo;
    drainHeld(batch);
    emit(batch);
    if (gapOpen()) startGap();
  }

  function startGap(): void {
    if (gap !== 'idle' || disposed) return;
    transition('gapSeen');
    fetchPage();
  }

  function reset(): void {
    generation++;
    held.clear();
    failures = 0;
    if (cancelRetry !== null) cancelRetry();
    cancelRetry = null;
    transition('reset');
  }

  function start(offset: number, latestAtJoin?: number): void {
    if (!Number.isSafeInteger(offset) || offset < 0) return;
    reset();
    if (last === 0 && latestAtJoin !== undefined && Number.isSafeInteger(latestAtJoin)) joinedAt = Math.max(joinedAt, latestAtJoin);
    // Never back: a replay of what was applied must not show it twice (it is dropped as duplicates).
    if (offset <= last) return;
    if (last > 0) {
      // A rejoin whose replay starts later than what we had: those messages are not coming.
      counters.gapsSkipped++;
      counters.messagesSkipped += offset - last;
      const batch = newBatch();
      batch.skipped = { after: last, upTo: offset };
      batch.sync = true;
      last = offset;
      emit(batch);
      return;
    }
    last = offset;
  }

  return {
    start,
    restart(offset, latestAtJoin) {
      if (!Number.isSafeInteger(offset) || offset < 0) return;
      last = 0;
      joinedAt = 0;
      start(offset, latestAtJoin);
    },
    apply(code, body) {
      if (disposed) return;
      const batch = newBatch();
      ingest({ code, body }, batch);
      emit(batch);
      if (gapOpen()) startGap();
    },
    snapshot() {
      return { entries: ring.toArray(), state };
    },
    lastOffset() {
      return last;
    },
    stats() {
      return { ...counters };
    },
    sync() {
      return syncOf(counters);
    },
    noteActed(key, value) {
      if (disposed) return false;
      const acted = withActed(state.acted, key, value);
      if (acted === null) return false;
      state = applyPatch(state, { key: 'acted', value: acted });
      const batch = newBatch();
      putState(batch, 'acted', acted);
      emit(batch);
      return true;
    },
    dispose() {
      disposed = true;
      reset();
    },
  };
}
