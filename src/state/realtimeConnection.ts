/**
 * Connects the tab's room feed store to the realtime worker: while a screen shows a room
 * and the viewer has a login for it, the tab follows the room through the worker and
 * applies its updates to `realtimeStore`. Also the actions screens take on the room (send,
 * withdraw, filter), which go through the worker's socket, never one of the tab's own.
 */
import { reportingSettings } from '../diagnostics/reportFailure';
import type { proxy as comlinkProxy } from 'comlink';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { subscribeKey } from 'valtio/utils';
import type { ChatFilter } from '../realtime/filters';
import type { FrameBody } from '../protocol/frame';
import type { ChatSendInput, MicSignal, RealtimeOutcome, SessionKey, TabUpdate } from '../realtime/realtimeApi';
import type { BeatOutcome } from '../realtime/keepAlive';
import type { SkippedPage, SkippedRange } from '../realtime/skippedPage';
import type { RealtimeClient } from '../workers/realtimeClient';
import { applyTabUpdate, IDLE_CONNECTION, newRoomFeed, realtimeStore } from './roomFeed';
import { session } from './session';
import { viewerSettings } from './viewerSettings';
import { sessionEndStore } from './sessionEnd';
import { socketAddresses } from './socketAddresses';
import { browserPaintPorts, paintedSoon } from './paintedSoon';
import { applyProbed } from '../diagnostics/updateProbes';
import { applyConversationsUpdate, conversationStore, dropConversations } from './conversationFeed';
import type { ConversationSendInput } from '../realtime/conversationBook';
import type { ConversationsState } from '../realtime/conversations';

let client: RealtimeClient | null = null;

interface Started {
  readonly client: RealtimeClient;
  readonly proxy: typeof comlinkProxy;
}
let starting: Promise<Started> | null = null;

/**
 * The worker is started by the first room a tab shows, not at page load (the login page has
 * no use for it); its client code and comlink load then too, so the guide page's script does
 * not carry them (issue 5's budget).
 */
function realtime(): Promise<Started> {
  starting ??= Promise.all([import('../workers/realtimeClient'), import('comlink')]).then(([worker, comlink]) => {
    const started = worker.startRealtimeClient(reportingSettings());
    started.onRestore(() => {
      for (const subscribe of followed.values()) subscribe();
      for (const join of keptAlive.values()) join();
    });
    exposeDiagnostics(started);
    // The viewer's chat speed, chosen here or in another tab, for every room this tab follows.
    subscribeKey(viewerSettings, 'chatSpeed', (speed) => void started.api.setChatSpeed(started.tabId, speed));
    client = started;
    return { client: started, proxy: comlink.proxy };
  });
  return starting;
}

/**
 * What the tab's realtime feed holds, read from the console or a browser test (which cannot
 * see inside the worker): the worker kind, the connection, and each room's offsets and ids,
 * its "not shown" marks and the worker's gap counters.
 */
function exposeDiagnostics(started: RealtimeClient): void {
  (globalThis as { __webcastRealtime?: unknown }).__webcastRealtime = {
    kind: started.kind,
    /** The newest entry the tab holds (cheap: the benchmark asks every second). */
    newest: (roomId: string) => {
      const entry = realtimeStore.rooms[roomId]?.entries.at(-1);
      return entry === undefined ? null : { offset: entry.offset, sendTime: entry.sendTime };
    },
    /** The latest heartbeat's outcome in a room (the worker's keep-alive), or null. */
    lastBeat: (roomId: string) => lastBeat(roomId),
    /** The tab's copy of its login's conversations in a room (issue 16), as the screens read it. */
    conversations: (roomId: string) => conversationStore.rooms[roomId] ?? null,
    snapshot: () => ({
      connection: { ...realtimeStore.connection },
      rooms: Object.fromEntries(
        Object.entries(realtimeStore.rooms).map(([id, feed]) => [
          id,
          {
            joined: feed.joined.state,
            filter: feed.filter,
            offsets: feed.entries.map((e) => e.offset),
            msgIds: feed.entries.map((e) => e.msgId),
            gaps: { ...feed.gaps },
            notShown: feed.notShown,
            sync: { ...feed.sync },
          },
        ]),
      ),
    }),
  };
}

