/**
 * One realtime socket, from open to close (PROTOCOL 2.3). Its life is a small state
 * machine, written as data below: awaiting login -> logging in (the store is asked) ->
 * online -> closing -> closed (the server closing it) or straight to closed (the peer or
 * the network). Frames that arrive while the login is being checked wait for it, in order. Every frame resets
 * the idle timer; a frame that does not parse is dropped and counted and the socket stays
 * open; nothing a peer sends can throw out of the message handler.
 */
import type { Duplex } from 'node:stream';
import type { WebSocket, RawData } from 'ws';
import { decodeFrame, encodeFrame, isRequestCode, replyCodeFor, type Frame, type FrameBody } from '../../src/protocol/frame';
import { createStreamThinner, PROGRESS_CODE, readProgress, SKIP_NOTICE_CODE, THIN_LOGIN_HEADER, type SkipNotice, type StreamThinner } from '../../src/protocol/thinning';
import type { Session } from '../auth/sessions.js';
import type { RoomDelivery } from '../rooms/hub.js';
import type { ServerContext } from '../context.js';
import { AckBook, ACK_FOR, isAckCode } from './acks.js';
import type { ConnectedClient } from './clients.js';
import { CLOSE } from './closeCodes.js';
import { inNetworkDrop } from './networkDrops.js';
import { answerRequest } from './dispatch.js';
import { isPlainObject } from './fields.js';
import { authenticateSocketLogin, isLoginFrame } from './login.js';
import { Outbox } from './outbox.js';
import { endOtherSessions } from './sessionsEnd.js';
import { isStoreUnavailable } from '../store/sqlStore.js';
import { STORE_UNAVAILABLE } from '../http/envelope.js';
import type { SocketMetrics } from './socketMetrics.js';

export type ConnectionState = 'awaitingLogin' | 'loggingIn' | 'online' | 'closing' | 'closed';
type ConnectionEvent = 'loginSent' | 'loginAccepted' | 'closeRequested' | 'socketClosed';

/** The connection's transitions; an event missing from a state's row is ignored. */
const TRANSITIONS: Readonly<Record<ConnectionState, Partial<Record<ConnectionEvent, ConnectionState>>>> = {
  awaitingLogin: { loginSent: 'loggingIn', closeRequested: 'closing', socketClosed: 'closed' },
  loggingIn: { loginAccepted: 'online', closeRequested: 'closing', socketClosed: 'closed' },
  online: { closeRequested: 'closing', socketClosed: 'closed' },
  closing: { socketClosed: 'closed' },
  closed: {},
};

/** Text frames longer than this are dropped (a chat message is at most a few KB). */
export const MAX_FRAME_BYTES = 64 * 1024;
/** Requests of one socket awaiting their reply at once; more are refused with 4203. */
export const MAX_REQUESTS_IN_FLIGHT = 64;
/** Frames kept while the login is checked; a peer that sends more is dropped as a flood. */
export const MAX_FRAMES_BEFORE_LOGIN = 64;

const HEARTBEAT = 9001;

export interface ConnectionDeps {
  readonly ctx: ServerContext;
  readonly metrics: SocketMetrics;
  readonly id: string;
  readonly ws: WebSocket;
  readonly socket: Duplex;
  readonly onClosed: (connection: Connection) => void;
}

export class Connection {
  private state: ConnectionState = 'awaitingLogin';
  private client: ConnectedClient | null = null;
  private session: Session | null = null;
  private inFlight = 0;
  /** Frames that came while the login was being checked, handled once it is decided. */
  private readonly waitingForLogin: Frame[] = [];
  private readonly outbox: Outbox;
  /** Set when the login asked for a thinned stream (docs/protocol.md 5.2) instead of a dropped socket. */
  private thinner: StreamThinner | null = null;
  private readonly idleTimer: NodeJS.Timeout;
  readonly acks = new AckBook();

  constructor(private readonly deps: ConnectionDeps) {
    const { ctx, ws, socket } = deps;
    this.outbox = new Outbox(
      ws,
      socket,
      () => this.close(CLOSE.slowConsumer, 'too slow'),
      (n) => ctx.metrics.framesSent.inc(n),
    );
    this.idleTimer = setTimeout(() => this.close(CLOSE.idle, 'idle'), ctx.config.socketIdleMs);
    ctx.metrics.socketsOpen.inc();
    ws.on('message', (data, isBinary) => this.receive(data, isBinary));
    ws.on('close', (code: number) => {
      if (this.state !== 'closing') this.deps.metrics.closedByPeer.inc({ code: String(code) });
      this.closed();
    });
    // The peer caught up: the ranges left out while it was behind are stated now.
    socket.on('drain', () => this.settleThinning());
    // A socket error is followed by 'close'; without a listener it would be thrown.
    ws.on('error', () => undefined);
  }

