/**
 * Direct and group conversations of a login (SPEC 7.5: 1101 -> 1103 peer messages, 1301 ->
 * 1303 group messages, 1501 mark read, the 14xx group notices; docs/protocol.md 5.5), as
 * pure data: the worker keeps one book per socket session and every tab of that login a
 * copy, both moved by the same events through `reduceConversations`, so every tab shows the
 * same conversations and the same unread counts.
 *
 * The server keeps no history of either kind: what a book holds is what this browser
 * received or sent (kept across reloads by the worker's archive). Bodies are read here and
 * never trusted: a message is its text, cut to the chat's display length.
 */
import { CHAT_CUT_LENGTH } from '../domain/constants';
import type { FrameBody } from '../protocol/frame';

export const PEER_MESSAGE_REQUEST = 1101;
export const PEER_MESSAGE_PUSH = 1103;
export const GROUP_MESSAGE_REQUEST = 1301;
export const GROUP_MESSAGE_PUSH = 1303;
export const MARK_READ_REQUEST = 1501;

/** Group requests (SPEC 7.5); the server pushes a notice of the same code to whom it concerns. */
export const GROUP_REQUEST = {
  create: 1401,
  invite: 1403,
  replyInvite: 1405,
  apply: 1407,
  respondApplication: 1409,
  removeMembers: 1411,
  exit: 1413,
  setAttributes: 1415,
  setAdmin: 1417,
  transferHost: 1421,
  receiveSetting: 1425,
  setPower: 1429,
  memberInfo: 1431,
  applyForPower: 1433,
} as const;
export type GroupRequestCode = (typeof GROUP_REQUEST)[keyof typeof GROUP_REQUEST];
export const GROUP_REQUEST_CODES: ReadonlySet<number> = new Set(Object.values(GROUP_REQUEST));

/** Pushes a book takes: the messages and every group notice. */
export const CONVERSATION_PUSH_CODES: ReadonlySet<number> = new Set([PEER_MESSAGE_PUSH, GROUP_MESSAGE_PUSH, ...GROUP_REQUEST_CODES]);

/** SPEC 3: a peer message body is a JSON text with node_type 5 and a start in seconds. */
export const PEER_NODE_TYPE = 5;
/** Messages a conversation keeps (the newest); conversations a book keeps (the latest active). */
export const CONVERSATION_MESSAGES_KEPT = 200;
export const CONVERSATIONS_KEPT = 200;
/** Notices kept, newest first. */
export const NOTICES_KEPT = 50;

export type ConversationKind = 'group' | 'peer';
export type MemberRole = 'host' | 'admin' | 'member';

export interface ConversationMessage {
  readonly mid: string;
  readonly from: string;
  readonly name: string;
  /** The message's text; null when the body is of a kind this client does not show. */
  readonly text: string | null;
  readonly time: number;
  /** The group's order number of the message; null for peer messages. */
  readonly seq: number | null;
  readonly mine: boolean;
}

export interface Conversation {
  /** `g:<gid>` or `p:<user id>`. */
  readonly key: string;
  readonly kind: ConversationKind;
  /** The group id or the other user's id. */
  readonly id: string;
  readonly title: string;
  readonly messages: readonly ConversationMessage[];
  readonly unread: number;
  readonly lastTime: number;
}

export interface GroupSummary {
  readonly gid: string;
  readonly name: string;
  readonly topic: string;
  readonly maxnum: number;
  /** 0 anyone may join, 1 by approval, 2 closed. */
  readonly auth: number;
  readonly host: string;
  readonly count: number;
  readonly role: MemberRole;
  /** 1 may send, 0 silenced. */
  readonly power: number;
  /** 0 push, 1 silent, 2 none. */
  readonly setting: number;
  readonly readSeq: number;
  readonly lastSeq: number;
}

export type NoticeKind =
  | 'invite'
  | 'inviteCancelled'
  | 'inviteReply'
  | 'application'
  | 'applicationReply'
  | 'removed'
  | 'exited'
  | 'attributes'
  | 'admin'
  | 'host'
  | 'power'
  | 'powerApplication';

