/**
 * What the realtime worker does for its tabs (ARCHITECTURE 1): one socket session per
 * distinct login, one room hub per followed room, and per tab and room a delta coalescer
 * that sends that tab only what its filter shows, at most once per tick.
 *
 * It is the shared code between the two worker entries (SharedWorker: every tab of the
 * browser; dedicated Worker fallback: one tab) and node tests: everything outside pure code
 * (sockets, timers, Web Locks) comes in through `RealtimeServicePorts`.
 *
 * Lifetimes:
 * - a room lives while some tab subscribes to it; the last unsubscribe leaves it (7003);
 *   its hub, its tabs and its join are roomEntry.ts's;
 * - a session lives while it has rooms; after the last room goes it lingers `lingerMs`
 *   (a reload or a tab opened right after keeps the same socket), then closes;
 * - a tab lives until it says goodbye or its Web Lock is released (closed or crashed).
 *
 * A chat message's way to a tab passes through each module once, and not through this
 * one: socketSession.ts (frame, offset) → pushRouting.ts → roomEntry.ts (join holds) →
 * roomHub.ts (order, gaps, buffer) → deltas.ts (each tab's filter and coalescing, paced
 * by deltaPacing.ts) → tabDelivery.ts (the update, with back-pressure: a tab's update
 * call returns a promise that settles once the tab applied it, and a tick that comes due
 * while it is in flight waits, so a busy tab gets fewer, larger deltas instead of a
 * growing queue). This module creates and wires them.
 */
import type { ChatEntry } from './chatEntry';
import { createConversationBook, type ConversationArchive, type ConversationBook } from './conversationBook';
import { EMPTY_CONVERSATIONS } from './conversations';
import type { PaceClock } from './deltaPacing';
import { snapshotDelta } from './deltas';
import type { ChatSpeed } from './chatSpeed';
import type { ChatFilter } from './filters';
import type { FrameBody } from '../protocol/frame';
import type { Clock, Logger, RandomBytes, SocketFactory, TimerId } from './ports';
import type {
  ChatSendInput,
  ConnectionStatus,
  RealtimeApi,
  RealtimeOutcome,
  RoomSubscription,
  SessionKey,
  TabUpdate,
  TabUpdateHandler,
} from './realtimeApi';
import { createRoomEntry, holdForJoin, HISTORY_REQUEST, joinFailed, joinReplied, joinRoom, leaveRoom, readHistory, setJoin, type RoomEntry, type Subscriber } from './roomEntry';
import { failureOf } from './pendingRequests';
import { routePush } from './pushRouting';
import { addFollower, deliver, removeFollower, tellEachTabOnce, tellFollowers } from './tabDelivery';
import { createSocketSession, type SessionStateInfo, type SocketSession } from './socketSession';
import { TERMINAL_STATES, type SessionState } from './sessionMachine';
import { isSkippedRange, readSkippedPage, skippedPageRequest } from './skippedPage';
import { createKeepAlives, type BeatSender } from './keepAlive';

export const CHAT_SEND_REQUEST = 7101;
export const WITHDRAW_REQUEST = 7103;
/** How long a session with no room left keeps its socket (a reload reuses it). */
export const SESSION_LINGER_MS = 5000;

export interface RealtimeServicePorts {
  readonly socketFactory: SocketFactory;
  readonly clock: Clock;
  readonly random: RandomBytes;
  readonly logger: Logger;
  /** Calls `onGone` once the tab holding the Web Lock `lockName` is gone. */
  watchTab(lockName: string, onGone: () => void): void;
  readonly lingerMs?: number;
  /** Where each login's conversations are kept between visits (IndexedDB); none: kept while the worker lives. */
  readonly archive?: ConversationArchive | null;
  /** Sends one login heartbeat (keepAlive.ts); none: `keepAlive` does nothing (node tests of other parts). */
  readonly heartbeat?: BeatSender;
}

export interface RealtimeServiceStats {
  readonly sessions: number;
  readonly rooms: number;
  readonly tabs: number;
  readonly subscriptions: number;
  /** Heartbeat lines running (one per login and room, keepAlive.ts). */
  readonly keepAlives: number;
}

