/**
 * The viewers of the server fan-out benchmark, run as a child process of server-fanout.ts
 * so that their CPU is not the server's: N real sockets log in, join one room and, for
 * every chat message (7101) received, count receive time - sendTime per whole ms. Frames are decoded
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

/** Delivery delays (receive - sendTime) in whole ms: [delay, how many], ascending. */
export type DelayHistogram = ReadonlyArray<readonly [number, number]>;

export interface ClientFigures {
  readonly received: number;
  readonly malformed: number;
  readonly delays: DelayHistogram;
}

/** Delays are counted per ms up to this; a later delivery is counted here (it fails anyway). */
const HISTOGRAM_MAX_MS = 120_000;

export type ChildMessage =
  | { readonly type: 'ready' }
  | { readonly type: 'done'; readonly clients: readonly ClientFigures[]; readonly cpuMs: number }
  | { readonly type: 'failed'; readonly error: string };

const CHAT = 7101;

class Viewer {
  received = 0;
  malformed = 0;
  /** Count per whole ms of delay: recording one never allocates on the hot path. */
  private readonly counts = new Uint32Array(HISTOGRAM_MAX_MS + 1);

  constructor(private readonly ws: WebSocket) {}

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
    const delay = Math.min(HISTOGRAM_MAX_MS, Math.max(0, Math.round(Date.now() - sendTime)));
    this.counts[delay] = (this.counts[delay] ?? 0) + 1;
    this.received += 1;
  }

  figures(): ClientFigures {
    const delays: Array<readonly [number, number]> = [];
    this.counts.forEach((count, ms) => {
      if (count > 0) delays.push([ms, count]);
    });
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

async function connect(url: string, sid: string, webcastId: string): Promise<Viewer> {
  // UTF-8 is checked by the codec's JSON.parse anyway; the server does the same (skipUTF8Validation).
  const ws = new WebSocket(url, { perMessageDeflate: false, skipUTF8Validation: true });
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
  const viewer = new Viewer(ws);
  ws.on('message', (data) => viewer.onFrame(data.toString()));
  return viewer;
}

/** Sends to the parent, then lets the process end (disconnecting before the send is flushed would lose it). */
function sendAndLeave(message: ChildMessage): void {
  if (!process.send) return;
  process.send(message, undefined, {}, () => process.disconnect?.());
}

async function run(start: StartMessage): Promise<void> {
  const viewers = await Promise.all(start.sids.map((sid) => connect(start.url, sid, start.webcastId)));
  const cpuBefore = process.cpuUsage();
  process.send?.({ type: 'ready' } satisfies ChildMessage);
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
  sendAndLeave({ type: 'done', clients: viewers.map((v) => v.figures()), cpuMs: (cpu.user + cpu.system) / 1000 });
}

process.on('message', (message: StartMessage) => {
  if (message.type !== 'start') return;
  run(message).catch((error: unknown) => sendAndLeave({ type: 'failed', error: error instanceof Error ? error.message : String(error) }));
});