/** Notices that wait for this user's answer while `pending`. */
export const ANSWERABLE_NOTICES: ReadonlySet<NoticeKind> = new Set(['invite', 'application', 'powerApplication']);

export interface GroupNotice {
  /** The request's cid where there is one, else a key made from the push. */
  readonly id: string;
  readonly kind: NoticeKind;
  readonly gid: string;
  readonly cid: string | null;
  /** The group's name where the push gives it. */
  readonly groupName: string | null;
  /** Who the notice is about or from (inviter, applicant, the member changed). */
  readonly uid: string | null;
  readonly name: string | null;
  /** accepted (1) or refused (0) for replies; power (0/1) for power; admin for admin. */
  readonly value: number | null;
  readonly time: number;
  readonly pending: boolean;
}

export interface ConversationsState {
  /** The server answered the list of this login's groups at least once. */
  readonly listed: boolean;
  readonly groups: Readonly<Record<string, GroupSummary>>;
  readonly conversations: Readonly<Record<string, Conversation>>;
  readonly notices: readonly GroupNotice[];
}

export const EMPTY_CONVERSATIONS: ConversationsState = { listed: false, groups: {}, conversations: {}, notices: [] };

export type ConversationEvent =
  /** The server's list of this login's groups (1431 without a gid) and the invites waiting. */
  | { readonly type: 'listed'; readonly groups: readonly GroupSummary[]; readonly invites: readonly GroupNotice[] }
  | {
      readonly type: 'message';
      readonly key: string;
      readonly kind: ConversationKind;
      readonly id: string;
      readonly title: string;
      readonly message: ConversationMessage;
    }
  /** Read up to here: the conversation's unread count is 0 (and a group's read position moves). */
  | { readonly type: 'read'; readonly key: string; readonly seq: number | null }
  | { readonly type: 'notice'; readonly notice: GroupNotice }
  /** An answerable notice was answered (by this login in any tab, or made moot). */
  | { readonly type: 'answered'; readonly id: string }
  /** What this browser kept from before (the archive), merged under what arrived since. */
  | { readonly type: 'restored'; readonly state: ConversationsState };

export const groupKey = (gid: string): string => `g:${gid}`;
export const peerKey = (uid: string): string => `p:${uid}`;

// ---- reading bodies ----

const text = (value: unknown): string | null => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null);
const int = (value: unknown, fallback: number): number => (typeof value === 'number' && Number.isInteger(value) ? value : fallback);
const cut = (value: string): string => {
  const chars = Array.from(value);
  return chars.length > CHAT_CUT_LENGTH ? `${chars.slice(0, CHAT_CUT_LENGTH).join('')}…` : value;
};
const ROLES: readonly MemberRole[] = ['host', 'admin', 'member'];

/** A group message body: text, or an object with a `text` (what another client may send). */
export function groupMessageText(body: unknown): string | null {
  if (typeof body === 'string') return cut(body);
  if (typeof body === 'object' && body !== null && typeof (body as { text?: unknown }).text === 'string') {
    return cut((body as { text: string }).text);
  }
  return null;
}

/** A peer message body: the JSON text of an object whose `text` is shown. */
export function peerMessageText(body: unknown): string | null {
  if (typeof body !== 'string') return null;
  try {
    return groupMessageText(JSON.parse(body) as unknown);
  } catch {
    return null;
  }
}

/** The body of a peer message this client sends (SPEC 3): node_type 5, the start in seconds. */
export function peerMessageBody(messageText: string, nowMs: number): string {
  return JSON.stringify({ node_type: PEER_NODE_TYPE, start: Math.floor(nowMs / 1000), text: messageText });
}