export interface RealtimeService extends RealtimeApi {
  stats(): RealtimeServiceStats;
  /** Closes every session (tests, worker shutdown). */
  dispose(): void;
}

interface SessionEntry {
  readonly key: string;
  readonly userId: string;
  readonly session: SocketSession;
  readonly rooms: Map<string, RoomEntry>;
  /** The login's direct and group conversations (not a room's: their pushes name no room). */
  readonly book: ConversationBook;
  status: ConnectionStatus;
  lingerTimer: TimerId | null;
}

interface TabEntry {
  visible: boolean;
  /** The viewer's chat speed in this tab: every room it follows is sampled to it. */
  speed: ChatSpeed;
  /** session key + webcastId of each room the tab follows. */
  readonly rooms: Map<string, string>;
}

const sessionKeyOf = (key: SessionKey): string => `${key.url}\n${key.sid}`;

function toStatus(state: SessionState, info: SessionStateInfo): ConnectionStatus {
  return { state, attempt: info.attempt ?? 0, status: info.status ?? null, msg: info.msg ?? null };
}

const notSubscribed = (webcastId: string): Extract<RealtimeOutcome<never>, { ok: false }> => ({
  ok: false,
  reason: 'not-subscribed',
  status: null,
  msg: `room ${webcastId} is not followed by this tab`,
});