  get currentState(): ConnectionState {
    return this.state;
  }

  private move(event: ConnectionEvent): boolean {
    const next = TRANSITIONS[this.state][event];
    if (next === undefined) return false;
    this.state = next;
    return true;
  }

  send(frame: string, delivery?: RoomDelivery): void {
    if (this.state === 'closing' || this.state === 'closed') return;
    if (delivery === undefined || this.thinner === null) return this.outbox.push(frame);
    const decision = this.thinner.offer(delivery.webcastId, delivery.offset, delivery.facts, this.outbox.waitingBytes(), this.deps.ctx.now());
    this.sendNotices(decision.notices);
    if (decision.send) this.outbox.push(frame);
    else this.deps.metrics.thinned.inc({ what: 'message' });
  }

  private settleThinning(): void {
    if (this.thinner === null || this.state === 'closing' || this.state === 'closed') return;
    this.sendNotices(this.thinner.settle(this.outbox.waitingBytes(), this.deps.ctx.now()));
  }

  /** The client's report of what it applied (docs/protocol.md 5.2): the thinned stream's clock. */
  private progress(frame: Frame): void {
    const report = readProgress(frame.body);
    if (this.thinner === null || report === null) return this.ignored('progress');
    this.thinner.progress(report.webcastId, report.offset);
    this.settleThinning();
  }

  private sendNotices(notices: readonly SkipNotice[]): void {
    for (const notice of notices) {
      this.outbox.push(encodeFrame({ code: SKIP_NOTICE_CODE, body: { ...notice } }));
      this.deps.metrics.thinned.inc({ what: 'notice' });
    }
  }

  /** Sends what is queued, then closes with `code`. */
  close(code: number, reason: string): void {
    if (!this.move('closeRequested')) return;
    this.deps.metrics.closedByServer.inc({ reason });
    this.outbox.flush();
    this.outbox.stop();
    this.deps.ws.close(code, reason);
  }

  private receive(data: RawData, isBinary: boolean): void {
    if (this.state === 'closing' || this.state === 'closed') return;
    this.idleTimer.refresh();
    try {
      if (isBinary) return this.malformed('not-text');
      const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
      if (bytes.byteLength > MAX_FRAME_BYTES) return this.malformed('too-large');
      const decoded = decodeFrame(bytes.toString('utf8'));
      if (!decoded.ok) return this.malformed(decoded.reason);
      this.route(decoded.frame);
    } catch (error) {
      // A bug of ours must not take the socket (or the process) down with it.
      console.error('socket frame handling failed:', error);
    }
  }

  private malformed(reason: string): void {
    this.deps.ctx.metrics.malformedFrames.inc({ reason });
  }

  private ignored(reason: string): void {
    this.deps.metrics.framesIgnored.inc({ reason });
  }

  private route(frame: Frame): void {
    if (frame.code === HEARTBEAT) return void this.heartbeat(frame);
    if (this.state === 'awaitingLogin') {
      if (isLoginFrame(frame)) return this.login(frame);
      if (frame.code !== null && frame.seq > 0 && isRequestCode(frame.code)) {
        return this.reply(frame, { status: 4501, msg: 'login: send the login frame first' });
      }
      return this.ignored('before-login');
    }
    if (this.state === 'loggingIn') {
      if (this.waitingForLogin.length >= MAX_FRAMES_BEFORE_LOGIN) return this.close(CLOSE.loginFailed, 'too many frames before the login was answered');
      this.waitingForLogin.push(frame);
      return;
    }
    if (frame.code === null) return this.ignored(isLoginFrame(frame) ? 'repeated-login' : 'no-code');
    if (isAckCode(frame.code)) return this.acknowledge(frame.code, frame);
    if (frame.code === PROGRESS_CODE) return this.progress(frame);
    if (frame.seq > 0 && isRequestCode(frame.code)) return void this.request(frame.code, frame);
    return this.ignored('unexpected-push');
  }

  private async heartbeat(frame: Frame): Promise<void> {
    let usable = true;
    try {
      usable = this.session === null || (await this.deps.ctx.sessions.use(this.session.token)) !== null;
    } catch (error) {
      // The store away: the socket is alive, and its login is checked again at the next
      // heartbeat. Anything else is a bug of ours, logged; neither may end the process.
      if (!isStoreUnavailable(error)) console.error('heartbeat: checking the login failed:', error);
    }
    // The login expired or was ended while the socket stayed open.
    if (!usable) return this.refuseLogin(402, 'login information expired, please log in again');
    this.reply(frame, { status: 200 });
  }

