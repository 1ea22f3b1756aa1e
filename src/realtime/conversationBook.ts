/**
 * A socket session's direct and group conversations in the worker: it reads the session's
 * conversation pushes, sends the tabs' messages, reads and group requests on the session's
 * socket, and turns all of it into the events of conversations.ts, which `emit` passes on
 * to every tab of the login. It also keeps the book in an archive (IndexedDB in a browser)
 * so what this browser received survives a reload and the worker's end: the server keeps
 * no history of these messages.
 *
 * The list of groups comes only from the server (1431 without a gid): it is read when a
 * tab first asks (or, when the socket is not online then, as soon as it is), after each
 * request or push that changes it, and after a reconnect.
 */
import { randomId32 } from '../domain/randomId';
import {
  EMPTY_CONVERSATIONS,
  GROUP_MESSAGE_REQUEST,
  GROUP_REQUEST,
  GROUP_REQUEST_CODES,
  MARK_READ_REQUEST,
  PEER_MESSAGE_REQUEST,
  groupKey,
  listChangedBy,
  peerKey,
  peerMessageBody,
  readArchivedConversations,
  readConversationPush,
  readGroupList,
  reduceConversations,
  type ConversationEvent,
  type ConversationKind,
  type ConversationsState,
} from './conversations';
import type { FrameBody } from '../protocol/frame';
import type { Clock, Logger, RandomBytes, TimerId } from './ports';

/** Where a browser keeps books between visits; keyed by login (server and user). */
export interface ConversationArchive {
  load(key: string): Promise<unknown>;
  save(key: string, value: ConversationsState): Promise<void>;
}

/** How long after a change the book is written (a burst of messages is one write). */
export const ARCHIVE_DELAY_MS = 1000;

export interface ConversationSendInput {
  readonly kind: ConversationKind;
  /** The group id or the other user's id. */
  readonly id: string;
  /** The conversation's title (the other user's name), for a conversation this sends first. */
  readonly title: string;
  readonly text: string;
}

export interface ConversationBookDeps {
  readonly myUid: string;
  readonly archiveKey: string;
  readonly archive: ConversationArchive | null;
  /** A request on the session's socket: resolves with the reply, rejects with a RequestError. */
  request(code: number, body: FrameBody): Promise<FrameBody>;
  /** Passes events on to the login's tabs, in order. */
  emit(events: readonly ConversationEvent[]): void;
  readonly clock: Clock;
  readonly random: RandomBytes;
  readonly logger: Logger;
}

export interface ConversationBook {
  state(): ConversationsState;
  /** A push of CONVERSATION_PUSH_CODES (without a webcastId). */
  push(code: number, body: FrameBody): void;
  /** Reads the list of groups (a tab opened the conversations). */
  list(): Promise<void>;
  /** The socket is back online: the list may have changed while it was away. */
  online(): void;
  send(input: ConversationSendInput): Promise<{ readonly mid: string; readonly seq: number | null }>;
  markRead(key: string): Promise<void>;
  /** A group request (14xx); the reply is passed back as it is. */
  groupRequest(code: number, body: FrameBody): Promise<FrameBody>;
  /** Writes what is not yet written now (a tab is leaving: the worker may end with it). */
  flush(): void;
  /** Writes what is not yet written and stops. */
  dispose(): void;
}