export function createRealtimeService(ports: RealtimeServicePorts): RealtimeService {
  const { clock, logger } = ports;
  const lingerMs = ports.lingerMs ?? SESSION_LINGER_MS;
  const sessions = new Map<string, SessionEntry>();
  const tabs = new Map<string, TabEntry>();
  const keepAlives = ports.heartbeat === undefined ? null : createKeepAlives(clock, ports.heartbeat);

  const later = (fn: () => void, ms: number): (() => void) => {
    const id = clock.setTimeout(fn, ms);
    return () => clock.clearTimeout(id);
  };
  const paceClock: PaceClock = { later, now: () => clock.now() };

  const deliverToTab = (sub: Subscriber, update: TabUpdate): void => deliver(sub, update, logger, paceClock.now);

  // ---- rooms (roomEntry.ts) ----

  function createRoom(entry: SessionEntry, webcastId: string): RoomEntry {
    const room: RoomEntry = createRoomEntry(webcastId, {
      session: entry.session,
      myUid: entry.userId,
      later,
      deliver: deliverToTab,
      followed: () => entry.rooms.get(webcastId) === room,
    });
    entry.rooms.set(webcastId, room);
    if (entry.session.state === 'online') joinRoom(room);
    else if (entry.session.state === 'reconnecting' || entry.session.state === 'connecting' || entry.session.state === 'loggingIn') holdForJoin(room); // joined when the login is accepted
    return room;
  }

  function dropRoom(entry: SessionEntry, room: RoomEntry): void {
    entry.rooms.delete(room.webcastId);
    leaveRoom(room, logger);
    if (entry.rooms.size === 0) scheduleLinger(entry);
  }

  // ---- sessions ----

  function scheduleLinger(entry: SessionEntry): void {
    if (entry.lingerTimer !== null) return;
    entry.lingerTimer = clock.setTimeout(() => {
      entry.lingerTimer = null;
      if (entry.rooms.size > 0) return;
      sessions.delete(entry.key);
      entry.session.close();
      entry.book.dispose();
    }, lingerMs);
  }

  function cancelLinger(entry: SessionEntry): void {
    if (entry.lingerTimer === null) return;
    clock.clearTimeout(entry.lingerTimer);
    entry.lingerTimer = null;
  }

  function onSessionState(entry: SessionEntry, state: SessionState, info: SessionStateInfo): void {
    const afterReconnect = entry.status.state === 'reconnecting';
    entry.status = toStatus(state, info);
    if (state === 'online') entry.book.online();
    if (state === 'online' && !afterReconnect) {
      // First login: join every room. (After a re-login the session rejoins them itself.)
      for (const room of entry.rooms.values()) joinRoom(room);
    } else if (state === 'reconnecting') {
      for (const room of entry.rooms.values()) {
        if (room.hub.lastOffset() === 0) holdForJoin(room);
        room.join = { state: 'joining' };
      }
    }
    tellFollowers(entry.rooms.values(), { connection: entry.status });
    if (state === 'reconnecting') for (const room of entry.rooms.values()) setJoin(room, room.join);
  }

  function sessionFor(key: SessionKey): SessionEntry {
    const id = sessionKeyOf(key);
    const existing = sessions.get(id);
    if (existing !== undefined) {
      cancelLinger(existing);
      return existing;
    }
    // The entry is needed by the callbacks, which only run after start().
    let entry: SessionEntry | null = null;
    const session = createSocketSession({
      url: key.url,
      alternateUrls: key.alternateUrls ?? [],
      sid: key.sid,
      socketFactory: ports.socketFactory,
      clock,
      random: ports.random,
      logger,
      rooms: () =>
        [...(entry?.rooms.values() ?? [])].map((room) =>
          room.epoch === null ? { webcastId: room.webcastId, offset: room.hub.lastOffset() } : { webcastId: room.webcastId, offset: room.hub.lastOffset(), epoch: room.epoch },
        ),
      // A room whose server names epochs holds a rejoin's replay until the reply, which may
      // say the log began again (then the replay is of the new log, not duplicates).
      beforeRejoin: (webcastId) => {
        const room = entry?.rooms.get(webcastId);
        if (room !== undefined && room.epoch !== null) holdForJoin(room);
      },
      onState: (state, info) => {
        if (entry !== null) onSessionState(entry, state, info);
      },
      // A chat message's way: routePush, the room (roomEntry.ts), its hub, each tab's
      // coalescer and pace, then tabDelivery.ts; this module only wired them.
      onPush: (frame) => {
        if (entry !== null) routePush(frame, entry.rooms, entry.book);
      },
      onAttempt: (attempt) => {
        if (entry === null) return;
        entry.status = { ...entry.status, attempt };
        tellFollowers(entry.rooms.values(), { connection: entry.status });
      },
      onRejoin: (result) => {
        const room = entry?.rooms.get(result.webcastId);
        if (entry === null || room === undefined) return;
        if (result.ok) joinReplied(room, result.reply);
        else joinFailed(room, result.error);
      },
    });
    const book = createConversationBook({
      myUid: key.userId,
      // Per server and user: the same person's conversations whichever room they were read in.
      archiveKey: `${key.url.replace(/[?#].*$/, '')}\n${key.userId}`,
      archive: ports.archive ?? null,
      request: (code, body) => session.request(code, body),
      emit: (events) => {
        if (entry !== null) tellEachTabOnce(entry.rooms.values(), { conversations: { events } });
      },
      clock,
      random: ports.random,
      logger,
    });
    entry = { key: id, userId: key.userId, session, rooms: new Map(), book, status: toStatus('idle', {}), lingerTimer: null };
    sessions.set(id, entry);
    session.start();
    return entry;
  }

  // ---- tabs ----

  function findRoom(tabId: string, webcastId: string): { entry: SessionEntry; room: RoomEntry; sub: Subscriber } | null {
    const sessionId = tabs.get(tabId)?.rooms.get(webcastId);
    if (sessionId === undefined) return null;
    const entry = sessions.get(sessionId);
    const room = entry?.rooms.get(webcastId);
    const sub = room?.subscribers.get(tabId);
    return entry !== undefined && room !== undefined && sub !== undefined ? { entry, room, sub } : null;
  }

  function tabFor(tabId: string): TabEntry {
    let tab = tabs.get(tabId);
    if (tab === undefined) {
      tab = { visible: true, speed: 0, rooms: new Map() };
      tabs.set(tabId, tab);
    }
    return tab;
  }

  function unsubscribe(tabId: string, webcastId: string): void {
    const found = findRoom(tabId, webcastId);
    tabs.get(tabId)?.rooms.delete(webcastId);
    if (found === null) return;
    const { entry, room, sub } = found;
    removeFollower(room, sub);
    if (room.subscribers.size === 0) dropRoom(entry, room);
  }

  function dropTab(tabId: string): void {
    keepAlives?.leaveTab(tabId);
    const tab = tabs.get(tabId);
    if (tab === undefined) return;
    // The last tab's going ends a shared worker: what the books hold is written first.
    for (const sessionId of new Set(tab.rooms.values())) sessions.get(sessionId)?.book.flush();
    for (const webcastId of [...tab.rooms.keys()]) unsubscribe(tabId, webcastId);
    tabs.delete(tabId);
  }

  function subscribe(key: SessionKey, subscription: RoomSubscription, onUpdate: TabUpdateHandler): void {
    const { tabId, webcastId } = subscription;
    const tab = tabFor(tabId);
    tab.visible = subscription.visible;
    if (subscription.speed !== undefined) tab.speed = subscription.speed;
    if (tab.rooms.has(webcastId)) unsubscribe(tabId, webcastId);
    const existing = sessions.get(sessionKeyOf(key));
    if (existing !== undefined && existing.status.state === 'failed') revive(existing);
    const entry = sessionFor(key);
    const room = entry.rooms.get(webcastId) ?? createRoom(entry, webcastId);
    const sub = addFollower(room, { tabId, key, filter: subscription.filter, visible: subscription.visible, speed: tab.speed, onUpdate }, paceClock);
    tab.rooms.set(webcastId, entry.key);
    // The first update: the buffer as this filter shows it, the room state, where things stand.
    const { entries, state } = room.hub.snapshot();
    const book = entry.book.state();
    deliverToTab(sub, {
      delta: { ...snapshotDelta(subscription.filter, entries, state), sync: room.hub.sync() },
      connection: entry.status,
      join: room.join,
      ...(book === EMPTY_CONVERSATIONS ? {} : { conversations: { snapshot: book } }),
    });
  }

  /**
   * A session that gave up reconnecting is not reused: a tab subscribing to it again (a
   * reload, "try again") gets a fresh socket, and the tabs still on the old one move along.
   */
  function revive(failed: SessionEntry): void {
    const moved: { key: SessionKey; subscription: RoomSubscription; onUpdate: TabUpdateHandler }[] = [];
    for (const room of failed.rooms.values())
      for (const sub of room.subscribers.values())
        moved.push({ key: sub.key, subscription: { tabId: sub.tabId, webcastId: room.webcastId, filter: sub.filter, visible: tabs.get(sub.tabId)?.visible ?? true }, onUpdate: sub.onUpdate });
    for (const { subscription } of moved) unsubscribe(subscription.tabId, subscription.webcastId);
    cancelLinger(failed);
    sessions.delete(failed.key);
    failed.session.close();
    failed.book.dispose();
    for (const { key, subscription, onUpdate } of moved) subscribe(key, subscription, onUpdate);
  }

  async function roomRequest<T>(tabId: string, webcastId: string, code: number, body: FrameBody, read: (reply: FrameBody) => T): Promise<RealtimeOutcome<T>> {
    const found = findRoom(tabId, webcastId);
    if (found === null) return notSubscribed(webcastId);
    try {
      const reply = await found.entry.session.request(code, { ...body, webcastId });
      return { ok: true, value: read(reply) };
    } catch (error) {
      return failureOf(error);
    }
  }

  /** Runs `work` on the book of the login the tab follows the room with. */
  async function onBook<T>(tabId: string, webcastId: string, work: (book: ConversationBook) => Promise<T>): Promise<RealtimeOutcome<T>> {
    const found = findRoom(tabId, webcastId);
    if (found === null) return notSubscribed(webcastId);
    try {
      return { ok: true, value: await work(found.entry.book) };
    } catch (error) {
      return failureOf(error);
    }
  }

  return {
    hello(tabId, lockName) {
      tabFor(tabId);
      if (lockName !== null) ports.watchTab(lockName, () => dropTab(tabId));
    },
    goodbye: dropTab,
    subscribe,
    unsubscribe,
    setFilter(tabId, webcastId, filter: ChatFilter) {
      const found = findRoom(tabId, webcastId);
      if (found === null) return;
      found.sub.filter = filter;
      found.sub.coalescer.setFilter(filter, found.room.hub.snapshot().entries as readonly ChatEntry[]);
    },
    setChatSpeed(tabId, speed) {
      const tab = tabs.get(tabId);
      if (tab === undefined || tab.speed === speed) return;
      tab.speed = speed;
      for (const webcastId of tab.rooms.keys()) findRoom(tabId, webcastId)?.sub.coalescer.setSpeed(speed);
    },
    setVisible(tabId, visible) {
      const tab = tabs.get(tabId);
      if (tab === undefined) return;
      tab.visible = visible;
      for (const webcastId of tab.rooms.keys()) {
        const found = findRoom(tabId, webcastId);
        found?.sub.coalescer.setVisible(visible, found.room.hub.snapshot().entries as readonly ChatEntry[]);
      }
    },
    sendChat(tabId, webcastId, input: ChatSendInput) {
      const body: FrameBody = {
        body: input.text,
        imgUrl: input.imgUrl ?? '',
        imgLinkUrl: input.imgLinkUrl ?? '',
        quote: input.quote ?? null,
        picked_uid: [...(input.pickedUids ?? [])],
        ...(input.top === true ? { top: true } : {}),
      };
      return roomRequest(tabId, webcastId, CHAT_SEND_REQUEST, body, (reply) => ({ msgId: typeof reply.msgId === 'string' ? reply.msgId : '' }));
    },
    withdraw(tabId, webcastId, msgId) {
      return roomRequest(tabId, webcastId, WITHDRAW_REQUEST, { msgId }, () => null);
    },
    noteActed(tabId, webcastId, key, value) {
      const found = findRoom(tabId, webcastId);
      return found !== null && found.room.hub.noteActed(key, value);
    },
    request(tabId, webcastId, code, body) {
      return roomRequest(tabId, webcastId, code, body, (reply) => reply);
    },
    async listConversations(tabId, webcastId) {
      return onBook(tabId, webcastId, async (book) => {
        await book.list();
        return book.state();
      });
    },
    sendConversationMessage(tabId, webcastId, input) {
      return onBook(tabId, webcastId, (book) => book.send(input));
    },
    markConversationRead(tabId, webcastId, key) {
      return onBook(tabId, webcastId, async (book) => {
        await book.markRead(key);
        return null;
      });
    },
    groupRequest(tabId, webcastId, code, body) {
      return onBook(tabId, webcastId, (book) => book.groupRequest(code, body));
    },
    keepAlive(tabId, target, onBeat) {
      keepAlives?.join(tabId, target, onBeat);
    },
    stopKeepAlive(tabId, webcastId) {
      keepAlives?.leave(tabId, webcastId);
    },
    async loadSkipped(tabId, webcastId, range) {
      const found = findRoom(tabId, webcastId);
      if (found === null) return notSubscribed(webcastId);
      if (!isSkippedRange(range)) return { ok: true, value: { entries: [], restBefore: range.after, counted: 0 } };
      const { sub, room } = found;
      return roomRequest(tabId, webcastId, HISTORY_REQUEST, skippedPageRequest(range), (reply) =>
        readSkippedPage(range, readHistory(reply), { myUid: found.entry.userId, filter: sub.filter, chatState: room.hub.snapshot().state.chat }),
      );
    },
    stats() {
      let rooms = 0;
      let subscriptions = 0;
      for (const entry of sessions.values()) {
        rooms += entry.rooms.size;
        for (const room of entry.rooms.values()) subscriptions += room.subscribers.size;
      }
      return { sessions: sessions.size, rooms, tabs: tabs.size, subscriptions, keepAlives: keepAlives?.stats().lines ?? 0 };
    },
    dispose() {
      for (const tabId of [...tabs.keys()]) dropTab(tabId);
      for (const entry of sessions.values()) {
        cancelLinger(entry);
        entry.session.close();
        entry.book.dispose();
      }
      sessions.clear();
    },
  };
}

/** True when the session will never come back (the tabs show why and stop waiting). */
export const isFinal = (status: ConnectionStatus): boolean => TERMINAL_STATES.has(status.state);
