/**
 * The meeting room's call room as the control pushes tell it (SPEC 4, PROTOCOL 2.2: 6105 ...
 * 6167, each acknowledged with code + 1 by the session before it gets here; the table of
 * codes is server/mic/callRoom.ts): who is in the call, whether requests are open, what
 * happened lately (joined, left, lost, invited, answered), and, for a viewer, being removed
 * with its reason. Read into the room state's `callRoom` key, so every tab of the room and
 * the console show the same. Readers never throw; a body they cannot read gives null.
 */
import { CALL_ROOM_PUSH } from '../protocol/callRoom';
import { readId } from './chatEntry';

export { CALL_ROOM_PUSH };

const CODES: ReadonlySet<number> = new Set(Object.values(CALL_ROOM_PUSH));

export const isCallRoomCode = (code: number): boolean => CODES.has(code);

/** The events a call room keeps, newest last. */
export const CALL_ROOM_EVENTS_KEPT = 20;
const MEMBERS_MAX = 500;
/** Names remembered; the oldest go first. */
export const CALL_ROOM_NAMES_KEPT = 500;

function withNames(names: Readonly<Record<string, string>>, members: readonly CallRoomMember[]): Readonly<Record<string, string>> {
  if (members.every((m) => names[m.uid] === m.name)) return names;
  const next: Record<string, string> = { ...names };
  for (const m of members) {
    delete next[m.uid];
    next[m.uid] = m.name;
  }
  const keys = Object.keys(next);
  for (let i = 0; i < keys.length - CALL_ROOM_NAMES_KEPT; i++) delete next[keys[i]!];
  return next;
}

export interface CallRoomMember {
  readonly uid: string;
  readonly name: string;
  /** The member's mic state (connecting, connected...). */
  readonly state: string;
}

export type CallRoomEventKind = 'joined' | 'left' | 'removed' | 'networkLost' | 'invited' | 'answered' | 'cancelled' | 'closed';

export interface CallRoomEvent {
  readonly kind: CallRoomEventKind;
  readonly uid: string | null;
  /** left: who ended it (viewer, host); answered: accepted or declined; removed: the reason code. */
  readonly detail: string | null;
  readonly seq: number;
}

export interface CallRoomState {
  /** Who is in the call room; null until a push said. */
  readonly members: readonly CallRoomMember[] | null;
  /** Whether mic requests are open (the room's attribute); null until a push said. */
  readonly open: boolean | null;
  /** This viewer was removed from the call room (6117), with the reason code; `seq` tells two apart. */
  readonly removed: { readonly reason: number; readonly seq: number } | null;
  readonly events: readonly CallRoomEvent[];
  /** The name of everyone seen in the call (uid -> name): an event about someone who left still names them. */
  readonly names: Readonly<Record<string, string>>;
  /** Grows with every push read. */
  readonly seq: number;
}

export const INITIAL_CALL_ROOM: CallRoomState = { members: null, open: null, removed: null, events: [], names: {}, seq: 0 };

type Body = Readonly<Record<string, unknown>>;

function readMembers(value: unknown): CallRoomMember[] | null {
  if (!Array.isArray(value) || value.length > MEMBERS_MAX) return null;
  const members: CallRoomMember[] = [];
  for (const item of value) {
    if (typeof item !== 'object' || item === null) return null;
    const m = item as Body;
    const uid = readId(m.uid);
    if (uid === null) return null;
    members.push({ uid, name: typeof m.name === 'string' && m.name !== '' ? m.name : uid, state: typeof m.state === 'string' ? m.state : '' });
  }
  return members;
}

function withEvent(state: CallRoomState, kind: CallRoomEventKind, uid: string | null, detail: string | null): CallRoomState {
  const seq = state.seq + 1;
  const events = [...state.events, { kind, uid, detail, seq }];
  return { ...state, seq, events: events.length > CALL_ROOM_EVENTS_KEPT ? events.slice(events.length - CALL_ROOM_EVENTS_KEPT) : events };
}

/** The call room after one control push, or null when the body is malformed. */
export function readCallRoomPush(code: number, body: Body, state: CallRoomState, myUid: string | null): CallRoomState | null {
  switch (code) {
    case CALL_ROOM_PUSH.membersChanged:
    case CALL_ROOM_PUSH.snapshot: {
      const members = readMembers(body.users);
      return members === null ? null : { ...state, members, names: withNames(state.names, members), seq: state.seq + 1 };
    }
    case CALL_ROOM_PUSH.memberJoined:
    case CALL_ROOM_PUSH.networkLost:
    case CALL_ROOM_PUSH.applicationCancelled: {
      const uid = readId(body.uid);
      if (uid === null) return null;
      const kind = code === CALL_ROOM_PUSH.memberJoined ? 'joined' : code === CALL_ROOM_PUSH.networkLost ? 'networkLost' : 'cancelled';
      return withEvent(state, kind, uid, null);
    }
    case CALL_ROOM_PUSH.memberLeft: {
      const uid = readId(body.uid);
      return uid === null ? null : withEvent(state, 'left', uid, typeof body.by === 'string' ? body.by : null);
    }
    case CALL_ROOM_PUSH.removed: {
      const users = Array.isArray(body.users) ? body.users.map(readId) : null;
      const reason = body.kick_reason;
      if (users === null || users.some((u) => u === null) || typeof reason !== 'number' || !Number.isInteger(reason) || reason < 0) return null;
      let next = state;
      for (const uid of users) next = withEvent(next, 'removed', uid, String(reason));
      return myUid !== null && users.includes(myUid) ? { ...next, removed: { reason, seq: next.seq } } : next;
    }
    case CALL_ROOM_PUSH.roomAttributes: {
      const attr = body.attr;
      const open = typeof attr === 'object' && attr !== null ? (attr as Body).open : undefined;
      return typeof open === 'boolean' ? { ...state, open, seq: state.seq + 1 } : null;
    }
    case CALL_ROOM_PUSH.memberAttributes: {
      if (!Array.isArray(body.users)) return null;
      let members = state.members;
      for (const item of body.users as unknown[]) {
        if (typeof item !== 'object' || item === null) return null;
        const u = item as Body;
        const uid = readId(u.uid);
        const attr = u.attr;
        const memberState = typeof attr === 'object' && attr !== null ? (attr as Body).state : undefined;
        if (uid === null || typeof memberState !== 'string') return null;
        if (members !== null) members = members.map((m) => (m.uid === uid ? { ...m, state: memberState } : m));
      }
      return { ...state, members, seq: state.seq + 1 };
    }
    case CALL_ROOM_PUSH.closed:
      return { ...withEvent(state, 'closed', null, null), open: false };
    case CALL_ROOM_PUSH.invited: {
      const uid = readId(body.uid);
      return uid === null ? null : withEvent(state, 'invited', uid, typeof body.from === 'string' ? body.from : null);
    }
    case CALL_ROOM_PUSH.inviteAnswered: {
      const uid = readId(body.uid);
      return uid === null || typeof body.accepted !== 'boolean' ? null : withEvent(state, 'answered', uid, body.accepted ? 'accepted' : 'declined');
    }
    default:
      return null;
  }
}
