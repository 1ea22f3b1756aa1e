/**
 * The realtime socket session (PROTOCOL 2.2 and 2.3, SPEC 4): opens the socket, logs in,
 * keeps it alive with heartbeats, reconnects after a loss and rejoins the rooms where they
 * stopped, matches replies to requests and applies the push rules. Its states and the moves
 * between them are the table of sessionMachine.ts; this module does the side effects.
 *
 * It runs inside a worker, so nothing here may throw into the caller: a bad frame is
 * counted, a failed send rejects its request, a callback that throws is logged.
 */
import { HEARTBEAT_INTERVAL_MS, LOGIN_REPLY_TIMEOUT_MS, RECONNECT_MAX_ATTEMPTS, RECONNECT_WAIT_MS, REQUEST_TIMEOUT_MS, SOCKET_LOGIN_AID } from '../domain/constants';
import { randomId32 } from '../domain/randomId';
import { readSocketFrame } from './chatScan';
import { BATCH_HEADER, encodeFrame, framesOfMessage, isRequestCode, type DecodeFailure, type Frame, type FrameBody, type OutgoingFrame } from '../protocol/frame';
import { createPendingRequests, RequestError } from './pendingRequests';
import { forgetProgress, newProgressReports, offsetsToReport, type ProgressReports } from './progressReports';
import type { Clock, Logger, RandomBytes, RoomOffsets, SocketFactory, SocketLike, TimerId } from './ports';
import { decidePush, HEARTBEAT_REPLY, HEARTBEAT_REQUEST } from './pushRules';
import { nextSessionState, TERMINAL_STATES, type SessionEvent, type SessionState } from './sessionMachine';
import { PROGRESS_CODE, PROGRESS_REPORT_MS, SKIP_NOTICE_CODE, THIN_LOGIN_HEADER } from '../protocol/thinning';

export const JOIN_REQUEST = 7001;
export const LEAVE_REQUEST = 7003;

/** What comes with a state change: the attempt number on reconnecting and failed, the refusal on loginRejected. */
export interface SessionStateInfo {
  readonly attempt?: number;
  readonly status?: number | null;
  readonly msg?: string | null;
}

/** Why an incoming message was dropped: the codec's reasons, or a frame without a code (only the client's login frame has none). */
export type MalformedReason = DecodeFailure | 'no-code';

export interface JoinReply {
  readonly webcastId: string;
  /** The room's latest offset. */
  readonly offset: number;
  readonly online: number;
  /** The first replayed offset, when the server says (docs/protocol.md 5.2). */
  readonly from: number | null;
  /** The life of the room's log the offsets belong to, when the server names one (a cluster, docs/protocol.md 5.6). */
  readonly epoch?: string;
}

export type RejoinResult =
  | { readonly webcastId: string; readonly ok: true; readonly reply: JoinReply }
  | { readonly webcastId: string; readonly ok: false; readonly error: RequestError };

export interface RequestOptions {
  readonly timeoutMs?: number;
}

export interface SocketSessionOptions {
  readonly url: string;
  /**
   * The other nodes' socket addresses of the same room server (config.js `sockets`): a
   * socket that is lost or cannot open is followed by one to the next address, so a viewer
   * whose node went away resumes on another, rejoining from its last offsets.
   */
  readonly alternateUrls?: readonly string[];
  readonly sid: string;
  readonly socketFactory: SocketFactory;
  readonly clock: Clock;
  readonly random: RandomBytes;
  readonly logger: Logger;
  /** Asked after each re-login for the rooms to rejoin and their last offsets. */
  readonly rooms: RoomOffsets;
  /** Called on every change of state (not on a move that stays in the same state). */
  readonly onState: (state: SessionState, info: SessionStateInfo) => void;
  /** Every push the session rules do not consume, room messages 7101 to 7127 included. */
  readonly onPush: (frame: Frame) => void;
  readonly onMalformed?: (reason: MalformedReason) => void;
  /** The outcome of each rejoin after a reconnect. */
  readonly onRejoin?: (result: RejoinResult) => void;
  /** Right before each rejoin's request is sent (what arrives for the room from now on is its replay). */
  readonly beforeRejoin?: (webcastId: string) => void;
  /**
   * Each reconnect attempt after the first, with its number (onState reports the first one
   * as it enters reconnecting, and stays quiet while the state does not change).
   */
  readonly onAttempt?: (attempt: number) => void;
}

