/**
 * The typed API the realtime worker offers its tabs (ARCHITECTURE: one SharedWorker owns
 * the socket for every tab; comlink carries the calls). The same object is exposed by the
 * SharedWorker entry (one comlink endpoint per connecting port) and by the dedicated Worker
 * fallback (one per tab), so the main-thread wrapper cannot tell them apart.
 *
 * Everything crossing the boundary is structured-clonable data, except the update callback,
 * which the tab passes through comlink's `proxy`. A tab gets one update call per delta tick
 * (never one per message); the promise that call returns resolves once the tab has applied
 * it, which the worker uses as back-pressure (see realtimeService.ts).
 */
import type { BeatListener, KeepAliveTarget } from './keepAlive';
import type { ChatQuote } from './chatEntry';
import type { ConversationSendInput } from './conversationBook';
import type { ConversationEvent, ConversationsState } from './conversations';
import type { ChatDelta } from './deltas';
import type { ChatSpeed } from './chatSpeed';
import type { ChatFilter } from './filters';
import type { FrameBody } from '../protocol/frame';
import type { RequestFailure } from './pendingRequests';
import type { SessionState } from './sessionMachine';
import type { SkippedPage, SkippedRange } from './skippedPage';

/** Which login a room is followed with: one socket per distinct login (url + sid). */
export interface SessionKey {
  readonly url: string;
  readonly sid: string;
  /** The viewer's user id: own messages are labelled as me and always shown. */
  readonly userId: string;
  /** Other nodes' socket addresses to move to when the login's node goes away (not part of the key). */
  readonly alternateUrls?: readonly string[];
}

export interface ConnectionStatus {
  readonly state: SessionState;
  /** The reconnect attempt under way (reconnecting) or the last one (failed); else 0. */
  readonly attempt: number;
  /** The login refusal's status and message (loginRejected); else null. */
  readonly status: number | null;
  readonly msg: string | null;
}

/** Whether this tab's room is joined (7001) on the current socket. */
export type JoinStatus =
  | { readonly state: 'joining' }
  | { readonly state: 'joined'; readonly online: number }
  | { readonly state: 'refused'; readonly status: number | null; readonly msg: string };

/** Connect-mic media signalling (4115 offer, 4117 answer, 4119 ICE candidate) as the server relayed it, `from` included. */
export interface MicSignal {
  readonly code: number;
  readonly body: FrameBody;
}

/** One call to a tab: any of its parts, at most one chat delta per delta tick. */
export interface TabUpdate {
  readonly delta?: ChatDelta;
  readonly connection?: ConnectionStatus;
  readonly join?: JoinStatus;
  /** Passed on at once and in order to every tab of the room (the one holding the media uses it). */
  readonly signal?: MicSignal;
  /** The login's conversations: the whole book when the tab subscribes, then events in order. */
  readonly conversations?: ConversationsUpdate;
}

export interface ConversationsUpdate {
  readonly snapshot?: ConversationsState;
  readonly events?: readonly ConversationEvent[];
}

/** Applies an update; the returned promise settles when the tab has taken it in. */
export type TabUpdateHandler = (update: TabUpdate) => void | Promise<void>;

export interface RoomSubscription {
  readonly tabId: string;
  readonly webcastId: string;
  readonly filter: ChatFilter;
  /** Whether the tab is visible now (document.visibilityState). */
  readonly visible: boolean;
  /** The viewer's chat speed (chatSpeed.ts); every message when absent. */
  readonly speed?: ChatSpeed;
}

/** A chat message to send (7101 request body, PROTOCOL 2.4). */
export interface ChatSendInput {
  readonly text: string;
  readonly imgUrl?: string | null;
  readonly imgLinkUrl?: string | null;
  readonly quote?: ChatQuote | null;
  readonly pickedUids?: readonly string[];
  /** The host side pins its message (the room's pinned message); the server ignores it from viewers. */
  readonly top?: boolean;
}