export function readGroupSummary(value: unknown): GroupSummary | null {
  if (typeof value !== 'object' || value === null) return null;
  const g = value as Record<string, unknown>;
  const gid = text(g.gid);
  const role = ROLES.find((r) => r === g.role);
  if (gid === null || gid === '' || role === undefined) return null;
  return {
    gid,
    name: text(g.name) ?? gid,
    topic: text(g.topic) ?? '',
    maxnum: int(g.maxnum, 0),
    auth: int(g.auth, 1),
    host: text(g.host) ?? '',
    count: int(g.count, 0),
    role,
    power: int(g.power, 1),
    setting: int(g.setting, 0),
    readSeq: int(g.readSeq, 0),
    lastSeq: int(g.lastSeq, 0),
  };
}

function inviteNotice(body: FrameBody, time: number): GroupNotice | null {
  const gid = text(body.gid);
  const cid = text(body.cid);
  if (gid === null || cid === null) return null;
  const cancelled = body.cancel === true;
  return {
    id: cid,
    kind: cancelled ? 'inviteCancelled' : 'invite',
    gid,
    cid,
    groupName: text(body.name),
    uid: text(body.inviter),
    // The server's name for the inviter, never what the inviting client put in `info`.
    name: text(body.inviterName) ?? text(body.inviter),
    value: null,
    time,
    pending: !cancelled,
  };
}

/** The 1431 {} answer: the groups and the invites waiting. Malformed entries are dropped. */
export function readGroupList(reply: FrameBody, time: number): Extract<ConversationEvent, { type: 'listed' }> {
  const groups = Array.isArray(reply.groups) ? reply.groups.map(readGroupSummary).filter((g): g is GroupSummary => g !== null) : [];
  const invites = Array.isArray(reply.invites)
    ? reply.invites
        .map((i) => (typeof i === 'object' && i !== null ? inviteNotice(i as FrameBody, time) : null))
        .filter((n): n is GroupNotice => n !== null && n.kind === 'invite')
    : [];
  return { type: 'listed', groups, invites };
}

/**
 * The events of a push to `myUid`, or [] when the push is malformed (never a throw). `time`
 * stamps notices, whose pushes carry none.
 */
export function readConversationPush(code: number, body: FrameBody, myUid: string, time: number): ConversationEvent[] {
  if (code === PEER_MESSAGE_PUSH) {
    const mid = text(body.mid);
    const from = text(body.from);
    if (mid === null || from === null || from === myUid) return [];
    const name = text(body.name) ?? from;
    const message: ConversationMessage = { mid, from, name, text: peerMessageText(body.body), time: int(body.time, time), seq: null, mine: false };
    return [{ type: 'message', key: peerKey(from), kind: 'peer', id: from, title: name, message }];
  }
  if (code === GROUP_MESSAGE_PUSH) {
    const gid = text(body.gid);
    const mid = text(body.mid);
    const from = text(body.from);
    const seq = body.seq;
    if (gid === null || mid === null || from === null || typeof seq !== 'number' || !Number.isInteger(seq)) return [];
    const message: ConversationMessage = {
      mid,
      from,
      name: text(body.name) ?? from,
      text: groupMessageText(body.body),
      time: int(body.time, time),
      seq,
      mine: from === myUid,
    };
    return [{ type: 'message', key: groupKey(gid), kind: 'group', id: gid, title: text(body.groupName) ?? gid, message }];
  }
  const gid = text(body.gid);
  if (gid === null) return [];
  const notice = (kind: NoticeKind, fields: Partial<GroupNotice>): ConversationEvent[] => [
    {
      type: 'notice',
      notice: { id: `${kind}:${gid}:${time}:${fields.uid ?? ''}`, kind, gid, cid: null, groupName: null, uid: null, name: null, value: null, time, pending: false, ...fields },
    },
  ];
  switch (code) {
    case GROUP_REQUEST.invite: {
      const invite = inviteNotice(body, time);
      if (invite === null) return [];
      return invite.kind === 'inviteCancelled' ? [{ type: 'answered', id: invite.id }, { type: 'notice', notice: { ...invite, id: `cancelled:${invite.id}` } }] : [{ type: 'notice', notice: invite }];
    }
    // The group's name as the server gives it with the notice (a group left is in no list).
    case GROUP_REQUEST.replyInvite:
      return notice('inviteReply', { cid: text(body.cid), uid: text(body.invitee), name: text(body.inviteeName) ?? text(body.invitee), groupName: text(body.name), value: int(body.response, 0) });
    case GROUP_REQUEST.apply: {
      const cid = text(body.cid);
      if (cid === null) return [];
      return notice('application', { id: cid, cid, uid: text(body.applicant), name: text(body.name) ?? text(body.applicant), groupName: text(body.groupName), pending: true });
    }
    case GROUP_REQUEST.respondApplication:
      return notice('applicationReply', { cid: text(body.cid), uid: text(body.by), groupName: text(body.groupName), value: int(body.response, 0) });
    case GROUP_REQUEST.removeMembers:
      return notice('removed', { uid: text(body.by), name: text(body.byName), groupName: text(body.groupName) });
    case GROUP_REQUEST.exit:
      return notice('exited', { uid: text(body.uid), name: text(body.name), groupName: text(body.groupName) });
    case GROUP_REQUEST.setAttributes:
      return notice('attributes', { groupName: text(body.name) });
    case GROUP_REQUEST.setAdmin:
      return notice('admin', { uid: text(body.uid), name: text(body.name), groupName: text(body.groupName), value: body.admin === true ? 1 : 0 });
    case GROUP_REQUEST.transferHost:
      return notice('host', { uid: text(body.host), name: text(body.hostName), groupName: text(body.groupName) });
    case GROUP_REQUEST.setPower:
      return notice('power', { uid: text(body.uid), name: text(body.byName), groupName: text(body.groupName), value: int(body.power, 0) });
    case GROUP_REQUEST.applyForPower: {
      const cid = text(body.cid);
      if (cid === null) return [];
      return notice('powerApplication', { id: cid, cid, uid: text(body.uid), name: text(body.name) ?? text(body.uid), groupName: text(body.groupName), pending: true });
    }
    default:
      return [];
  }
}