/** The error reporting self-test's part in the worker: it throws there, and reports it itself. */
export async function workerReportSelfTest(): Promise<void> {
  const { client: started } = await realtime();
  await started.api.selfTestError();
}

/** Which worker this tab uses ('shared' or 'dedicated'), for diagnostics and tests. */
export const realtimeWorkerKind = (): string | null => client?.kind ?? null;

/** Who listens to a room's connect-mic signalling (src/state/micMedia.ts). */
const signalListeners = new Map<string, Set<(signal: MicSignal) => void>>();

/** Calls `listener` with each media signal the room relays to this viewer; returns the unsubscribe. */
export function onMicSignal(roomId: string, listener: (signal: MicSignal) => void): () => void {
  let listeners = signalListeners.get(roomId);
  if (listeners === undefined) {
    listeners = new Set();
    signalListeners.set(roomId, listeners);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) signalListeners.delete(roomId);
  };
}

/** Any socket request of the room's login (e.g. 4115 media signalling), through the worker. */
export async function roomRequest(roomId: string, code: number, body: FrameBody): Promise<RealtimeOutcome<FrameBody>> {
  if (client === null) return notFollowed(roomId);
  return client.api.request(client.tabId, roomId, code, body);
}

/** What each followed room needs to be subscribed again (after a back/forward-cache restore). */
const followed = new Map<string, () => void>();

/** Who waits for a room's subscription to reach the worker (conversation actions asked before it did). */
const followWaiters = new Map<string, Set<() => void>>();

/** How long a conversation action waits for its room to be followed before it gives up. */
export const FOLLOW_WAIT_MS = 15_000;

/** Resolves true once this tab has subscribed to `roomId` at the worker; false after FOLLOW_WAIT_MS without. */
function whenFollowed(roomId: string): Promise<boolean> {
  if (followed.has(roomId)) return Promise.resolve(true);
  return new Promise((resolve) => {
    let waiters = followWaiters.get(roomId);
    if (waiters === undefined) {
      waiters = new Set();
      followWaiters.set(roomId, waiters);
    }
    const done = (): void => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      waiters.delete(done);
      resolve(false);
    }, FOLLOW_WAIT_MS);
    waiters.add(done);
  });
}

function follow(roomId: string, key: SessionKey): () => void {
  realtimeStore.rooms[roomId] = newRoomFeed(realtimeStore.rooms[roomId]?.filter ?? 'all');
  let active = true;
  let unsubscribe: (() => void) | null = null;
  void realtime().then(({ client: { api, tabId }, proxy }) => {
    // Left the room before the worker's code arrived: nothing to follow.
    if (!active) return;
    const onUpdate = proxy((update: TabUpdate): Promise<void> | void => {
      if (update.signal !== undefined) {
        if (active) for (const listener of signalListeners.get(roomId) ?? []) listener(update.signal);
        return;
      }
      if (update.conversations !== undefined) {
        if (active) applyConversationsUpdate(roomId, update.conversations);
        // Conversations alone: nothing of the chat's to apply or measure.
        if (update.delta === undefined && update.connection === undefined && update.join === undefined) return;
      }
      if (active) applyProbed(roomId, update, () => applyTabUpdate(realtimeStore, roomId, update));
      return paintedSoon(browserPaintPorts());
    });
    // The filter is read at each subscribe: one chosen while the code was loading applies.
    const subscribe = (): void => {
      const filter = realtimeStore.rooms[roomId]?.filter ?? 'all';
      void api.subscribe(key, { tabId, webcastId: roomId, filter, visible: document.visibilityState === 'visible', speed: viewerSettings.chatSpeed }, onUpdate);
    };
    subscribe();
    followed.set(roomId, subscribe);
    const waiters = followWaiters.get(roomId);
    followWaiters.delete(roomId);
    for (const done of waiters ?? []) done();
    unsubscribe = () => {
      followed.delete(roomId);
      void api.unsubscribe(tabId, roomId);
    };
  });
  return () => {
    active = false;
    unsubscribe?.();
    delete realtimeStore.rooms[roomId];
    dropConversations(roomId);
    if (Object.keys(realtimeStore.rooms).length === 0) realtimeStore.connection = IDLE_CONNECTION;
  };
}