export interface SocketSession {
  start(): void;
  /** Ends the session for good: closes the socket, stops reconnecting, rejects what waits. */
  close(): void;
  /** Sends a request (odd code); settles on its reply (code - 1, same seq). Never throws. */
  request(code: number, body?: FrameBody, options?: RequestOptions): Promise<FrameBody>;
  /**
   * Request 7001 from the offset last applied (0 for none). Only while online: after a
   * reconnect the session rejoins the rooms of `rooms()` itself.
   */
  join(webcastId: string, offset: number, epoch?: string): Promise<JoinReply>;
  leave(webcastId: string): Promise<void>;
  /**
   * The rooms' applied offsets moved without a push (a history page filled a gap, a join's
   * held frames were applied, a gap was given up): report them at the next progress time.
   * A thinned stream's server sends nothing more until it hears of them, so a move it
   * never heard of would hold that stream empty for good (docs/protocol.md 5.2).
   */
  noteApplied(): void;
  readonly state: SessionState;
  /** Incoming messages dropped because they did not parse (PROTOCOL 2.1: dropped and counted). */
  readonly malformedCount: number;
  /** The session's state as it stands (read it; do not change it). */
  inspect(): Readonly<SessionCore>;
}

/** Everything a socket session knows besides its requests, in one object a debugger (or a test) can read. */
export interface SessionCore {
  state: SessionState;
  socket: SocketLike | null;
  /** Which of the addresses the current (or next) socket goes to. */
  addressIndex: number;
  /** Reconnect attempts started since the session was last online. */
  attempt: number;
  lastSeq: number;
  malformedCount: number;
  heartbeatTimer: TimerId | null;
  reconnectTimer: TimerId | null;
  /** Runs out when the current socket's login has had no answer for LOGIN_REPLY_TIMEOUT_MS. */
  loginTimer: TimerId | null;
  readonly progress: ProgressReports;
}

const newSessionCore = (): SessionCore => ({
  state: 'idle',
  socket: null,
  addressIndex: 0,
  attempt: 0,
  lastSeq: 0,
  malformedCount: 0,
  heartbeatTimer: null,
  reconnectTimer: null,
  loginTimer: null,
  progress: newProgressReports(),
});

type SendOutcome = { readonly ok: true } | { readonly ok: false; readonly msg: string };

