/**
 * The viewers of the server fan-out benchmark, run as a child process of server-fanout.ts
 * so that their CPU is not the server's: N real sockets log in, join one room and, for
 * every chat message (7101) received, record receive time - sendTime. Frames are decoded
 * with the client's own codec (src/realtime/frame), as a browser would.
 *
 * Protocol with the parent (IPC): parent -> {type: 'start', url, webcastId, sids, expected,
 * timeoutMs}; child -> {type: 'ready'} once every socket has joined, then {type: 'done',
 * clients, cpuMs} when every socket has all `expected` messages or the timeout passed.
 */
import WebSocket from 'ws';
import { decodeFrame, encodeFrame } from '../src/realtime/frame';

export interface StartMessage {
  readonly type: 'start';
  readonly url: string;
  readonly webcastId: string;
  readonly sids: readonly string[];
  readonly expected: number;
  readonly timeoutMs: number;
}

export interface ClientFigures {
  readonly received: number;
  readonly malformed: number;
  /** Delivery delays in ms (receive - sendTime), sorted ascending. */
  readonly delays: number[];
}

export type ChildMessage =
  | { readonly type: 'ready' }
  | { readonly type: 'done'; readonly clients: readonly ClientFigures[]; readonly cpuMs: number }
  | { readonly type: 'failed'; readonly error: string };

const CHAT = 7101;

class Viewer {
  received = 0;
  malformed = 0;
  /** Preallocated so recording a delay never allocates on the hot path. */
  private delays: Float64Array;

  constructor(
    private readonly ws: WebSocket,
    capacity: number,
  ) {
    this.delays = new Float64Array(capacity);
  }

  onFrame(text: string): void {
    const decoded = decodeFrame(text);
    if (!decoded.ok) {
      this.malformed += 1;
      return;
    }
    const { frame } = decoded;
    if (frame.code !== CHAT || frame.seq !== 0) return;
    const sendTime = frame.body.sendTime;
    if (typeof sendTime !== 'number') return;
    if (this.received === this.delays.length) {
      const bigger = new Float64Array(this.delays.length * 2);
      bigger.set(this.delays);
      this.delays = bigger;
    }
    this.delays[this.received] = Date.now() - sendTime;
    this.received += 1;
  }

  figures(): ClientFigures {
    const delays = Array.from(this.delays.subarray(0, this.received)).sort((a, b) => a - b);
    return { received: this.received, malformed: this.malformed, delays };
  }

  close(): void {
    this.ws.close();
  }
}

function waitForReply(ws: WebSocket, code: number, match: (body: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${code} within 10 s`)), 10_000);
    const listener = (data: WebSocket.RawData) => {
      const decoded = decodeFrame(data.toString());
      if (decoded.ok && decoded.frame.code === code && match(decoded.frame.body)) {
        clearTimeout(timer);
        ws.off('message', listener);
        resolve(decoded.frame.body);
      }
    };
    ws.on('message', listener);
  });
}

async function connect(url: string, sid: string, webcastId: string, capacity: number): Promise<Viewer> {
  const ws = new WebSocket(url, { perMessageDeflate: false });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const login = waitForReply(ws, 1100, () => true);
  ws.send(encodeFrame({ headers: { cmd: 'login', aid: 100, sid }, body: {} }));
  const loggedIn = await login;
  if (loggedIn.status !== 200) throw new Error(`login refused: ${JSON.stringify(loggedIn)}`);
  const joined = waitForReply(ws, 7000, () => true);
  ws.send(encodeFrame({ code: 7001, seq: 1, body: { webcastId, offset: 0 } }));
  const joinReply = await joined;
  if (joinReply.status !== 200) throw new Error(`join refused: ${JSON.stringify(joinReply)}`);
  const viewer = new Viewer(ws, capacity);
  ws.on('message', (data) => viewer.onFrame(data.toString()));
  return viewer;
}

function send(message: ChildMessage): void {
  process.send?.(message);
}

async function run(start: StartMessage): Promise<void> {
  const viewers = await Promise.all(start.sids.map((sid) => connect(start.url, sid, start.webcastId, start.expected)));
  const cpuBefore = process.cpuUsage();
  send({ type: 'ready' });
  const deadline = Date.now() + start.timeoutMs;
  await new Promise<void>((resolve) => {
    const poll = setInterval(() => {
      if (viewers.every((v) => v.received >= start.expected) || Date.now() > deadline) {
        clearInterval(poll);
        resolve();
      }
    }, 50);
  });
  const cpu = process.cpuUsage(cpuBefore);
  for (const v of viewers) v.close();
  send({ type: 'done', clients: viewers.map((v) => v.figures()), cpuMs: (cpu.user + cpu.system) / 1000 });
}

process.on('message', (message: StartMessage) => {
  if (message.type !== 'start') return;
  run(message).then(
    () => process.disconnect?.(),
    (error: unknown) => {
      send({ type: 'failed', error: error instanceof Error ? error.message : String(error) });
      process.disconnect?.();
    },
  );
});
