/**
 * PROTOCOL 2.2 and 2.3 over a real socket on loopback: login, join with replay, leave,
 * heartbeat, idle close, request/reply, unknown codes, history sync, acknowledgements and
 * the 9004 of a second login.
 */
import { run } from '../testing/storeRows.js';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeFrame } from '../../src/protocol/frame';
import type { TestServer } from '../testing/harness.js';
import { startRealtimeTestServer } from '../testing/realtimeServer.js';
import { TestSocket } from '../testing/socketClient.js';
import { addUser, loginAs } from '../testing/roomFixtures.js';
import { pushExpectingAck } from './acks.js';
import { CLOSE } from './closeCodes.js';
import { endOtherSessions } from './sessionsEnd.js';
import { socketUrlFor } from './url.js';

let server: TestServer | undefined;
const sockets: TestSocket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  await server?.close();
  server = undefined;
});

async function start(config: { socketIdleMs?: number } = {}) {
  server = await startRealtimeTestServer({ config });
  return server;
}

async function connect(s: TestServer, sid: string): Promise<TestSocket> {
  const socket = await TestSocket.connect(s.url, sid);
  sockets.push(socket);
  return socket;
}

async function open(s: TestServer): Promise<TestSocket> {
  const socket = await TestSocket.open(s.url);
  sockets.push(socket);
  return socket;
}

const metricValue = async (s: TestServer, name: string): Promise<number> => {
  const text = await s.ctx.metrics.registry.metrics();
  return text
    .split('\n')
    .filter((l) => l.startsWith(name))
    .reduce((sum, l) => sum + Number(l.split(' ').pop()), 0);
};

describe('socket login (PROTOCOL 2.3 step 1)', () => {
  it('answers push 1100 with status 200 and the user id for a live sid', async () => {
    const s = await start();
    const session = await loginAs(s.ctx, 'u1', 'r1');
    const socket = await open(s);
    expect(await socket.login(session.sid)).toEqual({ status: 200, userId: 'u1' });
    expect(s.ctx.clients.ofUser('u1')).toHaveLength(1);
  });

  it('refuses an unknown sid with 1100 status 402 and closes the socket', async () => {
    const s = await start();
    const socket = await open(s);
    const answer = await socket.login('no-such-sid');
    expect(answer.status).toBe(402);
    expect(answer.msg).toBeTruthy();
    expect((await socket.closed()).code).toBe(CLOSE.loginFailed);
  });

  it('refuses a wrong aid and an expired session', async () => {
    let now = 1_000_000;
    server = await startRealtimeTestServer({ now: () => now, config: { tokenTtlMs: 1000 } });
    const session = await loginAs(server.ctx, 'u1', 'r1');
    const wrongAid = await open(server);
    expect((await wrongAid.login(session.sid, 7)).status).toBe(4501);
    now += 5000;
    const late = await open(server);
    expect((await late.login(session.sid)).status).toBe(402);
  });

  it('answers requests before the login with 4501 and ignores other frames', async () => {
    const s = await start();
    const socket = await open(s);
    expect(await socket.request(7001, { webcastId: 'r1', offset: 0 })).toEqual({ status: 4501, msg: 'login: send the login frame first' });
    socket.push(7101, { body: 'x' });
    const session = await loginAs(s.ctx, 'u1', 'r1');
    expect((await socket.login(session.sid)).status).toBe(200);
  });
});

