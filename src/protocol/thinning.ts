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
 * Behind is measured two ways. Bytes waiting at the server are not enough: the kernel's
 * socket buffers and the browser's own hold seconds of a busy room before the server's
 * buffer grows. So a client that asked for a thinned stream also reports the last offset it
 * applied, per room, at most every PROGRESS_REPORT_MS (frame PROGRESS_CODE, `{webcastId,
 * offset}`), and the server times what it sent: a message sent more than THIN_LAG_START_MS
 * ago and still not reported applied means the reader is behind by that much.
 *
 * The thinner is a two-state machine with hysteresis (full -> thinning when behind by bytes
 * or by time; thinning -> full when both are below their lower marks), so a reader hovering
 * near one threshold does not flap. Pure: the server's connection feeds it the bytes waiting
 * and the time.
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
/** Client to server, no reply: `{webcastId, offset}`, the last room offset the client applied. */
export const PROGRESS_CODE = 7202;
/** How often at most a client reports its progress while its applied offsets move. */
export const PROGRESS_REPORT_MS = 100;
/** A sent message this old and not yet reported applied: the reader is behind, the stream is thinned. */
export const THIN_LAG_START_MS = 250;
/** Below this (and below THIN_STOP_BYTES), a thinned stream is whole again. */
export const THIN_LAG_STOP_MS = 100;
/**
 * ...and only when more messages than a tab shows (a screenful or more) are on their way:
 * a moderate room on a loaded machine catches up by itself, without marks in its list.
 */
export const THIN_BEHIND_MESSAGES = 200;
/**
 * While a stream stays thinned, a range left out is stated at least this often, even when
 * nothing of its room is sent to carry it: the reader's list shows what it missed instead
 * of standing still, and a reader whose progress the server waits for hears of offsets
 * that move its applied offset, so it reports (a client that reported only on room pushes
 * otherwise left a stream thinned and empty for good: the chaos suite's cuts scenario).
 */
export const THIN_NOTICE_EVERY_MS = 1000;
/** Messages sent within this many ms share one sample (its time the first's, its offset the last's). */
const SAMPLE_MS = 20;
/** Send times kept per room at most (a reader that stopped reporting is thinned long before). */
const SAMPLES_MAX = 1000;

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
  /** A room message about to be queued for the socket, with the bytes already waiting and the time. */
  offer(webcastId: string, offset: number, facts: RoomMessageFacts, waitingBytes: number, now: number): ThinningDecision;
  /** The client reported `offset` of the room applied (PROGRESS_CODE). */
  progress(webcastId: string, offset: number): void;
  /** The socket drained or the client reported progress: the notices owed once the stream is whole again. */
  settle(waitingBytes: number, now: number): readonly SkipNotice[];
  /** Messages left out so far. */
  readonly skipped: number;
}

const NONE: readonly SkipNotice[] = [];

export function createStreamThinner(viewerUid: string): StreamThinner {
  let state: ThinningState = 'full';
  let skipped = 0;
  /** Per room, the range left out and not yet stated, and when its first message was left out. */
  const pending = new Map<string, { from: number; to: number; since: number }>();
  /** Per room, offsets sent and when, not yet reported applied (one per SAMPLE_MS), oldest first. */
  const inFlight = new Map<string, { offset: number; at: number }[]>();
  /** Per room, the last offset sent and the last reported applied. */
  const lastSent = new Map<string, number>();
  const reported = new Map<string, number>();
  /** Time is a measure only once the client reports progress (an older client never does). */
  let reporting = false;

  /** How long the oldest message sent and not reported applied has been on its way. */
  function lag(now: number): number {
    if (!reporting) return 0;
    let oldest = now;
    for (const samples of inFlight.values()) {
      const first = samples[0];
      if (first !== undefined && first.at < oldest) oldest = first.at;
    }
    return now - oldest;
  }

  /** The most messages of one room sent and not yet reported applied. */
  function behind(): number {
    let most = 0;
    for (const [webcastId, sentOffset] of lastSent) most = Math.max(most, sentOffset - (reported.get(webcastId) ?? 0));
    return most;
  }

  function behindInTime(now: number, mark: number): boolean {
    return reporting && lag(now) > mark && behind() > THIN_BEHIND_MESSAGES;
  }

  function move(waitingBytes: number, now: number): void {
    if (state === 'full' && (waitingBytes > THIN_START_BYTES || behindInTime(now, THIN_LAG_START_MS))) state = 'thinning';
    else if (state === 'thinning' && waitingBytes < THIN_STOP_BYTES && !behindInTime(now, THIN_LAG_STOP_MS)) state = 'full';
  }

  function sent(webcastId: string, offset: number, now: number): void {
    lastSent.set(webcastId, offset);
    let samples = inFlight.get(webcastId);
    if (samples === undefined) {
      samples = [];
      inFlight.set(webcastId, samples);
    }
    const last = samples[samples.length - 1];
    if (last !== undefined && (now - last.at < SAMPLE_MS || samples.length >= SAMPLES_MAX)) last.offset = offset;
    else samples.push({ offset, at: now });
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
    offer(webcastId, offset, facts, waitingBytes, now) {
      const before = state;
      move(waitingBytes, now);
      if (state === 'thinning' && !isNeverSkipped(facts, viewerUid)) {
        const range = pending.get(webcastId);
        skipped++;
        // Offsets reach one socket in order; a range is contiguous unless a message was
        // sent in between, which took the range with it.
        if (range === undefined) {
          pending.set(webcastId, { from: offset, to: offset, since: now });
          return { send: false, notices: NONE };
        }
        range.to = offset;
        return { send: false, notices: now - range.since >= THIN_NOTICE_EVERY_MS ? take(webcastId) : NONE };
      }
      sent(webcastId, offset, now);
      return { send: true, notices: before === 'thinning' && state === 'full' ? takeAll() : take(webcastId) };
    },
    progress(webcastId, offset) {
      reporting = true;
      if (offset > (reported.get(webcastId) ?? 0)) reported.set(webcastId, offset);
      const samples = inFlight.get(webcastId);
      if (samples === undefined) return;
      let done = 0;
      while (done < samples.length && samples[done]!.offset <= offset) done++;
      if (done > 0) samples.splice(0, done);
    },
    settle(waitingBytes, now) {
      move(waitingBytes, now);
      return state === 'full' ? takeAll() : NONE;
    },
  };
}

/** A progress report read from a frame body, or null when it is not one. */
export function readProgress(body: Readonly<Record<string, unknown>>): { webcastId: string; offset: number } | null {
  const { webcastId, offset } = body;
  if (typeof webcastId !== 'string' || webcastId === '' || typeof offset !== 'number' || !Number.isSafeInteger(offset) || offset < 0) return null;
  return { webcastId, offset };
}

/** A skip notice read from a frame body, or null when it is not one. */
export function readSkipNotice(body: Readonly<Record<string, unknown>>): SkipNotice | null {
  const { webcastId, from, to } = body;
  if (typeof webcastId !== 'string' || webcastId === '') return null;
  if (typeof from !== 'number' || typeof to !== 'number' || !Number.isSafeInteger(from) || !Number.isSafeInteger(to)) return null;
  if (from < 1 || to < from) return null;
  return { webcastId, from, to };
}
