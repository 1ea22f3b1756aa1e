/**
 * Three node processes (server/main.ts) as on separate machines (issue 40): each with a data
 * folder of its own, nothing in common but a real Redis and a real PostgreSQL (Debian's, on
 * free ports in a temporary folder), the demo rooms seeded by the first:
 * - rules that must be decided once are, whichever nodes are asked: a lottery ended on two
 *   nodes at once draws one set of winners, the same everywhere; a payment retried on two
 *   nodes with one Idempotency-Key charges once and is shown to the room once;
 * - a node killed mid-burst (SIGKILL): its viewers move to the next node of their list,
 *   rejoin from their last offset and fill the rest with history sync (2401), as the worker
 *   does; every viewer ends with every room message once: 0 lost, 0 duplicated.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { decodeFrame, encodeFrame, framesOfMessage, type Frame } from '../../src/protocol/frame';
import { makeTempDir } from '../testing/harness.js';
import { waitFor } from '../testing/waitFor.js';
import { startNodeProcess, type LocalService, type NodeProcess } from './launch.js';
import { startNginx } from './nginxProcess.js';
import { freePort, startRedis, type RedisProcess } from './redisProcess.js';
import { startPostgres, type PostgresProcess } from './postgresProcess.js';

const ADMIN_TOKEN = 'test-admin-token';
const ROOM = '10001';
let redis: RedisProcess;
let postgres: PostgresProcess;
let nginx: LocalService | null = null;
const nodes: NodeProcess[] = [];

let dir = '';

/** A node as on a machine of its own: its folder, the shared Redis and PostgreSQL. */
const startNode = (name: string, port: number): Promise<NodeProcess> =>
  startNodeProcess({
    name,
    port,
    redisUrl: redis.url,
    databaseUrl: postgres.url,
    dataDir: path.join(dir, `data-${name}`),
    clientDir: path.join(dir, 'no-client'),
    adminToken: ADMIN_TOKEN,
  });

beforeAll(async () => {
  dir = makeTempDir();
  redis = await startRedis(path.join(dir, 'redis'));
  // A folder of its own: the server runs as the postgres account, which cannot enter ours.
  postgres = await startPostgres(makeTempDir(), { throwaway: true });
  for (const name of ['n1', 'n2', 'n3']) nodes.push(await startNode(name, await freePort()));
}, 90_000);

afterAll(async () => {
  await nginx?.stop();
  await Promise.all(nodes.map((n) => n.stop('SIGKILL')));
  await redis?.stop();
  await postgres?.stop();
});

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ code: number; data: Record<string, unknown> }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return (await response.json()) as { code: number; data: Record<string, unknown> };
}