describe('rooms (PROTOCOL 2.3 step 2, 2.4)', () => {
  it('joins with replay after the given offset, then live messages; leave stops them', async () => {
    const s = await start();
    for (let i = 1; i <= 5; i++) s.ctx.hub.publish('r1', 7125, { text: `caption ${i}`, start: 0, end: 1, lang: 'en_us' });
    const socket = await connect(s, (await loginAs(s.ctx, 'u1', 'r1')).sid);
    const reply = await socket.request(7001, { webcastId: 'r1', offset: 2 });
    expect(reply).toEqual({ status: 200, webcastId: 'r1', offset: 5, online: 1, from: 3 });
    expect(socket.received(7125).map((f) => f.body.offset)).toEqual([3, 4, 5]);
    // Replayed before the reply.
    const replyIndex = socket.frames.findIndex((f) => f.code === 7000);
    expect(socket.frames.slice(0, replyIndex).filter((f) => f.code === 7125)).toHaveLength(3);

    s.ctx.hub.publish('r1', 7125, { text: 'live', start: 0, end: 1, lang: 'en_us' });
    expect((await socket.nextPush(7125, 2000, (b) => b.offset === 6)).body.text).toBe('live');

    expect(await socket.request(7003, { webcastId: 'r1' })).toEqual({ status: 200, webcastId: 'r1', left: true });
    s.ctx.hub.publish('r1', 7125, { text: 'after leave', start: 0, end: 1, lang: 'en_us' });
    await socket.request(9001);
    expect(socket.received(7125).map((f) => f.body.offset)).not.toContain(7);
  });

  it('refuses to join another room than the session is for, and a deleted room', async () => {
    const s = await start();
    const socket = await connect(s, (await loginAs(s.ctx, 'u1', 'r1')).sid);
    expect((await socket.request(7001, { webcastId: 'r2', offset: 0 })).status).toBe(4009);
    expect((await socket.request(7001, { webcastId: 5, offset: 'x' })).status).toBe(4009);
    expect((await socket.request(7001, { offset: 0 })).msg).toBe('webcastId: required');
    expect((await socket.request(7001, { webcastId: 'r1', offset: -1 })).msg).toMatch(/^offset: /);
    await run(s.ctx, sql`UPDATE rooms SET deleted = 1 WHERE id = ${'r1'}`);
    expect((await socket.request(7001, { webcastId: 'r1', offset: 0 })).status).toBe(4006);
  });

  it('answers history sync 2401 with the asked range, with codes', async () => {
    const s = await start();
    for (let i = 1; i <= 30; i++) s.ctx.hub.publish('r1', 7109, { online: i, praise: 0 });
    const socket = await connect(s, (await loginAs(s.ctx, 'u1', 'r1')).sid);
    const reply = await socket.request(2401, { webcastId: 'r1', after: 10, limit: 5 });
    expect(reply.status).toBe(200);
    const messages = reply.messages as Array<Record<string, unknown>>;
    expect(messages.map((m) => m.offset)).toEqual([11, 12, 13, 14, 15]);
    expect(messages[0]).toEqual({ code: 7109, online: 11, praise: 0, webcastId: 'r1', offset: 11 });
    const tail = await socket.request(2401, { webcastId: 'r1', after: 28, limit: 500 });
    expect((tail.messages as unknown[]).length).toBe(2);
    const none = await socket.request(2401, { webcastId: 'r1', after: 30, limit: 10 });
    expect(none.messages).toEqual([]);
    for (const limit of [0, 501, 1.5, '10']) {
      expect((await socket.request(2401, { webcastId: 'r1', after: 0, limit })).status).toBe(4501);
    }
    expect((await socket.request(2401, { webcastId: 'r2', after: 0, limit: 5 })).status).toBe(4009);
  });
});