  private login(frame: Frame): void {
    this.move('loginSent');
    authenticateSocketLogin(this.deps.ctx, frame)
      .then(
        (outcome) => {
          if (this.state !== 'loggingIn') return;
          if (!outcome.ok) return this.refuseLogin(outcome.status, outcome.msg);
          this.loggedIn(outcome.session, frame);
          for (const waiting of this.waitingForLogin.splice(0)) {
            if (this.currentState === 'online') this.route(waiting);
          }
        },
        (error: unknown) => {
          // The store away: the socket is closed unanswered, which the client retries (a
          // refused login would end the viewer's login for good, SPEC 4), never left waiting.
          if (isStoreUnavailable(error)) return this.close(CLOSE.storeUnavailable, STORE_UNAVAILABLE);
          console.error('socket login failed:', error);
          this.refuseLogin(500, 'internal error');
        },
      )
      // A bug of ours must not take the process down with it.
      .catch((error: unknown) => console.error('socket login failed:', error));
  }

  private loggedIn(session: Session, frame: Frame): void {
    const { ctx } = this.deps;
    // A simulated drop: no answer, the socket just goes, as on a failing network.
    if (inNetworkDrop(ctx, session.webcastId, session.userId)) return this.close(CLOSE.networkDrop, 'network drop (simulated)');
    this.move('loginAccepted');
    this.session = session;
    // docs/protocol.md 2.1.1: the client can split batched messages.
    if (frame.headers.batch === '1') this.outbox.enableBatching();
    if (frame.headers[THIN_LOGIN_HEADER] === '1') this.thinner = createStreamThinner(session.userId);
    this.client = {
      id: this.deps.id,
      userId: session.userId,
      sessionToken: session.token,
      webcastId: session.webcastId,
      role: session.role,
      acks: this.acks,
      send: (f, delivery) => this.send(f, delivery),
      close: (code, reason) => this.close(code, reason),
    };
    endOtherSessions(ctx, session.userId, session.token).catch((error: unknown) => console.error('ending older sessions failed:', error));
    this.send(encodeFrame({ code: 1100, body: { status: 200, userId: session.userId } }));
    // Listeners (e.g. the connect-mic snapshot 4201) run after 1100 has been queued.
    ctx.clients.add(this.client);
  }

  private refuseLogin(status: number, msg: string): void {
    this.send(encodeFrame({ code: 1100, body: { status, msg } }));
    this.close(CLOSE.loginFailed, 'login refused');
  }

  private acknowledge(code: number, frame: Frame): void {
    const mid = typeof frame.body.mid === 'string' ? frame.body.mid : frame.mid;
    const outcome = this.acks.receive(code, mid, this.deps.ctx.now());
    this.deps.metrics.acks.inc({ code: String(ACK_FOR.get(code) ?? code), outcome });
  }

  private async request(code: number, frame: Frame): Promise<void> {
    const { client, session } = this;
    if (!client || !session) return;
    if (this.inFlight >= MAX_REQUESTS_IN_FLIGHT) {
      return this.reply(frame, { status: 4203, msg: `at most ${MAX_REQUESTS_IN_FLIGHT} requests may await a reply at once` });
    }
    this.inFlight++;
    try {
      const body = await answerRequest(this.deps.ctx, { client, session, code, body: frame.body });
      this.reply(frame, body);
    } finally {
      this.inFlight--;
    }
  }

  private reply(frame: Frame, body: FrameBody): void {
    const code = frame.code ?? 0;
    const status = isPlainObject(body) && typeof body.status === 'number' ? body.status : 0;
    this.deps.metrics.requests.inc({ code: String(code), status: String(status) });
    let text: string;
    try {
      text = encodeFrame({ code: replyCodeFor(code), seq: frame.seq, body });
    } catch (error) {
      console.error(`reply to ${code} cannot be encoded:`, error);
      text = encodeFrame({ code: replyCodeFor(code), seq: frame.seq, body: { status: 500, msg: 'internal error' } });
    }
    this.send(text);
  }

  private closed(): void {
    if (!this.move('socketClosed')) return;
    const { ctx } = this.deps;
    clearTimeout(this.idleTimer);
    this.outbox.stop();
    ctx.metrics.socketsOpen.dec();
    if (this.client) {
      ctx.hub.leaveAll(this.client);
      ctx.clients.remove(this.client);
    }
    this.deps.onClosed(this);
  }
}