/**
 * Follows `roomId` while the calling component is mounted and the viewer has a login with
 * a socket address; a new login (another sid) follows it anew on the new socket.
 */
export function useRoomConnection(roomId: string): void {
  const { sid, wsUrl, userId, currentRoomId } = useSnapshot(session);
  useEffect(() => {
    if (roomId === '' || currentRoomId !== roomId || sid === null || wsUrl === null || userId === null) return undefined;
    return follow(roomId, { url: wsUrl, sid, userId, alternateUrls: socketAddresses() });
  }, [roomId, currentRoomId, sid, wsUrl, userId]);
}

/** What the keep-alive needs from the app's HTTP client (src/api: Api). */
export interface KeepAliveLogin {
  loginCredentials(): { readonly liveBase: string; readonly token: string; readonly deviceId: string | null } | null;
  sessionExpired(): void;
}

/** Each kept-alive room's join (again after a back/forward-cache restore: the worker dropped the tab at pagehide). */
const keptAlive = new Map<string, () => void>();

/** How long the heartbeat's 402 waits for the socket's own word on why the login ended. */
export const EXPIRY_WORD_WAIT_MS = 3000;

/** The latest heartbeat's outcome per room, for diagnostics and browser tests (which cannot see the worker). */
const lastBeats = new Map<string, BeatOutcome>();
export const lastBeat = (roomId: string): BeatOutcome | null => lastBeats.get(roomId) ?? null;

/**
 * The login's heartbeat while the calling page shows `roomId` (SPEC 7.1 heartbeat): the
 * worker sends it every 30 s, once for all the tabs of this login and room
 * (src/realtime/keepAlive.ts); a beat that finds the login ended ends the session here as a
 * 402 of any call does (the "login expired" notice, back to the start), unless the socket
 * says why first (a kick, a logout, a login elsewhere: EXPIRY_WORD_WAIT_MS).
 */
export function useKeepAlive(roomId: string, login: KeepAliveLogin): void {
  const { sid, currentRoomId, liveToken } = useSnapshot(session);
  useEffect(() => {
    if (roomId === '' || currentRoomId !== roomId || sid === null || liveToken === null) return undefined;
    const credentials = login.loginCredentials();
    if (credentials === null) return undefined;
    let active = true;
    let stop: (() => void) | null = null;
    void realtime().then(({ client: { api, tabId }, proxy }) => {
      if (!active) return;
      const onBeat = proxy((outcome: BeatOutcome) => {
        if (!active) return;
        lastBeats.set(roomId, outcome);
        if (outcome.kind !== 'expired') return;
        // A login ended by a kick, a logout or a login elsewhere is the socket's to tell, in
        // its own words: the heartbeat's 402 speaks only if the socket has said nothing a
        // moment later, and only for the login it was sent with.
        const token = session.liveToken;
        setTimeout(() => {
          if (session.liveToken === token && token !== null && sessionEndStore.rooms[roomId] === undefined) login.sessionExpired();
        }, EXPIRY_WORD_WAIT_MS);
      });
      const join = (): void => void api.keepAlive(tabId, { webcastId: roomId, ...credentials }, onBeat);
      join();
      keptAlive.set(roomId, join);
      stop = () => {
        keptAlive.delete(roomId);
        void api.stopKeepAlive(tabId, roomId);
      };
    });
    return () => {
      active = false;
      lastBeats.delete(roomId);
      stop?.();
    };
  }, [roomId, currentRoomId, sid, liveToken, login]);
}