/** A viewer as the worker behaves: one socket, moved to the next address when it is lost, rejoined from the last offset. */
class ResumingViewer {
  /** Offsets received on the socket (live or replayed on a join), with their codes. */
  readonly seen = new Map<number, number>();
  /** Offsets fetched by history sync, which a late live push may still bring: not a duplicate. */
  readonly filled = new Map<number, number>();
  /** Room pushes other than chat, as received. */
  readonly pushes: Frame[] = [];
  duplicates = 0;
  /** The first offsets received twice, for a failure's message. */
  readonly duplicated: number[] = [];
  /** Offsets at which the viewer moved, for a failure's message. */
  readonly movedAt: number[] = [];
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
        this.movedAt.push(this.last);
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
    if (frame.code !== 7101) this.pushes.push(frame);
  }

  private take(offset: number, code: number): void {
    if (this.seen.has(offset)) {
      this.duplicates += 1;
      if (this.duplicated.length < 5) this.duplicated.push(offset);
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
        if (!this.seen.has(m.offset) && !this.filled.has(m.offset)) {
          this.filled.set(m.offset, m.code);
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

async function get(url: string, token: string): Promise<{ code: number; msg: string; data: Record<string, unknown> }> {
  return (await (await fetch(url, { headers: { token, token_type: 'guest' } })).json()) as { code: number; msg: string; data: Record<string, unknown> };
}

/** A named guest of the room (a nickname of their own: lottery entrants need one), logged in through `node`. */
async function namedGuest(node: NodeProcess, name: string): Promise<{ token: string; sid: string; userId: string }> {
  const login = await post(`${node.url}/ccp/monitor/v2/live_login`, { webcastId: ROOM, type: 'guest' }, { 'device-id': `device-${name}` });
  expect(login.code).toBe(200);
  const token = String(login.data.token);
  expect((await get(`${node.url}/ccp/monitor/v2/webcast/user/update_name/${encodeURIComponent(name)}`, token)).code).toBe(200);
  return { token, sid: String(login.data.sid), userId: String(login.data.userId) };
}


describe('rules decided once across nodes', () => {
  it('draws one set of winners when the lottery is ended on two nodes at once, and every node shows it', async () => {
    const viewers: ResumingViewer[] = [];
    const tokens: string[] = [];
    for (let i = 0; i < 6; i++) {
      const home = nodes[i % 3]!;
      const guest = await namedGuest(home, `entrant${i}`);
      tokens.push(guest.token);
      const v = new ResumingViewer(guest.sid, [home.socketUrl]);
      await v.start();
      viewers.push(v);
    }
    const admin = { 'x-admin-token': ADMIN_TOKEN };
    const started = await post(`${nodes[0]!.url}/admin/v1/rooms/${ROOM}/lottery/start`, {}, admin);
    expect(started.code).toBe(200);
    const raffleId = String(started.data.raffleId);
    const [a, b] = await Promise.all([nodes[1]!, nodes[2]!].map((n) => post(`${n.url}/admin/v1/rooms/${ROOM}/lottery/end`, { raffleId }, admin)));
    const ended = [a!, b!].filter((answer) => answer.code === 200);
    expect(ended.length).toBeGreaterThanOrEqual(1);
    const winners = JSON.stringify(ended[0]!.data.winners);
    for (const answer of ended) expect(JSON.stringify(answer.data.winners)).toBe(winners);
    const ends = (v: ResumingViewer) => v.pushes.filter((f) => f.code === 7113 && f.body.raffleId === raffleId && f.body.state === 'end');
    await waitFor(() => viewers.every((v) => ends(v).length >= 1), 'the end push on every node');
    await new Promise((r) => setTimeout(r, 300));
    for (const v of viewers) {
      expect(ends(v)).toHaveLength(1);
      expect(JSON.stringify(ends(v)[0]!.body.winners)).toBe(winners);
    }
    const listed = await Promise.all(nodes.map((n, i) => get(`${n.url}/ccp/handler/v1/raffle/winners?raffleId=${encodeURIComponent(raffleId)}`, tokens[i]!)));
    for (const answer of listed) expect(JSON.stringify(answer.data.winners)).toBe(winners);
    for (const v of viewers) v.stop();
  }, 60_000);

  it('charges a payment retried on two nodes with one Idempotency-Key once, and shows the gift once', async () => {
    const payer = await namedGuest(nodes[0]!, 'payer');
    const watcher = new ResumingViewer((await namedGuest(nodes[2]!, 'watcher')).sid, [nodes[2]!.socketUrl]);
    await watcher.start();
    const key = 'cluster-retry-key-0001';
    const headers = { token: payer.token, token_type: 'guest', 'idempotency-key': key };
    const body = { liveId: ROOM, gift: 'rocket', count: 1, amount: '50.00' };
    const answers = await Promise.all(nodes.slice(0, 2).map((n) => post(`${n.url}/commerce/v1/reward/pay/gift`, body, headers)));
    expect(answers[0]!.code).toBe(200);
    expect(answers[1]).toEqual(answers[0]);
    const gifts = () => watcher.pushes.filter((f) => f.code === 7111 && f.body.uid === payer.userId);
    await waitFor(() => gifts().length >= 1, 'the gift shown');
    await new Promise((r) => setTimeout(r, 300));
    expect(gifts()).toHaveLength(1);
    watcher.stop();
  }, 30_000);
});

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
    // A loaded machine sends the burst late: fill until each viewer holds the whole of it.
    const held = (v: ResumingViewer) => new Map([...v.filled, ...v.seen]);
    const chatOf = (v: ResumingViewer) => [...held(v).entries()].filter(([o, code]) => o > start && code === 7101).length;
    const deadline = Date.now() + 40_000;
    for (;;) {
      await new Promise((r) => setTimeout(r, 500));
      for (const v of viewers) await v.fill(start + 1);
      if (viewers.every((v) => chatOf(v) >= rate * seconds) || Date.now() > deadline) break;
    }

    const chatCounts: number[] = [];
    // What each viewer ended with, for a failure's message.
    const report = viewers
      .map((v, i) => {
        const offsets = [...held(v).keys()].filter((o) => o > start);
        return `viewer ${i}: moves ${v.moves} (at ${v.movedAt.join(', ')}), duplicates ${v.duplicates} (${v.duplicated.join(', ')}), ${v.seen.size} on the socket + ${v.filled.size} by history, offsets ${Math.min(...offsets)}..${Math.max(...offsets)} (${offsets.length}), chat ${chatOf(v)}`;
      })
      .join('\n');
    for (const v of viewers) {
      const all = held(v);
      const offsets = [...all.keys()].filter((o) => o > start).sort((a, b) => a - b);
      // Contiguous from the first message after the start: nothing lost.
      expect(offsets[0], `start ${start}\n${report}`).toBe(start + 1);
      expect(offsets.at(-1)! - offsets[0]! + 1, report).toBe(offsets.length);
      expect(v.duplicates, report).toBe(0);
      chatCounts.push(offsets.filter((o) => all.get(o) === 7101).length);
    }
    // Each viewer holds the whole burst; the two on the killed node moved.
    expect(new Set(chatCounts), report).toEqual(new Set([rate * seconds]));
    expect(viewers.filter((v) => v.moves > 0), report).toHaveLength(2);
    expect(n3.child.exitCode).toBeNull();
    for (const v of viewers) v.stop();
  }, 90_000);
});

