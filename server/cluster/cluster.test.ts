/**
 * Three nodes on one real Redis (Debian's redis-server, started for the test) and one
 * shared store folder: offsets stay gapless across nodes, every viewer gets every message
 * once and in order whichever node published it, history sync answers from any node, the
 * online count is the whole room's, a login on one node ends the socket on another (9004),
 * and a Redis restart is seen in /healthz and recovered from.
 */
import { sql } from 'kysely';
import { rowOf, run } from '../testing/storeRows.js';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Frame } from '../../src/protocol/frame';
import { loadServerConfig } from '../config.js';
import { startServer, type RunningServer } from '../server.js';
import { makeTempDir } from '../testing/harness.js';
import { addRoom, loginAs } from '../testing/roomFixtures.js';
import { TestSocket } from '../testing/socketClient.js';
import { waitFor } from '../testing/waitFor.js';
import { createRealtimeRoutes } from '../socket/realtimeRoutes.js';
import { clientRoutes } from '../routes/client.js';
import { countsRoutes } from '../live/countsRoutes.js';
import { startRedis, type RedisProcess } from './redisProcess.js';
import { RedisOnlineCounts } from './redisOnline.js';
import { roomChannel, roomKey } from './redisRoomLog.js';
import { COUNT_STALE_MS } from './clusterHub.js';
import { Redis } from 'ioredis';
import { CLOSE } from '../socket/closeCodes.js';
import { endSessionsInRoom } from '../socket/sessionsEnd.js';
import { CALL_ROOM } from '../mic/callRoom.js';
import { NodeBus } from './nodeBus.js';

const ROOM = '30001';
const MIC_GRACE_MS = 300;
let redis: RedisProcess;
let dataDir: string;
const nodes: RunningServer[] = [];
const sockets: TestSocket[] = [];

async function startNode(name: string): Promise<RunningServer> {
  const config = { ...loadServerConfig({}, process.cwd()), host: '127.0.0.1', port: 0, dataDir, adminToken: 'test-admin-token', redisUrl: redis.url, nodeId: name };
  const node = await startServer(config, { processMetrics: false, routes: [createRealtimeRoutes({ mic: { reconnectGraceMs: MIC_GRACE_MS } }), clientRoutes, countsRoutes] });
  nodes.push(node);
  return node;
}

beforeAll(async () => {
  const dir = makeTempDir();
  dataDir = path.join(dir, 'data');
  redis = await startRedis(path.join(dir, 'redis'));
  for (const name of ['n1', 'n2', 'n3']) await startNode(name);
  await addRoom(nodes[0]!.ctx, ROOM);
}, 30_000);

afterAll(async () => {
  for (const s of sockets.splice(0)) s.close();
  for (const node of nodes.splice(0)) await node.close();
  await redis.stop();
});

async function viewer(node: RunningServer, uid: string, offset = 0): Promise<TestSocket> {
  const session = await loginAs(node.ctx, uid, ROOM);
  const socket = await TestSocket.connect(node.url, session.sid);
  sockets.push(socket);
  await socket.request(7001, { webcastId: ROOM, offset });
  return socket;
}

/**
 * A chat message appended to the room's log as the append script does, but not published:
 * `publish` sends its channel message later (or never, as when Redis cut a slow subscriber).
 */
/**
 * Takes the next offset and appends at it in one script, as the nodes do (redisRoomLog.ts):
 * two commands would let a node's own append (a 7109 count after a join) take a later offset
 * and reach the stream first, and this XADD would then be refused as older than the top.
 */
const APPEND_AT_NEXT_OFFSET = `
local offset = redis.call('INCR', KEYS[1])
local body = (string.gsub(ARGV[1], '"offset":0', '"offset":' .. offset))
redis.call('XADD', KEYS[2], '0-' .. offset, 'c', '7101', 'b', body, 't', ARGV[2])
return offset`;