export function createConversationBook(deps: ConversationBookDeps): ConversationBook {
  const { clock, logger, archive } = deps;
  let state = EMPTY_CONVERSATIONS;
  let saveTimer: TimerId | null = null;
  let listing: Promise<void> | null = null;
  let listAgain = false;
  /** A tab asked for the list: read it again whenever the socket comes back. */
  let wanted = false;
  let disposed = false;

  const save = (): void => {
    saveTimer = null;
    if (archive === null) return;
    archive.save(deps.archiveKey, state).catch((error: unknown) => logger.warn('realtime: keeping the conversations failed', error));
  };

  const apply = (events: readonly ConversationEvent[]): void => {
    const before = state;
    for (const event of events) state = reduceConversations(state, event);
    if (state === before) return;
    deps.emit(events);
    if (archive !== null && saveTimer === null && !disposed) saveTimer = clock.setTimeout(save, ARCHIVE_DELAY_MS);
  };

  if (archive !== null) {
    archive.load(deps.archiveKey).then(
      (value) => {
        const kept = readArchivedConversations(value);
        if (kept !== null && !disposed) apply([{ type: 'restored', state: kept }]);
      },
      (error: unknown) => logger.warn('realtime: reading the kept conversations failed', error),
    );
  }

  /** One list request at a time; a change meanwhile asks once more after it. */
  const list = (): Promise<void> => {
    wanted = true;
    if (listing !== null) {
      listAgain = true;
      return listing;
    }
    listing = deps
      .request(GROUP_REQUEST.memberInfo, {})
      .then((reply) => apply([readGroupList(reply, clock.now())]))
      .finally(() => {
        listing = null;
        if (listAgain && !disposed) {
          listAgain = false;
          list().catch((error: unknown) => logger.warn('realtime: reading the groups failed', error));
        }
      });
    return listing;
  };
  const listQuietly = (): void => {
    list().catch((error: unknown) => logger.warn('realtime: reading the groups failed', error));
  };

  /** The notices a successful request of this tab answered, so every tab stops offering them. */
  function answeredBy(code: number, body: FrameBody): ConversationEvent[] {
    const cid = typeof body.cid === 'string' ? body.cid : null;
    if ((code === GROUP_REQUEST.replyInvite || code === GROUP_REQUEST.respondApplication) && cid !== null) return [{ type: 'answered', id: cid }];
    if (code === GROUP_REQUEST.setPower) {
      return state.notices
        .filter((n) => n.kind === 'powerApplication' && n.pending && n.gid === body.gid && n.uid === body.uid)
        .map((n) => ({ type: 'answered', id: n.id }));
    }
    return [];
  }

  return {
    state: () => state,
    push(code, body) {
      apply(readConversationPush(code, body, deps.myUid, clock.now()));
      if (listChangedBy(code) && state.listed) listQuietly();
    },
    list,
    online() {
      if (wanted) listQuietly();
    },
    async send(input) {
      const mid = randomId32(deps.random);
      const now = clock.now();
      if (input.kind === 'group') {
        const reply = await deps.request(GROUP_MESSAGE_REQUEST, { gid: input.id, body: input.text, type: 1, mid });
        const seq = typeof reply.seq === 'number' ? reply.seq : null;
        const name = state.groups[input.id]?.name ?? input.title;
        apply([{ type: 'message', key: groupKey(input.id), kind: 'group', id: input.id, title: name, message: { mid, from: deps.myUid, name: '', text: input.text, time: now, seq, mine: true } }]);
        // Writing in a group is reading it: the server's unread count follows.
        if (seq !== null) deps.request(MARK_READ_REQUEST, { gid: input.id, seq }).catch((error: unknown) => logger.warn('realtime: marking a group read failed', error));
        return { mid, seq };
      }
      await deps.request(PEER_MESSAGE_REQUEST, { to: input.id, body: peerMessageBody(input.text, now), type: 1, mid });
      apply([{ type: 'message', key: peerKey(input.id), kind: 'peer', id: input.id, title: input.title, message: { mid, from: deps.myUid, name: '', text: input.text, time: now, seq: null, mine: true } }]);
      return { mid, seq: null };
    },
    async markRead(key) {
      const conversation = state.conversations[key];
      if (conversation === undefined) return;
      if (conversation.kind === 'group') {
        const group = state.groups[conversation.id];
        const seq = Math.max(group?.lastSeq ?? 0, conversation.messages.at(-1)?.seq ?? 0);
        if (conversation.unread === 0 && (group === undefined || group.readSeq >= seq)) return;
        apply([{ type: 'read', key, seq }]);
        // A group this login is no longer in has nothing to mark at the server.
        if ((group !== undefined || !state.listed) && seq > 0) await deps.request(MARK_READ_REQUEST, { gid: conversation.id, seq });
        return;
      }
      if (conversation.unread === 0) return;
      apply([{ type: 'read', key, seq: null }]);
      await deps.request(MARK_READ_REQUEST, { from: conversation.id });
    },
    async groupRequest(code, body) {
      if (!GROUP_REQUEST_CODES.has(code)) throw new Error(`${code} is not a group request`);
      const reply = await deps.request(code, body);
      apply(answeredBy(code, body));
      if (code === GROUP_REQUEST.create || code === GROUP_REQUEST.apply || listChangedBy(code)) listQuietly();
      return reply;
    },
    flush() {
      if (saveTimer === null) return;
      clock.clearTimeout(saveTimer);
      save();
    },
    dispose() {
      disposed = true;
      if (saveTimer !== null) {
        clock.clearTimeout(saveTimer);
        save();
      }
    },
  };
}
