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
 * The hub is three parts: this module's createRoomHub (the calls a room makes), the
 * ingest of hubIngest.ts (one message into the plain HubState object, in offset order) and
 * the gap filling of gapFill.ts (its small machine, GAP_TRANSITIONS, and the plain GapFill
 * object). A debugger or a test reads the whole hub in `inspect()`.
 */
import { applyPatch, withActed, type RoomState } from './roomState';
import { gapOpen, ingest, newBatch, newHubState, putState, syncOf, type HubState } from './hubIngest';
import { emitBatch, newGapFill, resetGap, startGap, type GapFill, type GapIo } from './gapFill';
import type { ChatEntry } from './chatEntry';

export { CHAT_CODE, WITHDRAW_CODE } from './hubIngest';
export { GAP_TRANSITIONS, HISTORY_PAGE_MAX, HISTORY_RETRIES, HISTORY_RETRY_BASE_MS, type GapEvent, type GapState } from './gapFill';
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
  /** The hub's state as it stands (read it; do not change it). */
  inspect(): { readonly data: Readonly<HubState>; readonly gap: Readonly<GapFill> };
}

export function createRoomHub(options: RoomHubOptions): RoomHub {
  const h = newHubState(options.webcastId, options.myUid, options.heldMax ?? HELD_MAX);
  const g = newGapFill();
  const io: GapIo = { requestHistory: options.requestHistory, onChange: options.onChange, schedule: options.schedule };

  function start(offset: number, latestAtJoin?: number): void {
    if (!Number.isSafeInteger(offset) || offset < 0) return;
    resetGap(h, g);
    if (h.last === 0 && latestAtJoin !== undefined && Number.isSafeInteger(latestAtJoin)) h.joinedAt = Math.max(h.joinedAt, latestAtJoin);
    // Never back: a replay of what was applied must not show it twice (it is dropped as duplicates).
    if (offset <= h.last) return;
    if (h.last > 0) {
      // A rejoin whose replay starts later than what we had: those messages are not coming.
      h.counters.gapsSkipped++;
      h.counters.messagesSkipped += offset - h.last;
      const batch = newBatch();
      batch.skipped = { after: h.last, upTo: offset };
      batch.sync = true;
      h.last = offset;
      emitBatch(h, io, batch);
      return;
    }
    h.last = offset;
  }

  return {
    start,
    restart(offset, latestAtJoin) {
      if (!Number.isSafeInteger(offset) || offset < 0) return;
      h.last = 0;
      h.joinedAt = 0;
      start(offset, latestAtJoin);
    },
    apply(code, body) {
      if (g.disposed) return;
      const batch = newBatch();
      ingest(h, { code, body }, batch);
      emitBatch(h, io, batch);
      if (gapOpen(h)) startGap(h, g, io);
    },
    snapshot(): { readonly entries: ChatEntry[]; readonly state: RoomState } {
      return { entries: h.ring.toArray(), state: h.state };
    },
    lastOffset() {
      return h.last;
    },
    stats() {
      return { ...h.counters };
    },
    sync() {
      return syncOf(h.counters);
    },
    noteActed(key, value) {
      if (g.disposed) return false;
      const acted = withActed(h.state.acted, key, value);
      if (acted === null) return false;
      h.state = applyPatch(h.state, { key: 'acted', value: acted });
      const batch = newBatch();
      putState(batch, 'acted', acted);
      emitBatch(h, io, batch);
      return true;
    },
    dispose() {
      g.disposed = true;
      resetGap(h, g);
    },
    inspect() {
      return { data: h, gap: g };
    },
  };
}
