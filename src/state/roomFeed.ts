/**
 * The tab's view of the rooms it follows, fed by the realtime worker's updates (one per
 * delta tick, never one per message). The chat list and the room state are stored as
 * frozen `ref`s: valtio then tracks only the reference, so a burst costs one new array per
 * tick instead of a proxy per entry, and a component re-renders once per tick.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { proxy, ref, subscribe, useSnapshot } from 'valtio';
// Not the domain index: it would bring the money rules (decimal.js) into the guide page.
import { keepLatest } from '../domain/chatList';
import { CHAT_ENTRIES_KEPT } from '../domain/constants';
import { messageKeyForCode } from '../domain/errorCatalogue';
import type { ChatEntry } from '../realtime/chatEntry';
import type { ChatSample } from '../realtime/chatSpeed';
import type { ChatDelta } from '../realtime/deltas';
import type { ChatFilter } from '../realtime/filters';
import type { ConnectionStatus, JoinStatus, RealtimeOutcome, TabUpdate } from '../realtime/realtimeApi';
import type { RoomSync } from '../realtime/roomHub';
import { INITIAL_ROOM_STATE, type RoomState } from '../realtime/roomState';

export interface RoomFeed {
  joined: JoinStatus;
  /** What this tab's filter shows, oldest first, at most CHAT_ENTRIES_KEPT. */
  entries: readonly ChatEntry[];
  room: RoomState;
  filter: ChatFilter;
  /**
   * Ids withdrawn lately (the newest WITHDRAWN_KEPT), for views that still show entries the
   * feed no longer holds (a reader scrolled up keeps older rows on screen).
   */
  withdrawn: readonly string[];
  /**
   * Messages this tab will never show, by the msgId of the entry they came before (a range
   * the worker could not fill, or more at once than a tab keeps): the list marks them.
   * Only marks of entries still listed are kept.
   */
  gaps: Readonly<Record<string, number>>;
  /** All messages marked so far in this room (the connection status shows it). */
  notShown: number;
  /** The worker's gap counters for the room. */
  sync: RoomSync;
  /** While the viewer's chat speed holds the chat back: what this tab was sent of what came lately. */
  sample: ChatSample | null;
}

export const WITHDRAWN_KEPT = 500;

// refs: valtio keeps them as they are, so `feed.gaps === NO_GAPS` holds and nothing is proxied.
const NO_GAPS: Readonly<Record<string, number>> = ref<Record<string, number>>({});
const NO_SYNC: RoomSync = ref({ gapsFilled: 0, gapsSkipped: 0, messagesSkipped: 0, messagesThinned: 0 });

export interface RealtimeStore {
  connection: ConnectionStatus;
  rooms: Record<string, RoomFeed>;
}

export const IDLE_CONNECTION: ConnectionStatus = { state: 'idle', attempt: 0, status: null, msg: null };

export const realtimeStore = proxy<RealtimeStore>({ connection: IDLE_CONNECTION, rooms: {} });

export function newRoomFeed(filter: ChatFilter): RoomFeed {
  return { joined: { state: 'joining' }, entries: ref([]), room: ref(INITIAL_ROOM_STATE), filter, withdrawn: ref([]), gaps: NO_GAPS, notShown: 0, sync: NO_SYNC, sample: null };
}

/** The entries after a delta: replaced, or withdrawn ones removed and new ones appended. */
export function applyDelta(entries: readonly ChatEntry[], delta: ChatDelta): readonly ChatEntry[] {
  if (delta.replace !== undefined) return keepLatest(delta.replace, CHAT_ENTRIES_KEPT);
  if (delta.append.length === 0 && delta.withdraw.length === 0) return entries;
  const gone = delta.withdraw.length === 0 ? null : new Set(delta.withdraw);
  const kept = gone === null ? entries : entries.filter((entry) => !gone.has(entry.msgId));
  return keepLatest(delta.append.length === 0 ? kept : kept.concat(delta.append), CHAT_ENTRIES_KEPT);
}