/** Pushes after which the list of groups (membership, counts, roles, names) is read again. */
export function listChangedBy(code: number): boolean {
  return GROUP_REQUEST_CODES.has(code) && code !== GROUP_REQUEST.invite && code !== GROUP_REQUEST.apply && code !== GROUP_REQUEST.applyForPower && code !== GROUP_REQUEST.memberInfo;
}

// ---- the reducer ----

function keepNewest<T>(list: readonly T[], max: number): readonly T[] {
  return list.length > max ? list.slice(list.length - max) : list;
}

/** Drops the least recently active conversations beyond CONVERSATIONS_KEPT (never a group of the list). */
function trimConversations(conversations: Record<string, Conversation>, groups: Readonly<Record<string, GroupSummary>>): Record<string, Conversation> {
  const keys = Object.keys(conversations);
  if (keys.length <= CONVERSATIONS_KEPT) return conversations;
  const droppable = keys
    .filter((k) => !(conversations[k]!.kind === 'group' && groups[conversations[k]!.id] !== undefined))
    .sort((a, b) => conversations[a]!.lastTime - conversations[b]!.lastTime);
  const next = { ...conversations };
  for (const key of droppable.slice(0, keys.length - CONVERSATIONS_KEPT)) delete next[key];
  return next;
}

function addMessage(state: ConversationsState, event: Extract<ConversationEvent, { type: 'message' }>): ConversationsState {
  const { key, message } = event;
  const current = state.conversations[key];
  if (current?.messages.some((m) => m.mid === message.mid)) return state;
  const group = event.kind === 'group' ? state.groups[event.id] : undefined;
  const title = group?.name ?? current?.title ?? event.title;
  const messages = [...(current?.messages ?? []), message];
  // Ordered by seq in a group (pushes of one socket come in order, a restore may not), else by arrival.
  if (event.kind === 'group' && messages.length > 1 && (messages.at(-2)!.seq ?? 0) > (message.seq ?? 0)) messages.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  const readSeq = group?.readSeq ?? 0;
  const counts = !message.mine && (event.kind === 'peer' || (message.seq ?? 0) > readSeq);
  const conversation: Conversation = {
    key,
    kind: event.kind,
    id: event.id,
    title,
    messages: keepNewest(messages, CONVERSATION_MESSAGES_KEPT),
    unread: message.mine ? 0 : (current?.unread ?? (group === undefined ? 0 : Math.max(0, group.lastSeq - group.readSeq))) + (counts ? 1 : 0),
    lastTime: Math.max(current?.lastTime ?? 0, message.time),
  };
  const groups =
    group === undefined || message.seq === null || message.seq <= group.lastSeq
      ? state.groups
      : { ...state.groups, [group.gid]: { ...group, lastSeq: message.seq, readSeq: message.mine ? message.seq : group.readSeq } };
  return { ...state, groups, conversations: trimConversations({ ...state.conversations, [key]: conversation }, groups) };
}