async function appendUnpublished(writer: Redis, msgId: string): Promise<{ offset: number; publish(): Promise<unknown> }> {
  const epoch = await writer.get(roomKey(ROOM, 'epoch'));
  const t = String(Date.now());
  const template = JSON.stringify({ msgId, body: msgId, webcastId: ROOM, offset: 0 });
  const offset = Number(await writer.eval(APPEND_AT_NEXT_OFFSET, 2, roomKey(ROOM, 'off'), roomKey(ROOM, 'log'), template, t));
  const body = JSON.stringify({ msgId, body: msgId, webcastId: ROOM, offset });
  return { offset, publish: () => writer.publish(roomChannel(ROOM), `${epoch}|${offset}|7101|${t}|${body}`) };
}

const chatOffsets = (frames: readonly Frame[], from = 0): number[] =>
  frames.filter((f) => f.code === 7101 && Number(f.body.offset) > from).map((f) => Number(f.body.offset));


describe('a room on three nodes', () => {
  it('gives every viewer on every node each message once, in offset order, whichever node published it', async () => {
    const viewers = await Promise.all(nodes.flatMap((node, n) => [viewer(node, `v${n}a`), viewer(node, `v${n}b`)]));
    const start = (await nodes[0]!.ctx.hub.send(ROOM, 7101, { msgId: 'start', body: 'start' })).offset;
    const sent: Promise<unknown>[] = [];
    for (let i = 0; i < 600; i++) sent.push(nodes[i % 3]!.ctx.hub.send(ROOM, 7101, { msgId: `m${i}`, body: `message ${i}` }));
    const offsets = ((await Promise.all(sent)) as { offset: number }[]).map((m) => m.offset).sort((a, b) => a - b);
    // One offset each, after the first; not always contiguous: a count push (7109) of the
    // joins above may still be appended among them.
    expect(new Set(offsets).size).toBe(600);
    expect(offsets[0]).toBeGreaterThan(start);
    for (const v of viewers) await waitFor(() => chatOffsets(v.frames, start).length >= 600, 'every message');
    for (const v of viewers) expect(chatOffsets(v.frames, start)).toEqual(offsets);
  });

  it('reads back from the stream what its subscription missed, and gives it out in order before what follows', async () => {
    const v = await viewer(nodes[1]!, 'gap-viewer');
    const before = (await nodes[0]!.ctx.hub.send(ROOM, 7101, { msgId: 'gap-before', body: 'before' })).offset;
    await waitFor(() => chatOffsets(v.frames).includes(before), 'the first message');
    // A message in the log whose channel message never arrived (as when Redis cuts a slow subscriber).
    const writer = new Redis(redis.url);
    const { offset: lost } = await appendUnpublished(writer, 'gap-lost');
    writer.disconnect();
    const after = (await nodes[2]!.ctx.hub.send(ROOM, 7101, { msgId: 'gap-after', body: 'after' })).offset;
    await waitFor(() => chatOffsets(v.frames).includes(after), 'the message after the gap');
    expect(chatOffsets(v.frames, before - 1)).toEqual([before, lost, after]);
  });

  it('does not send a joiner again what its replay read before the node heard it on the channel', async () => {
    const member = await viewer(nodes[1]!, 'late-channel-member');
    const before = (await nodes[0]!.ctx.hub.send(ROOM, 7101, { msgId: 'late-before', body: 'before' })).offset;
    await waitFor(() => chatOffsets(member.frames).includes(before), 'the first message');
    // In the stream already, its channel message still on its way (the replay and the channel are two connections).
    const writer = new Redis(redis.url);
    const { offset: late, publish } = await appendUnpublished(writer, 'late-channel');
    const joiner = await viewer(nodes[1]!, 'late-channel-joiner', before);
    expect(chatOffsets(joiner.frames)).toEqual([late]);
    await publish();
    writer.disconnect();
    const after = (await nodes[2]!.ctx.hub.send(ROOM, 7101, { msgId: 'late-after', body: 'after' })).offset;
    await waitFor(() => chatOffsets(joiner.frames).includes(after) && chatOffsets(member.frames).includes(after), 'the message after');
    expect(chatOffsets(joiner.frames)).toEqual([late, after]);
    expect(chatOffsets(member.frames, before - 1)).toEqual([before, late, after]);
  });

  it('answers history sync (2401) from any node, and replays on join from the shared log', async () => {
    const latest = (await nodes[1]!.ctx.hub.send(ROOM, 7101, { msgId: 'h', body: 'history' })).offset;
    const late = await viewer(nodes[2]!, 'late', latest - 5);
    // Room messages of any kind (a 7109 count push may be among the last five), not replies.
    const replayed = () => late.frames.filter((f) => f.seq === 0).map((f) => Number(f.body.offset)).filter((o) => o > latest - 5 && o <= latest);
    await waitFor(() => replayed().length >= 5, 'the replay');
    expect(replayed()).toEqual([latest - 4, latest - 3, latest - 2, latest - 1, latest]);
    const reply = await late.request(2401, { webcastId: ROOM, after: latest - 3, limit: 2 });
    expect((reply.messages as { offset: number }[]).map((m) => m.offset)).toEqual([latest - 2, latest - 1]);
  });

  it('counts the room online over all nodes, in Redis: the same figure on every node, a node that stopped writing left out', async () => {
    const counts = () => Promise.all(nodes.map((n) => n.ctx.hub.onlineCount(ROOM)));
    // Nodes write their counts a moment after they change: wait until all three agree.
    let now: number[] = [];
    await waitFor(async () => new Set((now = await counts())).size === 1, 'the nodes to agree');
    // Every socket the tests above opened is still in the room.
    expect(now[0]).toBe(sockets.length);
    const watcher = await viewer(nodes[0]!, 'counted-0');
    await viewer(nodes[1]!, 'counted-1');
    await viewer(nodes[2]!, 'counted-2');
    const total = sockets.length;
    await waitFor(async () => (now = await counts()).every((n) => n === total), 'the counts of every node');
    // The count pushed to the room (7109) is the whole room's, whichever node pushes it.
    await waitFor(() => watcher.frames.some((f) => f.code === 7109 && f.body.online === total), 'the whole room in the 7109 push');

    // A node that wrote its members, counted while it keeps writing...
    const writer = new Redis(redis.url);
    await new RedisOnlineCounts(writer, 'silent-node', COUNT_STALE_MS).write({ [ROOM]: 5 });
    expect(await Promise.all(nodes.map((n) => n.ctx.hub.onlineCount(ROOM)))).toEqual([total + 5, total + 5, total + 5]);
    // ...and then silent for longer than COUNT_STALE_MS: a node's heartbeat finds it, removes
    // it and pushes the room the count without it.
    const [seconds] = await writer.time();
    await writer.hset(roomKey(ROOM, 'online'), 'silent-node', `5:${Number(seconds) * 1000 - COUNT_STALE_MS - 1000}`);
    const pushes = watcher.frames.filter((f) => f.code === 7109).length;
    await waitFor(async () => (await writer.hexists(roomKey(ROOM, 'online'), 'silent-node')) === 0, 'the silent node removed');
    expect(await Promise.all(nodes.map((n) => n.ctx.hub.onlineCount(ROOM)))).toEqual([total, total, total]);
    await waitFor(() => watcher.frames.filter((f) => f.code === 7109).length > pushes, 'a push after the silent node was removed');
    expect(watcher.frames.filter((f) => f.code === 7109).at(-1)!.body.online).toBe(total);
    writer.disconnect();
  });

  it('ends the older login of an account on another node with 9004', async () => {
    const first = await viewer(nodes[0]!, 'twice');
    const pushed = first.nextPush(9004);
    const second = await loginAs(nodes[1]!.ctx, 'twice', ROOM);
    const socket = await TestSocket.connect(nodes[1]!.url, second.sid);
    sockets.push(socket);
    expect((await pushed).body.status).toBe(4005);
    expect((await first.closed()).code).toBe(4005);
  });

  it('reaches a socket on another node: a host on one node invites a viewer on another to the mic, and hears the answer', async () => {
    const viewerSession = await loginAs(nodes[1]!.ctx, 'mic-viewer', ROOM, { nameChanged: true });
    const viewerSocket = await TestSocket.connect(nodes[1]!.url, viewerSession.sid);
    sockets.push(viewerSocket);
    await viewerSocket.request(7001, { webcastId: ROOM, offset: 0 });
    const hostSocket = await TestSocket.connect(nodes[0]!.url, (await loginAs(nodes[0]!.ctx, 'mic-host', ROOM, { role: 6 })).sid);
    sockets.push(hostSocket);
    await hostSocket.request(7001, { webcastId: ROOM, offset: 0 });
    await waitFor(() => nodes[0]!.ctx.clients.ofUserInRoom('mic-viewer', ROOM).length === 1 && nodes[1]!.ctx.clients.ofUserInRoom('mic-host', ROOM).length === 1, 'the nodes to know each other\'s sockets');

    expect(await hostSocket.request(4133, { webcastId: ROOM, uid: 'mic-viewer' })).toEqual({ status: 200, uid: 'mic-viewer' });
    const invite = await viewerSocket.nextPush(4133);
    expect(invite.body).toMatchObject({ webcastId: ROOM, uid: 'mic-viewer', from: 'mic-host' });
    // The acknowledgement is recorded where the socket is.
    viewerSocket.push(4134, invite.body);
    await viewerSocket.request(9001);
    const book = nodes[1]!.ctx.clients.localClients().find((c) => c.userId === 'mic-viewer')!.acks.list().find((r) => r.pushCode === 4133);
    expect(book?.ackedAt).not.toBeNull();
    const answered = await fetch(`${nodes[1]!.url}/ccp/monitor/v1/voip/reply`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ type: '1', token: viewerSession.token }).toString(),
    });
    expect(((await answered.json()) as { data: { state: string } }).data.state).toBe('connected');
    expect((await hostSocket.nextPush(CALL_ROOM.inviteAnswered)).body).toMatchObject({ uid: 'mic-viewer', accepted: true });
  });

  it("takes up the connect-mic grace of a viewer whose node is gone: the mic ends once, as a network loss", async () => {
    const host = await TestSocket.connect(nodes[0]!.url, (await loginAs(nodes[0]!.ctx, 'grace-host', ROOM, { role: 6 })).sid);
    sockets.push(host);
    await host.request(7001, { webcastId: ROOM, offset: 0 });
    // A node whose viewer is on the mic, known to the others, then gone: the grace it would
    // have timed for that viewer died with it.
    await loginAs(nodes[0]!.ctx, 'grace-viewer', ROOM);
    await run(nodes[0]!.ctx, sql`INSERT INTO mic_states (webcast_id, user_id, state, since, invited) VALUES (${ROOM}, 'grace-viewer', 'connected', ${Date.now()}, 0)`);
    const ghostRedis = new Redis(redis.url);
    const ghost = new NodeBus('ghost', ghostRedis);
    ghost.tell({ type: 'clients', clients: [{ id: 'g1', userId: 'grace-viewer', webcastId: ROOM, role: 1 }], full: true });
    await waitFor(() => nodes.every((n) => n.ctx.clients.ofUserInRoom('grace-viewer', ROOM).length === 1), "every node to know the ghost's socket");
    ghost.tell({ type: 'gone' });
    expect((await host.nextPush(4109)).body).toEqual({ webcastId: ROOM, uid: 'grace-viewer', by: 'network' });
    expect((await rowOf(nodes[1]!.ctx, sql`SELECT COUNT(*) AS n FROM mic_states WHERE user_id = 'grace-viewer'`))).toEqual({ n: 0 });
    // Every node took up the grace; one moved the mic and told the host.
    await new Promise((r) => setTimeout(r, MIC_GRACE_MS * 2));
    expect(host.frames.filter((f) => f.code === 4109 && f.body.uid === 'grace-viewer')).toHaveLength(1);
    ghostRedis.disconnect();
  });

  it('closes a kicked viewer\'s socket on another node', async () => {
    const kicked = await viewer(nodes[2]!, 'kicked-viewer');
    await waitFor(() => nodes[0]!.ctx.clients.ofUserInRoom('kicked-viewer', ROOM).length === 1, 'node 1 to know the socket');
    expect(await endSessionsInRoom(nodes[0]!.ctx, 'kicked-viewer', ROOM, CLOSE.kicked, 'kicked')).toBe(1);
    expect((await kicked.closed()).code).toBe(CLOSE.kicked);
  });

  it('delivers a direct message (1101 -> 1103) to the receiver on another node', async () => {
    const sender = await TestSocket.connect(nodes[0]!.url, (await loginAs(nodes[0]!.ctx, 'dm-sender', ROOM, { name: 'Sender' })).sid);
    const receiver = await TestSocket.connect(nodes[2]!.url, (await loginAs(nodes[2]!.ctx, 'dm-receiver', ROOM, { name: 'Receiver' })).sid);
    sockets.push(sender, receiver);
    await waitFor(() => nodes[0]!.ctx.clients.ofUser('dm-receiver').length === 1, 'node 1 to know the receiver');
    const body = JSON.stringify({ node_type: 5, start: 3 });
    const sent = await sender.request(1101, { to: 'dm-receiver', tocid: 'c-1', body });
    expect(sent.status).toBe(200);
    expect((await receiver.nextPush(1103)).body).toMatchObject({ mid: sent.mid, from: 'dm-sender', to: 'dm-receiver', body });
  });

  it("starts a new epoch when Redis lost the room's log: its sockets are closed, and a join with the old epoch replays the new log from its start", async () => {
    const v = await viewer(nodes[0]!, 'epoch-viewer');
    const joined = await v.request(7001, { webcastId: ROOM, offset: 0 });
    const oldEpoch = String(joined.epoch);
    const oldOffset = Number(joined.offset);
    expect(oldEpoch).toMatch(/^[0-9a-f]{12}$/);
    const wiper = new Redis(redis.url);
    await wiper.flushall();
    wiper.disconnect();
    await nodes[1]!.ctx.hub.send(ROOM, 7101, { msgId: 'new-1', body: 'first of the new log' });
    expect((await v.closed()).code).toBe(CLOSE.roomLogReset);
    await nodes[2]!.ctx.hub.send(ROOM, 7101, { msgId: 'new-2', body: 'second' });
    const again = await TestSocket.connect(nodes[2]!.url, (await loginAs(nodes[2]!.ctx, 'epoch-viewer', ROOM)).sid);
    sockets.push(again);
    const reply = await again.request(7001, { webcastId: ROOM, offset: oldOffset, epoch: oldEpoch });
    expect(reply.epoch).not.toBe(oldEpoch);
    expect(reply.from).toBe(1);
    expect(chatOffsets(again.frames)).toEqual([1, 2]);
    // The same epoch: offsets are trusted, nothing replayed twice.
    const same = await again.request(7001, { webcastId: ROOM, offset: 2, epoch: String(reply.epoch) });
    expect(same.from).toBe(3);
  });

  it('reports a lost Redis in /healthz and recovers the room when it is back', async () => {
    const v = await viewer(nodes[1]!, 'through-restart');
    await redis.stop();
    await waitFor(() => nodes.every((n) => n.ctx.cluster?.health().ready === false), 'the nodes to notice');
    const down = (await (await fetch(`${nodes[0]!.url}/healthz`)).json()) as { data: { status: string } };
    expect(down.data.status).toBe('degraded');
    await expect(nodes[0]!.ctx.hub.send(ROOM, 7101, { msgId: 'lost', body: 'while away' })).rejects.toThrow(/unavailable/);
    await redis.restart();
    await waitFor(() => nodes.every((n) => n.ctx.cluster?.health().ready === true), 'the nodes to reconnect');
    const up = (await (await fetch(`${nodes[0]!.url}/healthz`)).json()) as { data: { status: string; cluster: { redisLost: number } } };
    expect(up.data.status).toBe('up');
    expect(up.data.cluster.redisLost).toBeGreaterThanOrEqual(1);
    // The subscriber connection subscribes again by itself: a message after the restart arrives.
    let after = 0;
    await waitFor(() => {
      if (after === 0) void nodes[2]!.ctx.hub.send(ROOM, 7101, { msgId: 'back', body: 'back' }).then((m) => (after = m.offset), () => undefined);
      return after > 0 && chatOffsets(v.frames).includes(after);
    }, 'a message after the restart');
  });
});
