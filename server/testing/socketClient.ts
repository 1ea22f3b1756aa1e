/**
 * A promise-based realtime socket client for tests (real ws over loopback): log in, send
 * requests and wait for their replies by seq, wait for pushes by code. Every frame
 * received is kept in order in `frames`.
 */
import WebSocket from 'ws';
import { decodeFrame, encodeFrame, framesOfMessage, type Frame, type FrameBody } from '../../src/protocol/frame';
import { SOCKET_PATH } from '../socket/url.js';

const DEFAULT_TIMEOUT_MS = 5000;

interface Waiter {
  readonly match: (frame: Frame) => boolean;
  readonly resolve: (frame: Frame) => void;
}

export interface Closed {
  readonly code: number;
  readonly reason: string;
}

/** Login frame headers a client opts into (docs/protocol.md 5.2): batched messages, a thinned stream. */
export interface LoginOptions {
  readonly batch?: boolean;
  readonly thin?: boolean;
}

export const socketUrlOf = (httpUrl: string): string => httpUrl.replace(/^http/, 'ws') + SOCKET_PATH;

export class TestSocket {
  /** Every frame received, in order. */
  readonly frames: Frame[] = [];
  /** WebSocket messages received: fewer than frames when the server batches (login `batch`). */
  messages = 0;
  private readonly unclaimed: Frame[] = [];
  private waiters: Waiter[] = [];
  /** Our own seqs start high, so replies to raw frames a test sends (small seqs) never match. */
  private nextSeq = 1_000_001;
  private closedInfo: Closed | null = null;
  private readonly closeWaiters: Array<(c: Closed) => void> = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      this.messages += 1;
      for (const text of framesOfMessage(Buffer.isBuffer(data) ? data.toString('utf8') : String(data))) this.receive(text);
    });
    ws.on('close', (code, reason) => {
      this.closedInfo = { code, reason: reason.toString() };
      for (const w of this.closeWaiters.splice(0)) w(this.closedInfo);
    });
    ws.on('error', () => undefined);
  }

  private receive(text: unknown): void {
    const decoded = decodeFrame(text);
    if (!decoded.ok) throw new Error(`server sent a malformed frame: ${decoded.reason}`);
    this.frames.push(decoded.frame);
    const waiter = this.waiters.find((w) => w.match(decoded.frame));
    if (waiter) {
      this.waiters = this.waiters.filter((w) => w !== waiter);
      waiter.resolve(decoded.frame);
    } else {
      this.unclaimed.push(decoded.frame);
    }
  }

  /** Opens a socket without logging in. */
  static open(httpUrl: string): Promise<TestSocket> {
    const ws = new WebSocket(socketUrlOf(httpUrl));
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new TestSocket(ws)));
      ws.once('error', reject);
    });
  }

  /** Opens a socket and logs in with `sid`; rejects unless push 1100 says status 200. */
  static async connect(httpUrl: string, sid: string, options: LoginOptions = {}): Promise<TestSocket> {
    const socket = await TestSocket.open(httpUrl);
    const answer = await socket.login(sid, 100, options);
    if (answer.status !== 200) throw new Error(`socket login refused: ${JSON.stringify(answer)}`);
    return socket;
  }

  /** Sends the login frame and returns the body of push 1100. */
  async login(sid: string, aid: string | number = 100, options: LoginOptions = {}): Promise<FrameBody> {
    const headers: Record<string, string | number> = { cmd: 'login', aid, sid };
    if (options.batch === true) headers.batch = 1;
    if (options.thin === true) headers.thin = 1;
    this.sendRaw(encodeFrame({ headers, body: {} }));
    return (await this.nextPush(1100)).body;
  }

  sendRaw(data: string | Buffer, binary = false): void {
    this.ws.send(data, { binary });
  }

  /** Sends a push-like frame (no seq), e.g. an acknowledgement. */
  push(code: number, body: FrameBody = {}): void {
    this.sendRaw(encodeFrame({ code, body }));
  }

  /** Sends a request and resolves with its reply body (code - 1, same seq). */
  async request(code: number, body: FrameBody = {}, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<FrameBody> {
    const seq = this.nextSeq++;
    const reply = this.waitFor((f) => f.seq === seq && f.code === code - 1, timeoutMs, `reply to ${code} seq ${seq}`, false);
    this.sendRaw(encodeFrame({ code, seq, body }));
    return (await reply).body;
  }

  /** The next frame with this code (and no seq) not yet claimed, waiting for it if needed. */
  nextPush(code: number, timeoutMs = DEFAULT_TIMEOUT_MS, where: (body: FrameBody) => boolean = () => true): Promise<Frame> {
    return this.waitFor((f) => f.code === code && f.seq === 0 && where(f.body), timeoutMs, `push ${code}`);
  }

  /** Frames with this code received so far. */
  received(code: number): Frame[] {
    return this.frames.filter((f) => f.code === code);
  }

  /** The first frame matching, among those received but not yet claimed (when `earlier`) or to come. */
  private waitFor(match: (f: Frame) => boolean, timeoutMs: number, what: string, earlier = true): Promise<Frame> {
    const index = earlier ? this.unclaimed.findIndex(match) : -1;
    if (index >= 0) return Promise.resolve(this.unclaimed.splice(index, 1)[0]!);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`timed out waiting for ${what}`));
      }, timeoutMs);
      const waiter: Waiter = {
        match,
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f);
        },
      };
      this.waiters.push(waiter);
    });
  }

  /** Resolves when the server (or we) closed the socket. */
  closed(timeoutMs = DEFAULT_TIMEOUT_MS): Promise<Closed> {
    if (this.closedInfo) return Promise.resolve(this.closedInfo);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('timed out waiting for the socket to close')), timeoutMs);
      this.closeWaiters.push((c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
  }

  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  close(): void {
    this.ws.close();
  }
}
