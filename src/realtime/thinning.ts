/**
 * The thinned room stream (docs/protocol.md 5.2, "Thinned stream"): a socket whose reader
 * cannot keep up is served less instead of being dropped. While the bytes waiting to be
 * sent to it pass THIN_START_BYTES, the server leaves out the chat messages (7101) that the
 * viewer can best do without, and states every range it left out in a skip notice (push
 * SKIP_NOTICE_CODE, `{webcastId, from, to}`) sent just before the next message of that
 * room it does send, or when the socket has drained. So the client always knows the
 * difference between "skipped on purpose, fetchable with history sync 2401" and "lost".
 *
 * Never left out: every room message that is not a chat message (state, withdrawals,
 * interactions: small, rare, and wrong if missed), and the chat messages of the viewer, of
 * staff, highlighted ones and the ones that mention the viewer.
 *
 * The thinner is a two-state machine with hysteresis (full -> thinning above
 * THIN_START_BYTES, thinning -> full below THIN_STOP_BYTES), so a reader hovering near one
 * threshold does not flap. Pure: the server's connection feeds it the bytes waiting.
 */
import { isStaff } from '../domain/roles';

/** Push: room messages skipped on purpose, `{webcastId, from, to}` (offsets, inclusive). */
export const SKIP_NOTICE_CODE = 7201;
/** The login header by which a client asks for a thinned stream instead of a dropped socket. */
export const THIN_LOGIN_HEADER = 'thin';
/**
 * Bytes waiting for a socket above which its stream is thinned: at 20,000 messages a second
 * (about 6 MB/s) this is about 170 ms of the room, so what the reader gets stays that close
 * to the live room.
 */
export const THIN_START_BYTES = 1024 * 1024;
/** Bytes waiting below which a thinned stream is whole again. */
export const THIN_STOP_BYTES = 256 * 1024;

const CHAT_CODE = 7101;

/** What the thinner needs to know of a room message, read once per message by the sender. */
export interface RoomMessageFacts {
  readonly code: number;
  /** Chat messages only: the sender, their role, highlighted, the users mentioned. */
  readonly uid: string | null;
  readonly role: number | null;
  readonly highlight: boolean;
  readonly mentioned: readonly string[];
}

export interface SkipNotice {
  readonly webcastId: string;
  /** First offset left out. */
  readonly from: number;
  /** Last offset left out. */
  readonly to: number;
}

const NO_MENTIONS: readonly string[] = [];

/** The facts of a room message body (as the server publishes it). */
export function roomMessageFacts(code: number, body: Readonly<Record<string, unknown>>): RoomMessageFacts {
  if (code !== CHAT_CODE) return { code, uid: null, role: null, highlight: false, mentioned: NO_MENTIONS };
  const picked = body.picked_uid;
  return {
    code,
    uid: typeof body.uid === 'string' ? body.uid : null,
    role: typeof body.role === 'number' ? body.role : null,
    highlight: body.highlight === true || body.highlight === 1,
    mentioned: Array.isArray(picked) ? picked.filter((id): id is string => typeof id === 'string') : NO_MENTIONS,
  };
}

/** Whether the thinned stream must still carry this message to `viewerUid`. */
export function isNeverSkipped(facts: RoomMessageFacts, viewerUid: string): boolean {
  if (facts.code !== CHAT_CODE) return true;
  if (facts.uid === viewerUid || facts.highlight) return true;
  if (facts.role !== null && isStaff(facts.role)) return true;
  return facts.mentioned.includes(viewerUid);
}

export type ThinningState = 'full' | 'thinning';

/** What to do with one room message: send it (after the notices, in order) or leave it out. */
export interface ThinningDecision {
  readonly send: boolean;
  /** Skip notices to send first (ranges of this room, or of every room when the stream became whole). */
  readonly notices: readonly SkipNotice[];
}

export interface StreamThinner {
  readonly state: ThinningState;
  /** A room message about to be queued for the socket, with the bytes already waiting. */
  offer(webcastId: string, offset: number, facts: RoomMessageFacts, waitingBytes: number): ThinningDecision;
  /** The socket drained (or a timer looked): the notices owed once the stream is whole again. */
  settle(waitingBytes: number): readonly SkipNotice[];
  /** Messages left out so far. */
  readonly skipped: number;
}

const NONE: readonly SkipNotice[] = [];

export function createStreamThinner(viewerUid: string): StreamThinner {
  let state: ThinningState = 'full';
  let skipped = 0;
  /** Per room, the range left out and not yet stated. */
  const pending = new Map<string, { from: number; to: number }>();

  function move(waitingBytes: number): void {
    if (state === 'full' && waitingBytes > THIN_START_BYTES) state = 'thinning';
    else if (state === 'thinning' && waitingBytes < THIN_STOP_BYTES) state = 'full';
  }

  function takeAll(): readonly SkipNotice[] {
    if (pending.size === 0) return NONE;
    const notices: SkipNotice[] = [];
    for (const [webcastId, range] of pending) notices.push({ webcastId, from: range.from, to: range.to });
    pending.clear();
    return notices;
  }

  function take(webcastId: string): readonly SkipNotice[] {
    const range = pending.get(webcastId);
    if (range === undefined) return NONE;
    pending.delete(webcastId);
    return [{ webcastId, from: range.from, to: range.to }];
  }

  return {
    get state() {
      return state;
    },
    get skipped() {
      return skipped;
    },
    offer(webcastId, offset, facts, waitingBytes) {
      const before = state;
      move(waitingBytes);
      if (state === 'thinning' && !isNeverSkipped(facts, viewerUid)) {
        const range = pending.get(webcastId);
        // Offsets reach one socket in order; a range is contiguous unless a message was
        // sent in between, which took the range with it.
        if (range === undefined) pending.set(webcastId, { from: offset, to: offset });
        else range.to = offset;
        skipped++;
        return { send: false, notices: NONE };
      }
      return { send: true, notices: before === 'thinning' && state === 'full' ? takeAll() : take(webcastId) };
    },
    settle(waitingBytes) {
      move(waitingBytes);
      return state === 'full' ? takeAll() : NONE;
    },
  };
}

/** A skip notice read from a frame body, or null when it is not one. */
export function readSkipNotice(body: Readonly<Record<string, unknown>>): SkipNotice | null {
  const { webcastId, from, to } = body;
  if (typeof webcastId !== 'string' || webcastId === '') return null;
  if (typeof from !== 'number' || typeof to !== 'number' || !Number.isSafeInteger(from) || !Number.isSafeInteger(to)) return null;
  if (from < 1 || to < from) return null;
  return { webcastId, from, to };
}