describe('PostgreSQL restarted under the nodes', () => {
  const status = async (node: NodeProcess) => ((await (await fetch(`${node.url}/healthz`)).json()) as { data: { status: string } }).data.status;

  it('fails calls at once with 503 and says degraded on every node, then every node serves again with no restart', async () => {
    // The nodes still running (the test above killed one).
    const live = nodes.filter((n) => n.child.exitCode === null && n.child.signalCode === null);
    expect(live.length).toBeGreaterThanOrEqual(2);
    await postgres.stop();
    const started = Date.now();
    const refused = await post(`${live[0]!.url}/ccp/monitor/v2/live_login`, { webcastId: ROOM, type: 'guest', privacyAccepted: true });
    expect(refused.code).toBe(503);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await Promise.all(live.map(status))).toEqual(live.map(() => 'degraded'));

    await postgres.restart();
    for (const node of live) {
      const login = await post(`${node.url}/ccp/monitor/v2/live_login`, { webcastId: ROOM, type: 'guest', privacyAccepted: true });
      expect(login.code, node.name).toBe(200);
    }
    expect(await Promise.all(live.map(status))).toEqual(live.map(() => 'up'));
    // None of them ended on the way.
    expect(live.every((n) => n.child.exitCode === null && n.child.signalCode === null)).toBe(true);
  }, 60_000);
});

describe('Redis restarted under the nodes', () => {
  const health = async (node: NodeProcess) =>
    ((await (await fetch(`${node.url}/healthz`)).json()) as { data: { status: string; cluster: { redisLost: number } } }).data;

  it('says degraded while it is away, and the room works again on every node when it is back, with no restart', async () => {
    const live = nodes.filter((n) => n.child.exitCode === null && n.child.signalCode === null);
    const sender = await namedGuest(live[0]!, 'redisSender');
    const watcher = new ResumingViewer((await namedGuest(live.at(-1)!, 'redisWatcher')).sid, [live.at(-1)!.socketUrl]);
    await watcher.start();
    await redis.stop();
    await waitFor(async () => (await Promise.all(live.map(health))).every((h) => h.status === 'degraded'), 'every node degraded');
    await redis.restart();
    await waitFor(async () => (await Promise.all(live.map(health))).every((h) => h.status === 'up'), 'every node up again', 20_000);
    expect((await health(live[0]!)).cluster.redisLost).toBeGreaterThanOrEqual(1);
    // A message sent through one node after the restart reaches a viewer on another, live:
    // the nodes' subscriptions came back by themselves.
    const senderSocket = new ResumingViewer(sender.sid, [live[0]!.socketUrl]);
    await senderSocket.start();
    const reply = await senderSocket.request(7101, { webcastId: ROOM, body: 'after the restart' });
    expect(reply.status).toBe(200);
    await waitFor(() => watcher.seen.has(Number(reply.offset)), 'the message live on the other node');
    senderSocket.stop();
    watcher.stop();
  }, 60_000);
});