describe('heartbeat and idle close (PROTOCOL 2.3 step 3)', () => {
  it('replies 9000 to heartbeat 9001, before and after login', async () => {
    const s = await start();
    const socket = await open(s);
    expect(await socket.request(9001)).toEqual({ status: 200 });
    await socket.login((await loginAs(s.ctx, 'u1', 'r1')).sid);
    expect(await socket.request(9001)).toEqual({ status: 200 });
    socket.push(9001);
    expect((await socket.nextPush(9000)).body).toEqual({ status: 200 });
  });

  it('closes a socket that sends nothing for the idle time, and keeps one that sends heartbeats', async () => {
    const s = await start({ socketIdleMs: 300 });
    const session = await loginAs(s.ctx, 'u1', 'r1');
    const quiet = await connect(s, session.sid);
    const chatty = await connect(s, session.sid);
    const started = Date.now();
    const beating = setInterval(() => chatty.push(9001), 100);
    try {
      const closed = await quiet.closed(3000);
      expect(closed.code).toBe(CLOSE.idle);
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      await new Promise((r) => setTimeout(r, 400));
      expect(chatty.isOpen).toBe(true);
    } finally {
      clearInterval(beating);
    }
    // Counted as the server's close, not the peer's.
    expect(await metricValue(s, 'webcast_socket_closed_by_server_total{reason="idle"}')).toBe(1);
    expect(await metricValue(s, 'webcast_socket_closed_by_peer_total')).toBe(0);
  });

  it("counts the closes the server did not ask for by the peer's close code", async () => {
    const s = await start();
    const socket = await connect(s, (await loginAs(s.ctx, 'u1', 'r1')).sid);
    socket.close();
    await expect.poll(() => metricValue(s, 'webcast_socket_closed_by_peer_total{code="1005"}')).toBe(1);
    expect(await metricValue(s, 'webcast_socket_closed_by_server_total')).toBe(0);
  });
});

describe('requests and replies (PROTOCOL 2.2)', () => {
  it('matches replies to requests by seq with two requests in flight, answered out of order', async () => {
    const s = await start();
    s.ctx.socketHandlers.register(7991, async (request) => {
      const ms = Number(request.body.wait);
      await new Promise((r) => setTimeout(r, ms));
      return { waited: ms };
    });
    const socket = await connect(s, (await loginAs(s.ctx, 'u1', 'r1')).sid);
    const slow = socket.request(7991, { wait: 200 });
    const fast = socket.request(7991, { wait: 10 });
    expect(await fast).toEqual({ status: 200, waited: 10 });
    expect(await slow).toEqual({ status: 200, waited: 200 });
    const replies = socket.received(7990);
    const [first, second] = replies.map((f) => f.seq);
    expect(second).toBe(first! - 1);
    expect(replies.map((f) => f.body.waited)).toEqual([10, 200]);
  });

  it('answers an unknown code with 4501, a handler bug with 500, and stays open', async () => {
    const s = await start();
    s.ctx.socketHandlers.register(7993, () => {
      throw new Error('a bug');
    });
    const socket = await connect(s, (await loginAs(s.ctx, 'u1', 'r1')).sid);
    expect(await socket.request(8887)).toEqual({ status: 4501, msg: 'unknown request code 8887' });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      expect(await socket.request(7993)).toEqual({ status: 500, msg: 'internal error' });
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(1);
    expect(await socket.request(9001)).toEqual({ status: 200 });
  });
});

describe('acknowledged pushes (PROTOCOL 2.2)', () => {
  it('records the acknowledgement of a control push, of 4201 and of 4133 by mid', async () => {
    const s = await start();
    const socket = await connect(s, (await loginAs(s.ctx, 'u1', 'r1')).sid);
    const client = s.ctx.clients.ofUser('u1')[0]!;
    // A viewer's login gets its mic snapshot first (idle here).
    const atLogin = await socket.nextPush(4201);
    expect(atLogin.body).toMatchObject({ webcastId: 'r1', state: 'idle' });
    socket.push(4102, atLogin.body);
    const mids = [6105, 6167, 4201, 4133].map((code) => pushExpectingAck(client, code, { webcastId: 'r1' }, s.ctx.now()));
    const control = await socket.nextPush(6105);
    expect(control.mid).toBe(mids[0]);
    expect(control.body.mid).toBe(mids[0]);
    socket.push(6106, { mid: control.mid! });
    socket.push(6168, { mid: (await socket.nextPush(6167)).mid! });
    const snapshot = await socket.nextPush(4201);
    socket.push(4102, snapshot.body);
    // 4133 is left unacknowledged; a wrong code and an unknown mid are counted, not recorded.
    socket.push(6108, { mid: mids[3]! });
    socket.push(6106, { mid: 'x'.repeat(32) });
    await socket.request(9001);
    const book = client.acks.list();
    expect(book.map((r) => [r.pushCode, r.ackedAt !== null])).toEqual([
      [4201, true],
      [6105, true],
      [6167, true],
      [4201, true],
      [4133, false],
    ]);
    expect(client.acks.pending().map((r) => r.mid)).toEqual([mids[3]]);
    expect(await metricValue(s, 'webcast_socket_acks_total{code="6105",outcome="acked"}')).toBe(1);
    expect(await metricValue(s, 'webcast_socket_acks_total{code="6107",outcome="wrong-code"}')).toBe(1);
  });
});

