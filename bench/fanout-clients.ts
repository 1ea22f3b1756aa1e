/**
 * The viewers of the server fan-out benchmark, run as a child process of server-fanout.ts
 * so that their CPU is not the server's: N real sockets log in, join one room and, for
 * every chat message (7101) received, count receive time - sendTime per whole ms and check
 * that room offsets arrive in order, one by one. See DecodeMode for how much of each frame
 * is decoded.
 *
 * Protocol with the parent (IPC): parent -> {type: 'start', url, webcastId, sids, expected,
 * timeoutMs}; child -> {type: 'ready'} once every socket has joined, then {type: 'done',
 * clients, cpuMs} when every socket has all `expected` messages or the timeout passed.
 */
import WebSocket from 'ws';
import { decodeFrame, encodeFrame } from '../src/protocol/frame';

/**
 * How a viewer reads a frame: 'full' decodes it with the client codec (header block and
 * JSON body), as the browser's worker does; 'light' checks the push header and reads only
 * sendTime and offset from the body text, so the simulated viewers, which share the
 * server's cores, take as little CPU from it as possible.
 */
export type DecodeMode = 'full' | 'light';

export interface StartMessage {
  readonly type: 'start';
  readonly decode: DecodeMode;
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
  /** Chat messages whose room offset was not the previous one + 1 (lost, repeated or reordered). */
  readonly outOfOrder: number;
  readonly delays: DelayHistogram;
}

/** Delays are counted per ms up to this; a later delivery is counted here (it fails anyway). */
const HISTOGRAM_MAX_MS = 120_000;

export type ChildMessage =
  | { readonly type: 'ready' }
  | { readonly type: 'done'; readonly clients: readonly ClientFigures[]; readonly cpuMs: number }
  | { readonly type: 'failed'; readonly error: string };

const CHAT = 7101;
/** A room message push as the server writes it (roomMessageFrame): the code header only. */
const CHAT_PUSH_PREFIX = `code:${CHAT}\n\n`;
/** Room messages 7101 to 7127 (their code header begins so; no other push does). */
const ROOM_PUSH_PREFIX = 'code:71';

/** The number after `"<key>":` in JSON text (integers only), or NaN. */
function integerAfter(text: string, key: string, from: number): number {
  const at = text.indexOf(key, from);
  if (at < 0) return NaN;
  let i = at + key.length;
  let n = 0;
  let digits = 0;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i) - 48;
    if (c < 0 || c > 9) break;
    n = n * 10 + c;
    digits += 1;
  }
  return digits === 0 ? NaN : n;
}

class Viewer {
  received = 0;
  malformed = 0;
  outOfOrder = 0;
  private lastOffset = -1;
  /** Count per whole ms of delay: recording one never allocates on the hot path. */
  private readonly counts = new Uint32Array(HISTOGRAM_MAX_MS + 1);

  constructor(
    private readonly ws: WebSocket,
    private readonly decode: DecodeMode,
  ) {}

  onFrame(text: string): void {
    const now = Date.now();
    let sendTime: number;
    let offset: number;
    let chat: boolean;
    if (this.decode === 'full') {
      const decoded = decodeFrame(text);
      if (!decoded.ok) {
        this.malformed += 1;
        return;
      }
      const { frame } = decoded;
      if (frame.seq !== 0 || frame.code === null || frame.code < 7101 || frame.code > 7127) return;
      chat = frame.code === CHAT;
      sendTime = typeof frame.body.sendTime === 'number' ? frame.body.sendTime : NaN;
      offset = typeof frame.body.offset === 'number' ? frame.body.offset : NaN;
    } else {
      // Every room message moves the offset (the online count's 7109 too); only chat is timed.
      if (!text.startsWith(ROOM_PUSH_PREFIX)) return;
      chat = text.startsWith(CHAT_PUSH_PREFIX);
      sendTime = chat ? integerAfter(text, '"sendTime":', CHAT_PUSH_PREFIX.length) : NaN;
      // The room log appends webcastId and offset last.
      offset = integerAfter(text, '"offset":', text.length - 24);
    }
    if (!Number.isFinite(offset) || (chat && !Number.isFinite(sendTime))) {
      this.malformed += 1;
      return;
    }
    if (this.lastOffset >= 0 && offset !== this.lastOffset + 1) this.outOfOrder += 1;
    this.lastOffset = offset;
    if (!chat) return;
    const delay = Math.min(HISTOGRAM_MAX_MS, Math.max(0, Math.round(now - sendTime)));
    this.counts[delay] = (this.counts[delay] ?? 0) + 1;
    this.received += 1;
  }

  figures(): ClientFigures {
    const delays: Array<readonly [number, number]> = [];
    this.counts.forEach((count, ms) => {
      if (count > 0) delays.push([ms, count]);
    });
    return { received: this.received, malformed: this.malformed, outOfOrder: this.outOfOrder, delays };
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

async function connect(url: string, sid: string, webcastId: string, decode: DecodeMode): Promise<Viewer> {
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
  const viewer = new Viewer(ws, decode);
  ws.on('message', (data) => viewer.onFrame(data.toString()));
  return viewer;
}

/** Sends to the parent, then lets the process end (disconnecting before the send is flushed would lose it). */
function sendAndLeave(message: ChildMessage): void {
  if (!process.send) return;
  process.send(message, undefined, {}, () => process.disconnect?.());
}

async function run(start: StartMessage): Promise<void> {
  const viewers = await Promise.all(start.sids.map((sid) => connect(start.url, sid, start.webcastId, start.decode)));
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