describe('behind nginx (deploy/nginx/webcast-locations.conf)', () => {
  /** The nodes the tests above left running, and the one they killed started again. */
  async function allUp(): Promise<void> {
    for (const [i, node] of nodes.entries()) {
      if (node.child.exitCode === null && node.child.signalCode === null) continue;
      nodes[i] = await startNode(node.name, node.port);
    }
  }

  it("serves a viewer's API calls and socket through one address", async () => {
    await allUp();
    nginx = await startNginx(makeTempDir(), nodes.map((n) => `127.0.0.1:${n.port}`));
    const health = (await (await fetch(`${nginx.url}/healthz`)).json()) as { data: { status: string } };
    expect(health.data.status).toBe('up');
    const login = await post(`${nginx.url}/ccp/monitor/v2/live_login`, { webcastId: ROOM, type: 'guest', name: 'Proxied', privacyAccepted: true });
    expect(login.code).toBe(200);
    const token = String(login.data.token);
    expect((await get(`${nginx.url}/ccp/monitor/v2/webcast/${ROOM}`, token)).code).toBe(200);
    const viewer = new ResumingViewer(String(login.data.sid), [`${nginx.url.replace('http', 'ws')}/ws`]);
    await viewer.start();
    const reply = await viewer.request(7101, { webcastId: ROOM, body: 'through the proxy' });
    expect(reply.status).toBe(200);
    await waitFor(() => viewer.seen.has(Number(reply.offset)), 'the message back on the socket');
    viewer.stop();
  }, 60_000);

  it('loses nothing when every node is restarted in turn (one of them killed) during a stream of messages', async () => {
    const proxy = nginx!;
    const viewers: ResumingViewer[] = [];
    for (let i = 0; i < 6; i++) {
      const login = await post(`${proxy.url}/ccp/monitor/v2/live_login`, { webcastId: ROOM, type: 'guest', privacyAccepted: true }, { 'device-id': `rolling-${i}` });
      expect(login.code).toBe(200);
      viewers.push(new ResumingViewer(String(login.data.sid), [`${proxy.url.replace('http', 'ws')}/ws`]));
    }
    const start = Math.max(...(await Promise.all(viewers.map((v) => v.start()))));

    // The host's messages, sent through the proxy by 6 senders at once until the restarts end.
    let restarting = true;
    const said: number[] = [];
    let refused = 0;
    const sender = async (n: number) => {
      for (let i = 0; restarting; i++) {
        const answer = await post(`${proxy.url}/admin/v1/rooms/${ROOM}/say`, { text: `rolling ${n}-${i}`, role: 'host' }, { 'x-admin-token': ADMIN_TOKEN }).catch(() => null);
        if (answer?.code === 200) said.push(Number(answer.data.offset));
        else refused += 1;
      }
    };
    const senders = Promise.all([0, 1, 2, 3, 4, 5].map(sender));
    for (const [i, node] of nodes.entries()) {
      await new Promise((r) => setTimeout(r, 700));
      // A clean stop: its sockets are told to go (1001) and come back through the proxy. The
      // second node crashes instead (SIGKILL): its sockets just drop, and come back the same way.
      await node.stop(i === 1 ? 'SIGKILL' : 'SIGTERM');
      nodes[i] = await startNode(node.name, node.port);
    }
    await new Promise((r) => setTimeout(r, 700));
    restarting = false;
    await senders;

    const held = (v: ResumingViewer) => new Map([...v.filled, ...v.seen]);
    const last = Math.max(...said);
    const deadline = Date.now() + 30_000;
    for (;;) {
      for (const v of viewers) await v.fill(start + 1);
      if (viewers.every((v) => held(v).has(last)) || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 300));
    }
    const report = viewers.map((v, i) => `viewer ${i}: moves ${v.moves}, duplicates ${v.duplicates}, held ${held(v).size}`).join('\n');
    expect(said.length, `said ${said.length}, refused ${refused}`).toBeGreaterThan(50);
    for (const v of viewers) {
      const offsets = [...held(v).keys()].filter((o) => o > start).sort((a, b) => a - b);
      // Contiguous from the first message after the start to the last said: nothing lost.
      expect(offsets[0], report).toBe(start + 1);
      expect(offsets.at(-1)! - offsets[0]! + 1, report).toBe(offsets.length);
      for (const offset of said) expect(held(v).has(offset), `offset ${offset}\n${report}`).toBe(true);
      expect(v.duplicates, report).toBe(0);
      // Every viewer's socket was on a node that restarted: each moved at least once.
      expect(v.moves, report).toBeGreaterThanOrEqual(1);
    }
    for (const v of viewers) v.stop();
  }, 120_000);
});