/** Applies one worker update to the store (the room must have been opened). */
export function applyTabUpdate(store: RealtimeStore, roomId: string, update: TabUpdate): void {
  if (update.connection !== undefined) store.connection = update.connection;
  const feed = store.rooms[roomId];
  if (feed === undefined) return;
  if (update.join !== undefined) feed.joined = update.join;
  const delta = update.delta;
  if (delta === undefined) return;
  const entries = applyDelta(feed.entries, delta);
  if (delta.withdraw.length > 0) feed.withdrawn = ref(keepLatest(feed.withdrawn.concat(delta.withdraw), WITHDRAWN_KEPT));
  if (delta.state !== undefined) feed.room = ref({ ...feed.room, ...delta.state });
  if (delta.sync !== undefined) feed.sync = ref(delta.sync);
  if (delta.sample !== undefined) feed.sample = delta.sample === null ? null : ref(delta.sample);
  if (delta.gaps !== undefined || (entries !== feed.entries && feed.gaps !== NO_GAPS)) applyGaps(feed, entries, delta.gaps);
  if (entries !== feed.entries) feed.entries = ref(entries);
}

/**
 * Adds the delta's marks and drops those whose entry left the list (rare: only after a gap).
 * The marks are few and the entries up to 200, so each entry is looked up among the marks
 * (no set of every entry's id at every update of a flood).
 */
function applyGaps(feed: RoomFeed, entries: readonly ChatEntry[], added: Readonly<Record<string, number>> | undefined): void {
  if (added !== undefined) for (const count of Object.values(added)) feed.notShown += count;
  const old = feed.gaps;
  const next: Record<string, number> = {};
  let kept = 0;
  for (const entry of entries) {
    const id = entry.msgId;
    const before = Object.hasOwn(old, id) ? old[id]! : 0;
    const now = added !== undefined && Object.hasOwn(added, id) ? added[id]! : 0;
    if (before === 0 && now === 0) continue;
    next[id] = before + now;
    kept++;
  }
  feed.gaps = kept === 0 ? NO_GAPS : ref(next);
}

export const useRealtime = () => useSnapshot(realtimeStore);

/** Localized text of a failed realtime request (send, withdraw...). */
export type RealtimeFailure = Extract<RealtimeOutcome<unknown>, { ok: false }>;
export type Translate = (key: string, params?: Readonly<Record<string, string | number>>) => string;

export function realtimeFailureText(failure: RealtimeFailure, t: Translate): string {
  switch (failure.reason) {
    case 'rejected': {
      const key = failure.status === null ? null : messageKeyForCode(failure.status);
      if (failure.status === 4501 && failure.msg !== '') return t('error.invalidInputField', { detail: failure.msg });
      if (key !== null) return t(key);
      return failure.msg !== '' ? failure.msg : t('realtime.failed.rejected');
    }
    case 'timeout':
      return t('realtime.failed.timeout');
    case 'not-connected':
    case 'connection-closed':
      return t('realtime.failed.notConnected');
    case 'not-subscribed':
      return t('realtime.failed.notSubscribed');
    case 'send-failed':
    case 'bad-reply':
      return t('realtime.failed.rejected');
  }
}

/**
 * The room state (pushes 7105 to 7127 and the viewer's acted notes) of a followed room.
 * The state is a frozen ref: a component re-renders when it changes, never for chat alone.
 */
export function useRoomState(roomId: string): RoomState | null {
  return useSnapshot(realtimeStore).rooms[roomId]?.room ?? null;
}

/**
 * One key of a followed room's state (`lottery`, `acted`, ...). The worker replaces only the
 * keys a push changed and keeps the others as they were, so a component that needs one
 * re-renders when that one changes: not for the online count pushed a few times a second,
 * and not for chat.
 */
export function useRoomStateKey<K extends keyof RoomState>(roomId: string, key: K): RoomState[K] | null {
  const read = useCallback(() => realtimeStore.rooms[roomId]?.room[key] ?? null, [roomId, key]);
  const listen = useCallback((onChange: () => void) => subscribe(realtimeStore, onChange), []);
  return useSyncExternalStore(listen, read);
}

/**
 * Where the tab's join of a followed room stands (joining, joined, refused; null when not
 * followed): a screen whose first socket request needs the room joined makes it once this
 * says 'joined', and again after each rejoin.
 */
export function useRoomJoinState(roomId: string): JoinStatus['state'] | null {
  const read = useCallback(() => realtimeStore.rooms[roomId]?.joined.state ?? null, [roomId]);
  const listen = useCallback((onChange: () => void) => subscribe(realtimeStore, onChange), []);
  return useSyncExternalStore(listen, read);
}
