/**
 * A node killed mid-burst (SIGKILL, three node processes on a real Redis): its viewers move
 * to the next node of their list, rejoin from their last offset and fill the rest with
 * history sync (2401), as the worker does; every viewer ends with every room message once:
 * 0 lost, 0 duplicated.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { decodeFrame, encodeFrame, framesOfMessage, type Frame } from '../../src/realtime/frame';
import { makeTempDir } from '../testing/harness.js';
import { startNodeProcess, type NodeProcess } from './launch.js';
import { freePort, startRedis, type RedisProcess } from './redisProcess.js';

const ADMIN_TOKEN = 'test-admin-token';
const ROOM = '10001';
let redis: RedisProcess;
const nodes: NodeProcess[] = [];

beforeAll(async () => {
  const dir = makeTempDir();
  redis = await startRedis(path.join(dir, 'redis'));
  for (const name of ['n1', 'n2', 'n3']) {
    nodes.push(await startNodeProcess({ name, port: await freePort(), redisUrl: redis.url, dataDir: path.join(dir, 'data'), clientDir: path.join(dir, 'no-client'), adminToken: ADMIN_TOKEN }));
  }
}, 90_000);

afterAll(async () => {
  await Promise.all(nodes.map((n) => n.stop('SIGKILL')));
  await redis?.stop();
});

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ code: number; data: Record<string, unknown> }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return (await response.json()) as { code: number; data: Record<string, unknown> };
}

/** A viewer as the worker behaves: one socket, moved to the next address when it is lost, rejoined from the last offset. */
class ResumingViewer {
  readonly seen = new Map<number, number>();
  duplicates = 0;
  moves = 0;
  last = 0;
  private index = 0;
  private socket: WebSocket | null = null;
  private seq = 1;
  private readonly replies = new Map<number, (body: Record<string, unknown>) => void>();
  private stopped = false;

  constructor(
    private readonly sid: string,
    private readonly addresses: readonly string[],
  ) {}

  async start(): Promise<number> {
    return this.connect();
  }

  private connect(): Promise<number> {
    const ws = new WebSocket(this.addresses[this.index % this.addresses.length]!);
    this.socket = ws;
    return new Promise((resolve, reject) => {
      ws.on('error', () => undefined);
      ws.on('open', () => ws.send(encodeFrame({ headers: { cmd: 'login', sid: this.sid, aid: '100' }, body: {} })));
      ws.on('message', (data) => {
        for (const text of framesOfMessage(data.toString())) {
          const decoded = decodeFrame(text);
          if (!decoded.ok) continue;
          this.receive(decoded.frame, resolve, reject);
        }
      });
      ws.on('close', () => {
        if (this.socket !== ws || this.stopped) return;
        this.moves += 1;
        this.index += 1;
        setTimeout(() => void this.connect().catch(() => undefined), 200);
      });
    });
  }

  private receive(frame: Frame, joined: (latest: number) => void, failed: (e: Error) => void): void {
    if (frame.code === 1100) {
      if (frame.body.status !== 200) return failed(new Error(`login refused: ${JSON.stringify(frame.body)}`));
      void this.request(7001, { webcastId: ROOM, offset: this.last }).then((reply) => joined(Number(reply.offset)));
      return;
    }
    if (frame.seq > 0) {
      this.replies.get(frame.seq)?.(frame.body);
      this.replies.delete(frame.seq);
      return;
    }
    if (frame.body.webcastId === ROOM && typeof frame.body.offset === 'number') this.take(frame.body.offset, frame.code ?? 0);
  }

  private take(offset: number, code: number): void {
    if (this.seen.has(offset)) {
      this.duplicates += 1;
      return;
    }
    this.seen.set(offset, code);
    this.last = Math.max(this.last, offset);
  }

  request(code: number, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const seq = this.seq++;
    return new Promise((resolve) => {
      this.replies.set(seq, resolve);
      this.socket?.send(encodeFrame({ code, seq, body }));
    });
  }

  /** Fetches every offset from `from` to the room's newest it does not hold, by history sync. */
  async fill(from: number): Promise<number> {
    let filled = 0;
    let after = from - 1;
    for (;;) {
      const reply = await this.request(2401, { webcastId: ROOM, after, limit: 500 });
      const messages = (reply.messages ?? []) as { offset: number; code: number }[];
      if (messages.length === 0) return filled;
      for (const m of messages) {
        if (!this.seen.has(m.offset)) {
          this.seen.set(m.offset, m.code);
          filled += 1;
        }
      }
      after = messages.at(-1)!.offset;
    }
  }

  stop(): void {
    this.stopped = true;
    this.socket?.close();
  }
}

describe('a node killed mid-burst', () => {
  it("moves its viewers to another node, where they resume: every viewer holds every message once", async () => {
    const [n1, n2, n3] = nodes as [NodeProcess, NodeProcess, NodeProcess];
    const viewers: ResumingViewer[] = [];
    for (let i = 0; i < 6; i++) {
      const login = await post(`${n1.url}/ccp/monitor/v2/live_login`, { webcastId: ROOM, type: 'guest' }, { 'device-id': `failover-device-${i}` });
      expect(login.code).toBe(200);
      const home = nodes[i % 3]!;
      const order = [home, ...nodes.filter((n) => n !== home)].map((n) => n.socketUrl);
      viewers.push(new ResumingViewer(String(login.data.sid), order));
    }
    const starts = await Promise.all(viewers.map((v) => v.start()));
    const start = Math.max(...starts);

    const rate = 1500;
    const seconds = 4;
    const burst = await post(`${n1.url}/admin/v1/rooms/${ROOM}/burst`, { rate, seconds, users: 50 }, { 'x-admin-token': ADMIN_TOKEN });
    expect(burst.code).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    await n2.stop('SIGKILL');
    await new Promise((r) => setTimeout(r, (seconds - 1.5) * 1000 + 1500));

    const chatCounts: number[] = [];
    for (const v of viewers) {
      await v.fill(start + 1);
      const offsets = [...v.seen.keys()].filter((o) => o > start).sort((a, b) => a - b);
      // Contiguous from the first message after the start: nothing lost.
      expect(offsets[0]).toBe(start + 1);
      expect(offsets.at(-1)! - offsets[0]! + 1).toBe(offsets.length);
      expect(v.duplicates).toBe(0);
      chatCounts.push(offsets.filter((o) => v.seen.get(o) === 7101).length);
    }
    // Each viewer holds the whole burst; the two on the killed node moved.
    expect(new Set(chatCounts)).toEqual(new Set([rate * seconds]));
    expect(viewers.filter((v) => v.moves > 0)).toHaveLength(2);
    expect(n3.child.exitCode).toBeNull();
    for (const v of viewers) v.stop();
  }, 60_000);
});