export type RealtimeOutcome<T> =
  | { readonly ok: true; readonly value: T }
  | {
      readonly ok: false;
      readonly reason: RequestFailure | 'not-subscribed';
      /** The reply's business code when the server refused (PROTOCOL 3). */
      readonly status: number | null;
      readonly msg: string;
    };

export interface RealtimeApi {
  /**
   * Registers a tab. `lockName` is a Web Lock the tab holds for as long as it lives: when
   * the worker is granted it, the tab is gone (closed or crashed) and its subscriptions are
   * dropped. Null where Web Locks do not exist: the tab then relies on `goodbye`.
   */
  hello(tabId: string, lockName: string | null): void;
  /** The tab is leaving (pagehide): drop its subscriptions now. */
  goodbye(tabId: string): void;
  /**
   * Follows a room for a tab. The first update carries the room's current buffer (as this
   * filter shows it), state and connection status; later ones carry what changed.
   */
  subscribe(session: SessionKey, room: RoomSubscription, onUpdate: TabUpdateHandler): void;
  unsubscribe(tabId: string, webcastId: string): void;
  setFilter(tabId: string, webcastId: string, filter: ChatFilter): void;
  setVisible(tabId: string, visible: boolean): void;
  /** The viewer's chat speed, for every room the tab follows and the ones it follows next. */
  setChatSpeed(tabId: string, speed: ChatSpeed): void;
  sendChat(tabId: string, webcastId: string, input: ChatSendInput): Promise<RealtimeOutcome<{ readonly msgId: string }>>;
  withdraw(tabId: string, webcastId: string, msgId: string): Promise<RealtimeOutcome<null>>;
  /**
   * The newest page of messages the tab skipped in `range` (history sync 2401), as the
   * tab's filter shows them: what a marker row loads when the viewer scrolls to it.
   */
  loadSkipped(tabId: string, webcastId: string, range: SkippedRange): Promise<RealtimeOutcome<SkippedPage>>;
  /**
   * What the viewer did in an interaction of the room (`RoomState.acted`), so that the
   * room's other tabs show it at once; false when the tab does not follow the room or the
   * note is malformed.
   */
  noteActed(tabId: string, webcastId: string, key: string, value: Readonly<Record<string, string | number | boolean | null>>): boolean;
  /** Any other socket request of the room's session (odd code), e.g. a host's 7105. */
  request(tabId: string, webcastId: string, code: number, body: FrameBody): Promise<RealtimeOutcome<FrameBody>>;
  /**
   * The conversations of the login the tab follows `webcastId` with (issue 16): reads the
   * list of its groups from the server and answers the book; every tab of the login gets
   * the changes as `conversations` updates from then on.
   */
  listConversations(tabId: string, webcastId: string): Promise<RealtimeOutcome<ConversationsState>>;
  /** A direct (1101) or group (1301) message; every tab of the login shows it once sent. */
  sendConversationMessage(tabId: string, webcastId: string, input: ConversationSendInput): Promise<RealtimeOutcome<{ readonly mid: string; readonly seq: number | null }>>;
  /** Marks a conversation read (1501) in every tab of the login and at the server. */
  markConversationRead(tabId: string, webcastId: string, key: string): Promise<RealtimeOutcome<null>>;
  /** A group request (1401 to 1433) on the login's socket; its reply as it is. */
  groupRequest(tabId: string, webcastId: string, code: number, body: FrameBody): Promise<RealtimeOutcome<FrameBody>>;
  /**
   * The tab shows the room's video page: the login's heartbeat runs (one per login and room
   * for all tabs, every KEEP_ALIVE_MS, keepAlive.ts) and each outcome comes to `onBeat`.
   */
  keepAlive(tabId: string, target: KeepAliveTarget, onBeat: BeatListener): void;
  /** The tab left the room's video page. */
  stopKeepAlive(tabId: string, webcastId: string): void;
}