describe('one account, one login (push 9004)', () => {
  it('sends 9004 to the older socket when the account logs in with a second session, closes it and ends its session', async () => {
    const s = await start();
    const first = await loginAs(s.ctx, 'u1', 'r1');
    const older = await connect(s, first.sid);
    const second = await s.ctx.sessions.create('u1', 'r1', 5, 'guest');
    const newer = await connect(s, second.sid);
    const push = await older.nextPush(9004);
    expect(push.body.status).toBe(4005);
    expect((await older.closed()).code).toBe(CLOSE.loggedInElsewhere);
    expect(await s.ctx.sessions.use(first.token)).toBeNull();
    expect(newer.isOpen).toBe(true);
    expect(newer.received(9004)).toHaveLength(0);
    // The ended sid cannot log in again.
    const again = await open(s);
    expect((await again.login(first.sid)).status).toBe(402);
  });

  it('ends the older sessions when the live login calls endOtherSessions', async () => {
    const s = await start();
    const first = await loginAs(s.ctx, 'u1', 'r1');
    const older = await connect(s, first.sid);
    const second = await s.ctx.sessions.create('u1', 'r1', 5, 'guest');
    expect(await endOtherSessions(s.ctx, 'u1', second.token)).toBe(1);
    await older.nextPush(9004);
    await older.closed();
    expect(await endOtherSessions(s.ctx, 'u1', second.token)).toBe(0);
  });

  it('lets two tabs share one session without 9004', async () => {
    const s = await start();
    const session = await loginAs(s.ctx, 'u1', 'r1');
    const tab1 = await connect(s, session.sid);
    const tab2 = await connect(s, session.sid);
    await tab1.request(9001);
    await tab2.request(9001);
    expect(tab1.received(9004)).toHaveLength(0);
    expect(tab1.isOpen && tab2.isOpen).toBe(true);
  });
});

describe('socket server', () => {
  it('refuses upgrades on other paths', async () => {
    const s = await start();
    const WebSocket = (await import('ws')).default;
    const ws = new WebSocket(s.url.replace('http', 'ws') + '/other');
    ws.on('error', () => undefined);
    const status = await new Promise<number>((resolve) =>
      ws.on('unexpected-response', (request, response) => {
        request.destroy();
        resolve(response.statusCode ?? 0);
      }),
    );
    expect(status).toBe(404);
  });

  it('counts open sockets in the metrics and builds the socket url', async () => {
    const s = await start();
    await addUser(s.ctx, 'u1');
    const socket = await connect(s, (await loginAs(s.ctx, 'u1', 'r1')).sid);
    expect(await metricValue(s, 'webcast_sockets_open')).toBe(1);
    socket.close();
    await socket.closed();
    await new Promise((r) => setTimeout(r, 50));
    expect(await metricValue(s, 'webcast_sockets_open')).toBe(0);
    expect(socketUrlFor(s.ctx.config, { headers: { host: 'example.com:8080' } })).toBe('ws://example.com:8080/ws');
    expect(socketUrlFor(s.ctx.config, { headers: { host: 'example.com' }, protocol: 'https' })).toBe('wss://example.com/ws');
    expect(socketUrlFor({ ...s.ctx.config, publicUrl: 'https://live.example.com/base' })).toBe('wss://live.example.com/base/ws');
    expect(socketUrlFor({ ...s.ctx.config, host: '127.0.0.1', port: 9 }, { headers: { host: 'bad host\r\n' } })).toBe('ws://127.0.0.1:9/ws');
    expect(encodeFrame({ code: 1, body: {} })).toBeTruthy();
  });
});