export function setChatFilter(roomId: string, filter: ChatFilter): void {
  const feed = realtimeStore.rooms[roomId];
  if (feed === undefined || feed.filter === filter) return;
  feed.filter = filter;
  // Without a client yet the room's subscription is still to come, and it takes this filter.
  if (client !== null) void client.api.setFilter(client.tabId, roomId, filter);
}

const notFollowed = (roomId: string): Extract<RealtimeOutcome<never>, { ok: false }> => ({
  ok: false,
  reason: 'not-subscribed',
  status: null,
  msg: `room ${roomId} is not followed`,
});

export async function sendChat(roomId: string, input: ChatSendInput): Promise<RealtimeOutcome<{ readonly msgId: string }>> {
  if (client === null) return notFollowed(roomId);
  return client.api.sendChat(client.tabId, roomId, input);
}

export async function withdrawChat(roomId: string, msgId: string): Promise<RealtimeOutcome<null>> {
  if (client === null) return notFollowed(roomId);
  return client.api.withdraw(client.tabId, roomId, msgId);
}

/** The newest page of the messages this tab skipped in `range` (a marker row, scrolled to). */
export async function loadSkipped(roomId: string, range: SkippedRange): Promise<RealtimeOutcome<SkippedPage>> {
  if (client === null) return notFollowed(roomId);
  return client.api.loadSkipped(client.tabId, roomId, range);
}

/** The room actions as one object, for screens that take them as a prop. */
export const roomChatActions = { setChatFilter, sendChat, withdrawChat, loadSkipped } as const;

/**
 * Tells the room's other tabs what the viewer did in an interaction (RoomState.acted): the
 * worker adds it to the room state every tab of the room gets. Without a worker yet (the
 * room's code still loading) only this tab knows, which is all there is to tell.
 */
export function noteActed(roomId: string, key: string, value: Readonly<Record<string, string | number | boolean | null>>): void {
  if (client === null) return;
  void client.api.noteActed(client.tabId, roomId, key, value);
}

/*
 * The conversation actions wait until this tab follows the room at the worker rather than
 * fail: the groups tab may ask before the room's subscription is sent (its effect can run
 * before the connection's), and the worker answers only for rooms the tab follows.
 */
async function conversationClient(roomId: string): Promise<RealtimeClient | null> {
  return (await whenFollowed(roomId)) ? client : null;
}

/** The conversations of the login this tab follows the room with: reads its groups; the book arrives as updates. */
export async function listConversations(roomId: string): Promise<RealtimeOutcome<ConversationsState>> {
  const c = await conversationClient(roomId);
  return c === null ? notFollowed(roomId) : c.api.listConversations(c.tabId, roomId);
}

export async function sendConversationMessage(roomId: string, input: ConversationSendInput): Promise<RealtimeOutcome<{ readonly mid: string; readonly seq: number | null }>> {
  const c = await conversationClient(roomId);
  return c === null ? notFollowed(roomId) : c.api.sendConversationMessage(c.tabId, roomId, input);
}

export async function markConversationRead(roomId: string, key: string): Promise<RealtimeOutcome<null>> {
  const c = await conversationClient(roomId);
  return c === null ? notFollowed(roomId) : c.api.markConversationRead(c.tabId, roomId, key);
}

export async function groupRequest(roomId: string, code: number, body: FrameBody): Promise<RealtimeOutcome<FrameBody>> {
  const c = await conversationClient(roomId);
  return c === null ? notFollowed(roomId) : c.api.groupRequest(c.tabId, roomId, code, body);
}

/** The conversation actions as one object, for the screens that take them as a prop. */
export const conversationActions = { listConversations, sendConversationMessage, markConversationRead, groupRequest } as const;