/** Room messages (7101 to 7127, odd) and skip notices: what moves a room's offset. */
const isRoomStreamCode = (code: number): boolean => (code >= 7101 && code <= 7127 && code % 2 === 1) || code === SKIP_NOTICE_CODE;

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export function createSocketSession(options: SocketSessionOptions): SocketSession {
  const { sid, socketFactory, clock, random, logger } = options;
  const addresses = socketAddressesOf(options.url, options.alternateUrls ?? []);
  const pending = createPendingRequests(clock);
  const s = newSessionCore();

  const safely = (what: string, fn: () => void): void => {
    try {
      fn();
    } catch (error) {
      logger.error(`socket session: ${what} threw`, error);
    }
  };

  /**
   * Applies one row of the transition table: `effects` run once the state has moved and
   * before onState hears of it, so a listener never sees a half-done move. A move the
   * table does not have is logged and ignored.
   */
  const move = (event: SessionEvent, info: SessionStateInfo = {}, effects?: () => void): boolean => {
    const next = nextSessionState(s.state, event);
    if (next === null) {
      logger.warn(`socket session: "${event}" ignored in state ${s.state}`);
      return false;
    }
    const changed = next !== s.state;
    s.state = next;
    effects?.();
    if (changed) safely('onState', () => options.onState(next, info));
    return true;
  };

  const sendFrame = (frame: Omit<OutgoingFrame, 'mid'>): SendOutcome => {
    const current = s.socket;
    if (current === null) return { ok: false, msg: 'no socket' };
    try {
      current.send(encodeFrame({ ...frame, mid: randomId32(random) }));
      return { ok: true };
    } catch (error) {
      logger.error(`socket session: frame ${frame.code ?? 'login'} not sent`, error);
      return { ok: false, msg: messageOf(error) };
    }
  };

  const stopTimer = (timer: TimerId | null): null => {
    if (timer !== null) clock.clearTimeout(timer);
    return null;
  };

  const scheduleHeartbeat = (): void => {
    s.heartbeatTimer = stopTimer(s.heartbeatTimer);
    s.heartbeatTimer = clock.setTimeout(() => {
      s.heartbeatTimer = null;
      if (s.socket === null) return;
      s.lastSeq += 1;
      sendFrame({ code: HEARTBEAT_REQUEST, seq: s.lastSeq, body: {} });
      scheduleHeartbeat();
    }, HEARTBEAT_INTERVAL_MS);
  };

  /** The rooms followed and their last offsets, or null when asking threw (logged, with what did not happen). */
  const roomOffsets = (instead: string): ReturnType<RoomOffsets> | null => {
    try {
      return options.rooms();
    } catch (error) {
      logger.error(`socket session: rooms() threw; ${instead}`, error);
      return null;
    }
  };

  /**
   * Progress (docs/protocol.md 5.2, thinned stream): the last offset applied of each room
   * that moved, at most every PROGRESS_REPORT_MS while they move (a push, or noteApplied), so the server
   * can tell how far behind this reader is and thin its stream before it falls further.
   */
  const reportProgress = (): void => {
    s.progress.timer = null;
    if (s.socket === null || s.state !== 'online') return;
    const rooms = roomOffsets('no progress reported');
    if (rooms === null) return;
    for (const { webcastId, offset } of offsetsToReport(s.progress, rooms)) sendFrame({ code: PROGRESS_CODE, body: { webcastId, offset } });
  };

  const scheduleProgress = (): void => {
    if (s.progress.timer === null) s.progress.timer = clock.setTimeout(reportProgress, PROGRESS_REPORT_MS);
  };

  /** Forgets the current socket (its late events are then ignored) and closes it. */
  const dropSocket = (reason: string): void => {
    s.heartbeatTimer = stopTimer(s.heartbeatTimer);
    s.loginTimer = stopTimer(s.loginTimer);
    forgetProgress(s.progress, (id) => clock.clearTimeout(id));
    const current = s.socket;
    s.socket = null;
    if (current === null) return;
    current.onopen = current.onmessage = current.onclose = current.onerror = null;
    safely('socket.close', () => current.close(1000, reason));
  };

  /** Ends the session for good (close, 9004, login refused). */
  const end = (event: SessionEvent, info: SessionStateInfo, reason: string): void => {
    move(event, info, () => {
      s.reconnectTimer = stopTimer(s.reconnectTimer);
      dropSocket(reason);
      pending.rejectAll('connection-closed', reason);
    });
  };

  const onSocketLost = (): void => {
    s.heartbeatTimer = stopTimer(s.heartbeatTimer);
    s.loginTimer = stopTimer(s.loginTimer);
    forgetProgress(s.progress, (id) => clock.clearTimeout(id));
    const lost = s.socket;
    s.socket = null;
    if (lost !== null) lost.onopen = lost.onmessage = lost.onclose = lost.onerror = null;
    s.addressIndex = (s.addressIndex + 1) % addresses.length;
    pending.rejectAll('connection-closed', 'the socket closed');
    if (s.state === 'reconnecting' && s.attempt >= RECONNECT_MAX_ATTEMPTS) {
      move('attemptsExhausted', { attempt: s.attempt });
      return;
    }
    const wasReconnecting = s.state === 'reconnecting';
    move('socketLost', { attempt: s.attempt + 1 }, () => {
      if (wasReconnecting) safely('onAttempt', () => options.onAttempt?.(s.attempt + 1));
      s.reconnectTimer = clock.setTimeout(() => {
        s.reconnectTimer = null;
        s.attempt += 1;
        openSocket();
      }, RECONNECT_WAIT_MS);
    });
  };

  const onOpen = (): void => {
    if (!move('socketOpen')) return;
    // PROTOCOL 2.3: heartbeats run from the open, before the login is answered.
    scheduleHeartbeat();
    // batch:1 and thin:1 (docs/protocol.md 5.2): batched messages, and a stream thinned
    // rather than a socket dropped when this reader falls behind.
    const sent = sendFrame({ headers: { cmd: 'login', aid: SOCKET_LOGIN_AID, sid, [BATCH_HEADER]: '1', [THIN_LOGIN_HEADER]: '1' }, body: {} });
    // A login frame that cannot be encoded (a line feed in the sid) will never work: retrying is pointless.
    if (!sent.ok) {
      end('loginRejected', { status: null, msg: sent.msg }, 'the login frame could not be sent');
      return;
    }
    s.loginTimer = clock.setTimeout(onLoginUnanswered, LOGIN_REPLY_TIMEOUT_MS);
  };

  /** The login had no answer: the socket is lost as if it had closed, and the next address is tried. */
  const onLoginUnanswered = (): void => {
    s.loginTimer = null;
    const unanswered = s.socket;
    if (unanswered === null) return;
    logger.warn(`socket session: the login had no answer within ${LOGIN_REPLY_TIMEOUT_MS} ms; the socket is given up`);
    onSocketLost();
    safely('socket.close', () => unanswered.close(1000, 'login unanswered'));
  };

  const rejoinRooms = (): void => {
    const rooms = roomOffsets('no room rejoined');
    if (rooms === null) return;
    for (const { webcastId, offset, epoch } of rooms) {
      safely('beforeRejoin', () => options.beforeRejoin?.(webcastId));
      join(webcastId, offset, epoch).then(
        (reply) => safely('onRejoin', () => options.onRejoin?.({ webcastId, ok: true, reply })),
        (error: unknown) => {
          const failure = error instanceof RequestError ? error : new RequestError('send-failed', JOIN_REQUEST, null, messageOf(error));
          logger.warn(`socket session: rejoin of room ${webcastId} failed`, failure);
          safely('onRejoin', () => options.onRejoin?.({ webcastId, ok: false, error: failure }));
        },
      );
    }
  };

  const onPushFrame = (frame: Frame & { readonly code: number }): void => {
    const action = decidePush(frame);
    switch (action.kind) {
      case 'loginResult': {
        s.loginTimer = stopTimer(s.loginTimer);
        if (!action.accepted) {
          end('loginRejected', { status: action.status, msg: action.msg }, 'login refused');
          return;
        }
        const wasReconnecting = s.state === 'reconnecting';
        if (!move('loginAccepted')) return;
        s.attempt = 0;
        if (wasReconnecting) rejoinRooms();
        return;
      }
      case 'endedElsewhere':
        end('endedElsewhere', {}, 'logged in elsewhere');
        return;
      case 'ignore':
      case 'heartbeatReply':
        return;
      case 'pass':
        if (action.warning !== null) logger.warn(`socket session: ${action.warning}`);
        if (action.ack !== null) sendFrame({ code: action.ack.code, body: action.ack.body });
        safely('onPush', () => options.onPush(frame));
        if (isRoomStreamCode(frame.code)) scheduleProgress();
        return;
    }
  };

  const malformed = (reason: MalformedReason): void => {
    s.malformedCount += 1;
    safely('onMalformed', () => options.onMalformed?.(reason));
  };

  const onData = (data: unknown): void => {
    // A chat push as the reference server sends it is routed on its room and offset, its body
    // left unparsed for the hub to parse when it is shown (chatScan.ts, issue 34 item 3).
    const decoded = readSocketFrame(data);
    if (!decoded.ok) return malformed(decoded.reason);
    const frame = decoded.frame;
    const code = frame.code;
    if (code === null) return malformed('no-code');
    if (frame.seq > 0) {
      if (pending.settle(frame) || code === HEARTBEAT_REPLY) return;
      logger.warn(`socket session: reply ${code} seq ${frame.seq} answers no waiting request; dropped`);
      return;
    }
    onPushFrame({ ...frame, code });
  };

  const openSocket = (): void => {
    let opened: SocketLike;
    try {
      opened = socketFactory(addresses[s.addressIndex] ?? options.url);
    } catch (error) {
      logger.error('socket session: the socket could not be opened', error);
      onSocketLost();
      return;
    }
    s.socket = opened;
    // Events of a socket the session has let go of are ignored (the hooks are cleared too).
    const isCurrent = (): boolean => s.socket === opened;
    // One login and one heartbeat per socket, however many open events it sends.
    let hasOpened = false;
    opened.onopen = () => {
      if (!isCurrent() || hasOpened) return;
      hasOpened = true;
      safely('open handling', onOpen);
    };
    opened.onmessage = (event) => {
      if (!isCurrent()) return;
      const frames = framesOfMessage((event as { data?: unknown } | null | undefined)?.data);
      // One frame's trouble (or a close it causes) must not lose or misroute the rest.
      for (const data of frames) {
        if (!isCurrent()) return;
        safely('message handling', () => onData(data));
      }
    };
    opened.onclose = (event) => {
      if (!isCurrent()) return;
      // Which side ended it, and how: 1006 is the network (or a browser that gave up on it).
      const { code, reason } = (event ?? {}) as { code?: unknown; reason?: unknown };
      logger.warn(`socket session: the socket closed (${String(code)}${typeof reason === 'string' && reason !== '' ? ` ${reason}` : ''})`);
      safely('close handling', onSocketLost);
    };
    opened.onerror = (event) => {
      if (isCurrent()) logger.warn('socket session: socket error', event);
    };
  };

  const request = (code: number, body: FrameBody = {}, requestOptions: RequestOptions = {}): Promise<FrameBody> => {
    if (!Number.isSafeInteger(code) || code <= 0 || !isRequestCode(code)) {
      logger.error(`socket session: ${code} is not a request code; not sent`);
      return Promise.reject(new RequestError('send-failed', code, null, 'not a request code (odd positive integer)'));
    }
    if (s.state !== 'online' || s.socket === null) {
      logger.error(`socket session: request ${code} while ${s.state}; not sent`);
      return Promise.reject(new RequestError('not-connected', code, null, `the socket session is ${s.state}`));
    }
    s.lastSeq += 1;
    const seq = s.lastSeq;
    const sent = sendFrame({ code, seq, body });
    if (!sent.ok) return Promise.reject(new RequestError('send-failed', code, null, sent.msg));
    return pending.track(seq, code, requestOptions.timeoutMs ?? REQUEST_TIMEOUT_MS);
  };

  const join = async (webcastId: string, offset: number, epoch?: string): Promise<JoinReply> => {
    const body = await request(JOIN_REQUEST, epoch === undefined ? { webcastId, offset } : { webcastId, offset, epoch });
    return readJoinReply(webcastId, body);
  };

  return {
    start() {
      if (move('start')) openSocket();
    },
    close() {
      // Already over for good: there is nothing left to stop, and that is no mistake of the caller.
      if (TERMINAL_STATES.has(s.state)) return;
      end('close', {}, 'closed by the client');
    },
    request,
    join,
    async leave(webcastId) {
      await request(LEAVE_REQUEST, { webcastId });
    },
    noteApplied() {
      if (s.state === 'online') scheduleProgress();
    },
    get state() {
      return s.state;
    },
    get malformedCount() {
      return s.malformedCount;
    },
    inspect() {
      return s;
    },
  };
}

/** The login's address first, then the other nodes' in their order, each once. */
export function socketAddressesOf(url: string, alternates: readonly string[]): string[] {
  const addresses = [url];
  for (const other of alternates) if (!addresses.includes(other)) addresses.push(other);
  return addresses;
}

const isOffset = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** Reads the join reply 7000 (PROTOCOL 2.3); a success without a usable offset is a bad reply. */
export function readJoinReply(webcastId: string, body: FrameBody): JoinReply {
  if (!isOffset(body.offset)) throw new RequestError('bad-reply', JOIN_REQUEST, 200, 'join reply without a valid offset');
  return {
    webcastId: typeof body.webcastId === 'string' ? body.webcastId : webcastId,
    offset: body.offset,
    online: typeof body.online === 'number' && Number.isFinite(body.online) ? body.online : 0,
    from: isOffset(body.from) ? body.from : null,
    ...(typeof body.epoch === 'string' && body.epoch !== '' ? { epoch: body.epoch } : {}),
  };
}