function listed(state: ConversationsState, event: Extract<ConversationEvent, { type: 'listed' }>): ConversationsState {
  const groups: Record<string, GroupSummary> = {};
  for (const g of event.groups) groups[g.gid] = g;
  const conversations: Record<string, Conversation> = {};
  for (const [key, c] of Object.entries(state.conversations)) {
    // A group this login left (or was removed from) keeps its messages, not its place in the list.
    if (c.kind === 'group' && groups[c.id] === undefined) continue;
    conversations[key] = c;
  }
  for (const g of event.groups) {
    const key = groupKey(g.gid);
    const current = conversations[key];
    conversations[key] = {
      key,
      kind: 'group',
      id: g.gid,
      title: g.name,
      messages: current?.messages ?? [],
      unread: Math.max(0, g.lastSeq - g.readSeq),
      lastTime: current?.lastTime ?? 0,
    };
  }
  // Invites the server still holds stay pending; pending ones it no longer holds were answered.
  const waiting = new Set(event.invites.map((i) => i.id));
  const known = new Set(state.notices.map((n) => n.id));
  const notices = [
    ...event.invites.filter((i) => !known.has(i.id)),
    ...state.notices.map((n) => (n.kind === 'invite' && n.pending && !waiting.has(n.id) ? { ...n, pending: false } : n)),
  ];
  return { listed: true, groups, conversations, notices: notices.slice(0, NOTICES_KEPT) };
}

function restored(state: ConversationsState, kept: ConversationsState): ConversationsState {
  let next: ConversationsState = { ...state, listed: state.listed };
  for (const c of Object.values(kept.conversations)) {
    const current = next.conversations[c.key];
    const mids = new Set(current?.messages.map((m) => m.mid) ?? []);
    const older = c.messages.filter((m) => !mids.has(m.mid));
    const messages = [...older, ...(current?.messages ?? [])];
    if (c.kind === 'group') messages.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
    // A group the server no longer lists for this login is not brought back.
    if (c.kind === 'group' && state.listed && state.groups[c.id] === undefined) continue;
    next = {
      ...next,
      conversations: {
        ...next.conversations,
        [c.key]: {
          ...c,
          title: current?.title ?? c.title,
          messages: keepNewest(messages, CONVERSATION_MESSAGES_KEPT),
          unread: current === undefined ? c.unread : current.unread,
          lastTime: Math.max(c.lastTime, current?.lastTime ?? 0),
        },
      },
    };
  }
  const known = new Set(next.notices.map((n) => n.id));
  const notices = [...next.notices, ...kept.notices.filter((n) => !known.has(n.id))].sort((a, b) => b.time - a.time).slice(0, NOTICES_KEPT);
  return { ...next, notices, conversations: trimConversations({ ...next.conversations }, next.groups) };
}

/** Applies one event; returns the same state when nothing changed. */
export function reduceConversations(state: ConversationsState, event: ConversationEvent): ConversationsState {
  switch (event.type) {
    case 'listed':
      return listed(state, event);
    case 'message':
      return addMessage(state, event);
    case 'read': {
      const current = state.conversations[event.key];
      if (current === undefined) return state;
      const group = current.kind === 'group' ? state.groups[current.id] : undefined;
      const groups =
        group !== undefined && event.seq !== null && event.seq > group.readSeq ? { ...state.groups, [group.gid]: { ...group, readSeq: event.seq } } : state.groups;
      if (current.unread === 0 && groups === state.groups) return state;
      return { ...state, groups, conversations: { ...state.conversations, [event.key]: { ...current, unread: 0 } } };
    }
    case 'notice': {
      if (state.notices.some((n) => n.id === event.notice.id)) return state;
      return { ...state, notices: [event.notice, ...state.notices].slice(0, NOTICES_KEPT) };
    }
    case 'answered': {
      if (!state.notices.some((n) => n.id === event.id && n.pending)) return state;
      return { ...state, notices: state.notices.map((n) => (n.id === event.id ? { ...n, pending: false } : n)) };
    }
    case 'restored':
      return restored(state, event.state);
  }
}

/** The total unread count a badge shows. */
export function totalUnread(state: ConversationsState): number {
  let total = 0;
  for (const c of Object.values(state.conversations)) total += c.unread;
  for (const n of state.notices) if (n.pending && ANSWERABLE_NOTICES.has(n.kind)) total += 1;
  return total;
}

/** Conversations, the most recently active first (a listed group with no message yet after those). */
export function conversationOrder(state: ConversationsState): Conversation[] {
  return Object.values(state.conversations).sort((a, b) => b.lastTime - a.lastTime || a.title.localeCompare(b.title));
}

/** A state read back from storage: anything that is not a book's shape is dropped, not trusted. */
export function readArchivedConversations(value: unknown): ConversationsState | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.conversations !== 'object' || v.conversations === null || !Array.isArray(v.notices)) return null;
  const conversations: Record<string, Conversation> = {};
  for (const raw of Object.values(v.conversations as Record<string, unknown>)) {
    if (typeof raw !== 'object' || raw === null) continue;
    const c = raw as Record<string, unknown>;
    const kind = c.kind === 'group' || c.kind === 'peer' ? c.kind : null;
    const id = text(c.id);
    if (kind === null || id === null || !Array.isArray(c.messages)) continue;
    const key = kind === 'group' ? groupKey(id) : peerKey(id);
    const messages = (c.messages as unknown[]).flatMap((m): ConversationMessage[] => {
      if (typeof m !== 'object' || m === null) return [];
      const r = m as Record<string, unknown>;
      const mid = text(r.mid);
      const from = text(r.from);
      if (mid === null || from === null) return [];
      const body = r.text === null ? null : text(r.text);
      return [{ mid, from, name: text(r.name) ?? from, text: body === null ? null : cut(body), time: int(r.time, 0), seq: typeof r.seq === 'number' ? r.seq : null, mine: r.mine === true }];
    });
    conversations[key] = { key, kind, id, title: text(c.title) ?? id, messages: keepNewest(messages, CONVERSATION_MESSAGES_KEPT), unread: Math.max(0, int(c.unread, 0)), lastTime: int(c.lastTime, 0) };
  }
  const kinds: readonly NoticeKind[] = ['invite', 'inviteCancelled', 'inviteReply', 'application', 'applicationReply', 'removed', 'exited', 'attributes', 'admin', 'host', 'power', 'powerApplication'];
  const notices = (v.notices as unknown[]).flatMap((raw): GroupNotice[] => {
    if (typeof raw !== 'object' || raw === null) return [];
    const n = raw as Record<string, unknown>;
    const kind = kinds.find((k) => k === n.kind);
    const id = text(n.id);
    const gid = text(n.gid);
    if (kind === undefined || id === null || gid === null) return [];
    return [{ id, kind, gid, cid: text(n.cid), groupName: text(n.groupName), uid: text(n.uid), name: text(n.name), value: typeof n.value === 'number' ? n.value : null, time: int(n.time, 0), pending: n.pending === true }];
  });
  return { listed: false, groups: {}, conversations, notices: notices.slice(0, NOTICES_KEPT) };
}
