/**
 * Chat over real sockets (PROTOCOL 2.4, SPEC 3 and 5): send and fan-out in offset order,
 * the room's refusals, review mode, withdraw with an injected clock, chat state and room
 * control, host room messages, the history calls and a restart on the same DATA_DIR.
 */
import { sql } from 'kysely';
import { rowOf, run } from '../testing/storeRows.js';
import { afterEach, describe, expect, it } from 'vitest';
import { CHAT_CUT_ELLIPSIS } from '../../src/domain/chatCut';
import type { FrameBody } from '../../src/protocol/frame';
import type { TestServer } from '../testing/harness.js';
import { admin, call, startRealtimeTestServer } from '../testing/realtimeServer.js';
import { loginAs, type UserOptions } from '../testing/roomFixtures.js';
import { TestSocket } from '../testing/socketClient.js';
import { CLOSE } from '../socket/closeCodes.js';

let server: TestServer | undefined;
const sockets: TestSocket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  await server?.close();
  server = undefined;
});

let clock = 1_700_000_000_000;
const now = () => clock;

/** The deployment's own picture host (IMAGE_ORIGINS): chat pictures from there are taken as they are. */
const PICTURE_CDN = 'https://img.example.com';

async function start(dataDir?: string): Promise<TestServer> {
  server = await startRealtimeTestServer({ now, config: { imageOrigins: [PICTURE_CDN] }, ...(dataDir ? { dataDir } : {}) });
  return server;
}

/** A user with a session for `room`, logged in on a socket and joined to the room. */
async function member(s: TestServer, uid: string, room = 'r1', options: UserOptions = {}) {
  const session = await loginAs(s.ctx, uid, room, options);
  const socket = await TestSocket.connect(s.url, session.sid);
  sockets.push(socket);
  const joined = await socket.request(7001, { webcastId: room, offset: 0 });
  expect(joined.status).toBe(200);
  return { session, socket };
}

const send = (socket: TestSocket, body: FrameBody, room = 'r1') => socket.request(7101, { webcastId: room, ...body });

describe('chat send (7101)', () => {
  it('publishes the full SPEC 3 message and replies with its msgId once it is stored', async () => {
    const s = await start();
    const { socket } = await member(s, 'u1', 'r1', { name: 'Alice' });
    const reply = await send(socket, {
      body: 'hello [微笑]',
      quote: { name: 'Bob', chatContent: 'hi', role: 5 },
      picked_uid: ['u2', 7],
      imgUrl: 'https://img.example.com/a.png',
      imgLinkUrl: '/share/v1/x',
    });
    expect(reply.status).toBe(200);
    expect(reply.msgId).toMatch(/^[0-9A-Za-z]{32}$/);
    // The outside probe's address: a browser reads it as http://evil.test/240, so it is refused.
    expect(await send(socket, { body: '', imgUrl: '/\t/evil.test/240' })).toEqual({ status: 4501, msg: 'imgUrl: must be an http(s) URL' });
    // A picture on a host of the sender's choosing would tell it every viewer's address (issue 35 item 5).
    for (const elsewhere of ['https://tracker.example/pixel.png', 'http://img.example.com/a.png', 'https://img.example.com.evil.test/a.png', '/ccp/handler/v2/chat/image/notanimageidnotanimageid00000000', '/emoji/666.svg']) {
      expect(await send(socket, { body: '', imgUrl: elsewhere }), elsewhere).toEqual({ status: 4501, msg: 'imgUrl: pictures in chat must be uploaded to this room (or come from IMAGE_ORIGINS)' });
    }
    const stored = (await rowOf(s.ctx, sql`SELECT COUNT(*) AS n FROM chat_messages WHERE msg_id = ${reply.msgId}`)) as { n: number };
    // The room's log is the node's own file (ctx.db), whichever engine holds the store.
    await s.roomHub.whenDurable();
    const logged = s.ctx.db.prepare("SELECT COUNT(*) AS n FROM room_messages WHERE webcast_id = 'r1' AND code = 7101").get() as { n: number };
    expect([stored.n, logged.n]).toEqual([1, 1]);
    const push = await socket.nextPush(7101);
    expect(push.body).toEqual({
      msgId: reply.msgId,
      uid: 'u1',
      name: 'Alice',
      role: 5,
      roleName: 'guest',
      headImgUrl: '',
      sendTime: clock,
      body: 'hello [微笑]',
      imgUrl: 'https://img.example.com/a.png',
      imgLinkUrl: '/share/v1/x',
      quote: { name: 'Bob', chatContent: 'hi', role: 5 },
      picked_uid: ['u2', '7'],
      top: false,
      highlight: false,
      definedStyle: null,
      definedRoleName: '',
      webcastId: 'r1',
      offset: 1,
    });
  });

  it("publishes a quote with a msgId as the quoted message really is, and a quote without one never as staff's", async () => {
    const s = await start();
    const { socket } = await member(s, 'u1', 'r1', { name: 'Alice' });
    const host = await admin(s, '/admin/v1/rooms/r1/say', { text: 'The draw is at 3 pm', role: 'host', name: 'Hostess' });
    const hostMsgId = String((host.data as { msgId: string }).msgId);
    // Forged name, text and role beside the real message's id: the server takes them from its history.
    const forged = await send(socket, { body: 'ok', quote: { name: 'Nobody', chatContent: 'Winners, pay here: evil.test', role: 5, msgId: hostMsgId } });
    expect(forged.status).toBe(200);
    const published = await socket.nextPush(7101, undefined, (b) => b.msgId === forged.msgId);
    expect(published.body.quote).toEqual({ name: 'Hostess', chatContent: 'The draw is at 3 pm', role: 6, msgId: hostMsgId });
    expect(await send(socket, { body: 'x', quote: { name: 'a', chatContent: 'b', role: 5, msgId: 'not-a-message' } })).toEqual({ status: 4501, msg: 'quote.msgId: no such message in this room' });
    // Without an id the words are the sender's own: a claim to be staff is published as a guest's.
    const unchecked = await send(socket, { body: 'y', quote: { name: 'Host', chatContent: 'Claim your prize', role: 6 } });
    const claimed = await socket.nextPush(7101, undefined, (b) => b.msgId === unchecked.msgId);
    expect(claimed.body.quote).toEqual({ name: 'Host', chatContent: 'Claim your prize', role: 5 });
  });

  it('delivers the same messages in the same offset order to two clients sending at once', async () => {
    const s = await start();
    const a = await member(s, 'a');
    const b = await member(s, 'b');
    const replies = [];
    // Four at once from each, within each one's send rate (5 at once, then 1 a second); the clock moves 4 s a round.
    for (let round = 0; round < 5; round++) {
      const sends = [];
      for (let i = round * 4; i < round * 4 + 4; i++) sends.push(send(a.socket, { body: `a${i}` }), send(b.socket, { body: `b${i}` }));
      replies.push(...(await Promise.all(sends)));
      clock += 4000;
    }
    expect(replies.every((r) => r.status === 200)).toBe(true);
    await a.socket.request(9001);
    await b.socket.request(9001);
    await new Promise((r) => setTimeout(r, 50));
    const seen = (t: TestSocket) => t.received(7101).map((f) => `${String(f.body.offset)}:${String(f.body.body)}`);
    expect(seen(a.socket)).toHaveLength(40);
    expect(seen(a.socket)).toEqual(seen(b.socket));
    expect(a.socket.received(7101).map((f) => f.body.offset)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('cuts text to 500 units with an ellipsis, an emoji token counting as one', async () => {
    const s = await start();
    const { socket } = await member(s, 'u1');
    await send(socket, { body: '[ok]'.repeat(499) + 'xyz' });
    const body = String((await socket.nextPush(7101)).body.body);
    expect(body).toBe('[ok]'.repeat(499) + 'x' + CHAT_CUT_ELLIPSIS);
  });

  it('refuses in the order of the rules: not joined, closed, muted, staff-only, pictures, bad input', async () => {
    const s = await start();
    const session = await loginAs(s.ctx, 'u1', 'r1');
    const outsider = await TestSocket.connect(s.url, session.sid);
    sockets.push(outsider);
    expect(await send(outsider, { body: 'x' })).toEqual({ status: 4501, msg: 'webcastId: join the room (7001) first' });

    const { socket } = await member(s, 'u2');
    const state = (body: object) => admin(s, '/admin/v1/rooms/r1/chat/state', body);
    await state({ open: false });
    expect((await send(socket, { body: 'x' })).status).toBe(4401);
    await state({ open: true });
    await admin(s, '/admin/v1/rooms/r1/users/u2/mute', { text: 'calm down' });
    expect((await send(socket, { body: 'x' })).status).toBe(4402);
    await admin(s, '/admin/v1/rooms/r1/users/u2/unmute', {});
    await state({ staffOnly: true });
    expect((await send(socket, { body: 'x' })).status).toBe(4401);
    await state({ staffOnly: false, pictures: false });
    expect((await send(socket, { body: '', imgUrl: 'https://x/a.png' })).status).toBe(4404);
    expect((await send(socket, { body: 'text only is fine' })).status).toBe(200);

    const bad: Array<[FrameBody, string]> = [
      [{ body: '   ' }, 'body: must not be empty'],
      [{}, 'body: must not be empty'],
      [{ body: 5 }, 'body: must be a string'],
      [{ body: 'x', imgLinkUrl: 'javascript:alert(1)' }, 'imgLinkUrl: must be an http(s) URL'],
      [{ body: 'x', imgLinkUrl: '//evil.example.com/' }, 'imgLinkUrl: must be an http(s) URL'],
      // A browser reads these as //evil.test/240: another site, though they start with one slash.
      [{ body: 'x', imgLinkUrl: '/\\evil.test/240' }, 'imgLinkUrl: must be an http(s) URL'],
      [{ body: 'x', quote: 'q' }, 'quote: must be an object with name, chatContent and role'],
      [{ body: 'x', quote: { name: 'a', chatContent: 'b' } }, 'quote.role: must be an integer role code'],
      [{ body: 'x', picked_uid: 'u1' }, 'picked_uid: must be an array of user ids'],
      [{ body: 'x', picked_uid: Array.from({ length: 21 }, (_, i) => `u${i}`) }, 'picked_uid: at most 20 users'],
    ];
    for (const [body, msg] of bad) expect(await send(socket, body), JSON.stringify(body)).toEqual({ status: 4501, msg });
  });

  it('lets the host chat whatever the switches, highlighted', async () => {
    const s = await start();
    const host = await member(s, 'h', 'r1', { role: 6 });
    await admin(s, '/admin/v1/rooms/r1/chat/state', { open: false, staffOnly: true, review: true });
    expect((await send(host.socket, { body: 'host speaks' })).status).toBe(200);
    const push = await host.socket.nextPush(7101);
    expect(push.body).toMatchObject({ role: 6, roleName: 'host', highlight: true });
  });
});

describe('one viewer\'s send rate (issue 35: 121 messages a second from one guest)', () => {
  it('takes 5 at once and then 1 a second from a viewer, refusing the rest with 4203 and the wait; others and staff are not held', async () => {
    const s = await start();
    const { socket: flooder } = await member(s, 'flooder');
    const { socket: other } = await member(s, 'other');
    const { socket: host } = await member(s, 'host1', 'r1', { role: 6 });
    const replies = await Promise.all(Array.from({ length: 30 }, (_, i) => send(flooder, { body: `spam ${i}` })));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(5);
    const refused = replies.filter((r) => r.status === 4203);
    expect(refused).toHaveLength(25);
    expect(refused[0]).toMatchObject({ status: 4203, msg: 'sending too fast: at most 5 messages at once and 1 a second, wait 1 s' });
    expect((await send(other, { body: 'an honest message' })).status).toBe(200);
    for (let i = 0; i < 12; i++) expect((await send(host, { body: `host ${i}` })).status).toBe(200);
    clock += 2000;
    expect((await send(flooder, { body: 'after a pause' })).status).toBe(200);
    expect((await send(flooder, { body: 'and again' })).status).toBe(200);
    expect((await send(flooder, { body: 'one too many' })).status).toBe(4203);
    const published = (await rowOf(s.ctx, sql`SELECT COUNT(*) AS n FROM chat_messages WHERE uid = 'flooder'`)) as { n: number };
    expect(published.n).toBe(7);
  });
});

describe('review mode', () => {
  it('holds a message (4403 with its msgId) until approved, then publishes it; rejected ones never show', async () => {
    const s = await start();
    const viewer = await member(s, 'v');
    await admin(s, '/admin/v1/rooms/r1/chat/state', { review: true });
    const held = await send(viewer.socket, { body: 'please approve' });
    expect(held).toMatchObject({ status: 4403, msg: 'your message is under review' });
    const other = await send(viewer.socket, { body: 'reject me' });
    const pending = await admin(s, '/admin/v1/rooms/r1/chat/pending', undefined, 'GET');
    expect((pending.data?.list as Array<{ msgId: string }>).map((p) => p.msgId)).toEqual([held.msgId, other.msgId]);
    expect(viewer.socket.received(7101)).toHaveLength(0);

    const approved = await admin(s, `/admin/v1/rooms/r1/chat/pending/${String(held.msgId)}/approve`);
    expect(approved.code).toBe(200);
    expect((await viewer.socket.nextPush(7101)).body).toMatchObject({ msgId: held.msgId, body: 'please approve', uid: 'v' });
    expect((await admin(s, `/admin/v1/rooms/r1/chat/pending/${String(other.msgId)}/reject`)).code).toBe(200);
    expect((await admin(s, `/admin/v1/rooms/r1/chat/pending/${String(other.msgId)}/approve`)).code).toBe(4501);
    expect((await admin(s, '/admin/v1/rooms/r1/chat/pending', undefined, 'GET')).data?.list).toEqual([]);
  });
});

describe('pinned messages from the console (7101 top)', () => {
  it('pins the host side\'s message and ignores the flag from a viewer', async () => {
    const s = await start();
    const viewer = await member(s, 'v');
    const host = await member(s, 'h', 'r1', { role: 6 });
    expect((await send(host.socket, { body: 'pinned notice', top: true })).status).toBe(200);
    expect((await viewer.socket.nextPush(7101)).body).toMatchObject({ body: 'pinned notice', top: true });
    expect((await send(viewer.socket, { body: 'me too', top: true })).status).toBe(200);
    expect((await viewer.socket.nextPush(7101, 5000, (b) => b.body === 'me too')).body).toMatchObject({ top: false });
  });
});

describe('review mode from the console (chat/pending with a staff login)', () => {
  it('lists what waits and approves or rejects it; viewers and other rooms are refused', async () => {
    const s = await start();
    const viewer = await member(s, 'v');
    const host = await member(s, 'h', 'r1', { role: 8 });
    await admin(s, '/admin/v1/rooms/r1/chat/state', { review: true });
    const held = await send(viewer.socket, { body: 'approve me' });
    const other = await send(viewer.socket, { body: 'reject me' });
    const list = await call(s, 'GET', '/ccp/monitor/v1/chat/pending', { webcastId: 'r1' }, { token: host.session.token });
    expect((list.data?.list as Array<{ msgId: string }>).map((p) => p.msgId)).toEqual([held.msgId, other.msgId]);
    const review = (msgId: unknown, approve: boolean, token = host.session.token) => call(s, 'POST', '/ccp/monitor/v1/chat/pending/review', { webcastId: 'r1', msgId, approve }, { token });
    expect((await review(held.msgId, true)).code).toBe(200);
    expect((await viewer.socket.nextPush(7101)).body).toMatchObject({ msgId: held.msgId, body: 'approve me' });
    expect((await review(other.msgId, false)).code).toBe(200);
    expect((await review(other.msgId, true)).msg).toBe('msgId: no message with this id waits for review in this room');
    expect((await call(s, 'GET', '/ccp/monitor/v1/chat/pending', { webcastId: 'r1' }, { token: viewer.session.token })).msg).toBe('role: only the host or an assistant may do this');
    expect((await call(s, 'GET', '/ccp/monitor/v1/chat/pending', { webcastId: 'r2' }, { token: host.session.token })).code).toBe(4009);
    expect((await review('x', true, viewer.session.token)).msg).toBe('role: only the host or an assistant may do this');
  });
});

describe('withdraw (7103)', () => {
  it('allows one own message within 120 s and refuses after, and others’ messages', async () => {
    const s = await start();
    const a = await member(s, 'a');
    const b = await member(s, 'b');
    const first = await send(a.socket, { body: 'oops' });
    clock += 119_000;
    expect(await b.socket.request(7103, { webcastId: 'r1', msgId: first.msgId })).toEqual({
      status: 4501,
      msg: 'msgId: only your own messages can be withdrawn',
    });
    expect(await a.socket.request(7103, { webcastId: 'r1', msgId: first.msgId })).toEqual({ status: 200, msgId: first.msgId });
    expect((await b.socket.nextPush(7103)).body).toMatchObject({ msgId: first.msgId, webcastId: 'r1' });
    expect((await a.socket.request(7103, { webcastId: 'r1', msgId: first.msgId })).msg).toBe('msgId: the message is already withdrawn');

    const second = await send(a.socket, { body: 'too late' });
    clock += 120_001;
    expect(await a.socket.request(7103, { webcastId: 'r1', msgId: second.msgId })).toEqual({
      status: 4501,
      msg: 'msgId: a message can be withdrawn only within 120 s of sending',
    });
    expect((await a.socket.request(7103, { webcastId: 'r1', msgId: 'x'.repeat(32) })).msg).toBe('msgId: no such message in this room');

    const host = await member(s, 'h', 'r1', { role: 8 });
    expect((await host.socket.request(7103, { webcastId: 'r1', msgId: second.msgId })).status).toBe(200);

    const history = await call(s, 'GET', '/ccp/monitor/v1/chat/public/list', { webcastId: 'r1' }, { token: a.session.token });
    expect(history.data?.list).toEqual([]);
  });
});

describe('chat state (7105) and room control (7127)', () => {
  it('lets the host and assistants set the chat state and refuses viewers', async () => {
    const s = await start();
    const viewer = await member(s, 'v');
    const assistant = await member(s, 'as', 'r1', { role: 8 });
    expect(await viewer.socket.request(7105, { webcastId: 'r1', open: false })).toEqual({
      status: 4501,
      msg: 'role: only the host or an assistant may do this',
    });
    const reply = await assistant.socket.request(7105, { webcastId: 'r1', pictures: false });
    expect(reply).toEqual({ status: 200, open: true, review: false, pictures: false, staffOnly: false, muted: [] });
    expect((await viewer.socket.nextPush(7105)).body).toMatchObject({ open: true, pictures: false, muted: [] });
    expect((await assistant.socket.request(7105, { webcastId: 'r1', open: 'no' })).msg).toBe('open: must be true or false');
  });

  it('mutes and unmutes a viewer (7127 and 7105 with the muted list)', async () => {
    const s = await start();
    const viewer = await member(s, 'v');
    const host = await member(s, 'h', 'r1', { role: 6 });
    expect(await host.socket.request(7127, { webcastId: 'r1', uid: 'v', action: 'mute', text: 'spam' })).toEqual({ status: 200, uid: 'v', action: 'mute' });
    expect((await viewer.socket.nextPush(7127)).body).toMatchObject({ uid: 'v', action: 'mute', text: 'spam' });
    expect((await viewer.socket.nextPush(7105)).body.muted).toEqual(['v']);
    expect((await send(viewer.socket, { body: 'x' })).status).toBe(4402);
    await host.socket.request(7127, { webcastId: 'r1', uid: 'v', action: 'unmute' });
    expect((await viewer.socket.nextPush(7105, 2000, (b) => Array.isArray(b.muted) && b.muted.length === 0)).body.muted).toEqual([]);
    expect((await send(viewer.socket, { body: 'x' })).status).toBe(200);
    expect((await host.socket.request(7127, { webcastId: 'r1', uid: 'h', action: 'mute' })).msg).toBe('uid: the host and assistants cannot be muted or removed');
    expect((await host.socket.request(7127, { webcastId: 'r1', uid: 'nobody', action: 'mute' })).msg).toBe('uid: no such user');
    expect((await host.socket.request(7127, { webcastId: 'r1', uid: 'v', action: 'ban' })).msg).toBe('action: must be one of kick, mute, unmute, notice');
    expect((await viewer.socket.request(7127, { webcastId: 'r1', uid: 'v', action: 'unmute' })).status).toBe(4501);
  });

  it('kicks a viewer: 7127 reaches them, their socket closes, their session ends and a new socket login gets 4003', async () => {
    const s = await start();
    const viewer = await member(s, 'v');
    const other = await member(s, 'o');
    const kicked = await admin(s, '/admin/v1/rooms/r1/users/v/kick', { text: 'bye' });
    expect(kicked.code).toBe(200);
    expect((await viewer.socket.nextPush(7127)).body).toMatchObject({ uid: 'v', action: 'kick', text: 'bye' });
    expect((await viewer.socket.closed()).code).toBe(CLOSE.kicked);
    expect((await other.socket.nextPush(7127)).body.uid).toBe('v');
    expect(other.socket.isOpen).toBe(true);
    expect(await s.ctx.sessions.use(viewer.session.token)).toBeNull();
    const again = await TestSocket.open(s.url);
    sockets.push(again);
    expect((await again.login(viewer.session.sid)).status).toBe(4003);
    const fresh = await s.ctx.sessions.create('v', 'r1', 5, 'guest');
    const refused = await TestSocket.open(s.url);
    sockets.push(refused);
    expect((await refused.login(fresh.sid)).status).toBe(4003);

    expect((await admin(s, '/admin/v1/rooms/r1/users/v/readmit')).data).toEqual({ uid: 'v', readmitted: true });
    const welcome = await TestSocket.open(s.url);
    sockets.push(welcome);
    expect((await welcome.login(fresh.sid)).status).toBe(200);
  });
});

describe('host room messages (7107, 7113-7125)', () => {
  it('going live and ending over the socket are the admin API\'s code: start time, replay, recording', async () => {
    const s = await start();
    const viewer = await member(s, 'v');
    const host = await member(s, 'h', 'r1', { role: 6 });
    const room = async () => (await rowOf(s.ctx, sql`SELECT status, start_time AS "startTime" FROM rooms WHERE id = 'r1'`)) as { status: number; startTime: number | null };
    const records = async () => ((await rowOf(s.ctx, sql`SELECT COUNT(*) AS n FROM room_records WHERE webcast_id = 'r1'`)) as { n: number }).n;
    const before = (await records());
    await run(s.ctx, sql`UPDATE rooms SET status = 0, start_time = NULL WHERE id = 'r1'`);
    expect((await host.socket.request(7107, { webcastId: 'r1', status: 2 })).status).toBe(200);
    expect((await viewer.socket.nextPush(7107)).body).toMatchObject({ status: 2 });
    expect((await room())).toEqual({ status: 2, startTime: clock });
    expect((await host.socket.request(7107, { webcastId: 'r1', status: 3 })).status).toBe(200);
    const ended = await viewer.socket.nextPush(7107);
    expect(ended.body.status).toBe(3);
    expect(typeof ended.body.replay).toBe('string');
    expect((await room()).status).toBe(3);
    expect((await records())).toBe(before + 1);
  });

  it('publishes what the host sends, checked, and refuses viewers', async () => {
    const s = await start();
    const viewer = await member(s, 'v');
    const host = await member(s, 'h', 'r1', { role: 7 });
    const ok: Array<[number, FrameBody]> = [
      [7107, { status: 3, replay: 'https://x/vod.m3u8' }],
      [7113, { raffleId: 'L1', state: 'end', winners: [{ uid: 'v', name: 'Vee' }] }],
      [7115, { kind: 'paper', id: 'p1' }],
      [7117, { confId: 'c', id: 'rc1', deadline: clock + 60_000 }],
      [7119, { id: 'rp1', state: 1 }],
      [7121, { kind: 'recommend', id: 9 }],
      [7123, { state: 'on' }],
      [7125, { text: 'caption', start: 0, end: 2000, lang: 'en_us' }],
    ];
    for (const [code, body] of ok) {
      expect((await host.socket.request(code, { webcastId: 'r1', ...body })).status, String(code)).toBe(200);
      expect((await viewer.socket.nextPush(code)).body.webcastId).toBe('r1');
    }
    expect(((await rowOf(s.ctx, sql`SELECT status FROM rooms WHERE id = ${'r1'}`)) as { status: number }).status).toBe(3);
    const bad: Array<[number, FrameBody, string]> = [
      [7107, { status: 4 }, 'status: must be from 0 to 3'],
      [7107, { status: 3, replay: 'ftp://x' }, 'replay: must be an http(s) URL'],
      [7113, { raffleId: 'L1', state: 'maybe' }, 'state: must be one of start, end'],
      [7115, { kind: 'paper' }, 'id: id or confId is required'],
      [7117, { confId: 'c', id: 'x', deadline: clock - 1 }, 'deadline: must be in the future (ms since the epoch)'],
      [7125, { text: 'c', start: 10, end: 5 }, 'end: must not be before start'],
    ];
    for (const [code, body, msg] of bad) expect(await host.socket.request(code, { webcastId: 'r1', ...body })).toEqual({ status: 4501, msg });
    expect((await viewer.socket.request(7125, { webcastId: 'r1', text: 'x', start: 0, end: 1 })).msg).toBe('role: only the host may do this');
  });
});

describe('chat history over HTTP', () => {
  it('pages newest last and finds messages by id; refuses bad input with 4501, no token with 402, another room with 4009', async () => {
    const s = await start();
    const { socket, session } = await member(s, 'u1');
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++) ids.push(String((await send(socket, { body: `m${i}` })).msgId));
    const list = (fields: Record<string, unknown>, token: string | undefined = session.token) =>
      call(s, 'GET', '/ccp/monitor/v1/chat/public/list', fields, token ? { token } : {});
    const page = await list({ webcastId: 'r1', skip: 1, take: 2 });
    expect(page.code).toBe(200);
    expect(page.data).toMatchObject({ total: 5, skip: 1, take: 2 });
    expect((page.data?.list as Array<{ body: string }>).map((m) => m.body)).toEqual(['m3', 'm4']);
    expect(((await list({ webcastId: 'r1' })).data?.list as unknown[]).length).toBe(5);

    for (const bad of [{}, { webcastId: 'r1', take: 0 }, { webcastId: 'r1', take: 201 }, { webcastId: 'r1', skip: -1 }, { webcastId: 'r1', take: 'x' }]) {
      const r = await list(bad);
      expect([r.status, r.code], JSON.stringify(bad)).toEqual([200, 4501]);
      expect(r.msg).toMatch(/^querystring/);
    }
    expect((await list({ webcastId: 'r1' }, '')).code).toBe(402);
    expect((await list({ webcastId: 'r2' })).code).toBe(4009);

    const byIds = (fields: Record<string, unknown>) => call(s, 'POST', '/ccp/monitor/v1/chat/public/listByIds', fields, { token: session.token });
    const found = await byIds({ webcastId: 'r1', ids: [ids[3], ids[0], 'nope'] });
    expect((found.data?.list as Array<{ body: string }>).map((m) => m.body)).toEqual(['m1', 'm4']);
    for (const bad of [{ webcastId: 'r1' }, { webcastId: 'r1', ids: [] }, { webcastId: 'r1', ids: { a: 1 } }, { ids: ids }]) {
      expect((await byIds(bad)).code, JSON.stringify(bad)).toBe(4501);
    }
  });
});

describe('chat history by time (the replay, docs/protocol.md 5.9)', () => {
  it('finds the messages sent by a moment, reads on after an offset, leaves out withdrawn ones, and refuses both at once', async () => {
    const s = await start();
    const { socket, session } = await member(s, 'u1');
    const t0 = clock;
    const sent: { msgId: string; at: number }[] = [];
    for (let i = 1; i <= 6; i++) {
      clock = t0 + i * 1000;
      sent.push({ msgId: String((await send(socket, { body: `t${i}` })).msgId), at: clock });
    }
    await socket.request(7103, { webcastId: 'r1', msgId: sent[1]!.msgId }); // t2 withdrawn
    const list = (fields: Record<string, unknown>) => call(s, 'GET', '/ccp/monitor/v1/chat/public/list', { webcastId: 'r1', ...fields }, { token: session.token });
    const bodies = (r: Awaited<ReturnType<typeof list>>) => (r.data?.list as Array<{ body: string }>).map((m) => m.body);

    const byMoment = await list({ until: t0 + 4000, take: 2 });
    expect(byMoment.data).toMatchObject({ until: t0 + 4000, take: 2, more: true });
    expect(bodies(byMoment)).toEqual(['t3', 't4']);
    expect(bodies(await list({ until: t0 + 4000, take: 10 }))).toEqual(['t1', 't3', 't4']);
    expect((await list({ until: t0 + 4000, take: 10 })).data?.more).toBe(false);
    expect(bodies(await list({ until: t0 + 500 }))).toEqual([]);

    const first = (await list({ until: t0 + 1000 })).data?.list as Array<{ offset: number }>;
    const onward = await list({ after: first[0]!.offset, take: 2 });
    expect(onward.data).toMatchObject({ take: 2, more: true });
    expect(bodies(onward)).toEqual(['t3', 't4']);
    const last = await list({ after: (onward.data?.list as Array<{ offset: number }>)[1]!.offset, take: 10 });
    expect([bodies(last), last.data?.more]).toEqual([['t5', 't6'], false]);

    expect((await list({ until: t0, after: 0 })).code).toBe(4501);
    expect((await list({ until: -1 })).code).toBe(4501);
    expect((await list({ after: 'x' })).code).toBe(4501);
  });
});

describe('admin chat API', () => {
  it('says as the host or an assistant, and refuses without the token or with bad input', async () => {
    const s = await start();
    const viewer = await member(s, 'v');
    const said = await admin(s, '/admin/v1/rooms/r1/say', { text: 'welcome', role: 'assistant', name: 'Helper' });
    expect(said.code).toBe(200);
    expect((await viewer.socket.nextPush(7101)).body).toMatchObject({ body: 'welcome', role: 8, roleName: 'assistant', name: 'Helper', uid: 'assistant-r1', msgId: said.data?.msgId });
    // A host may @mention viewers, as a viewer's picked_uid does.
    await admin(s, '/admin/v1/rooms/r1/say', { text: '@v hello', role: 'host', pickedUids: ['v'] });
    expect((await viewer.socket.nextPush(7101)).body).toMatchObject({ body: '@v hello', role: 6, picked_uid: ['v'] });
    expect((await admin(s, '/admin/v1/rooms/r1/say', { text: 'x', role: 'host', pickedUids: [''] })).code).toBe(4501);
    expect((await admin(s, '/admin/v1/rooms/r1/say', { text: 'x', role: 'host' }, 'POST', 'wrong')).status).toBe(401);
    expect((await admin(s, '/admin/v1/rooms/r1/say', { text: 'x', role: 'guest' })).code).toBe(4501);
    expect((await admin(s, '/admin/v1/rooms/r1/say', { text: '', role: 'host' })).code).toBe(4501);
    expect((await admin(s, '/admin/v1/rooms/nope/say', { text: 'x', role: 'host' })).msg).toBe('webcastId: no such room');
    expect((await admin(s, '/admin/v1/rooms/r1/chat/state', { open: 'yes' })).code).toBe(4501);
    expect((await admin(s, '/admin/v1/rooms/r1/chat/state', { colour: 'red' })).code).toBe(4501);
    expect((await admin(s, '/admin/v1/rooms/r1/users/nobody/mute', {})).msg).toBe('uid: no such user');
    expect((await admin(s, '/admin/v1/rooms/r1/users/v/notice', {})).msg).toBe('text: a notice needs a text');
    expect((await admin(s, '/admin/v1/rooms/r1/users/v/notice', { text: 'hello' })).code).toBe(200);
    expect((await admin(s, '/admin/v1/rooms/r1/users/v/mute')).code).toBe(200);
  });
});

describe('restart on the same DATA_DIR', () => {
  it('keeps the chat history, withdrawals and room offsets', async () => {
    const first = await start();
    const { socket, session } = await member(first, 'u1');
    const sent = [];
    for (let i = 1; i <= 4; i++) sent.push(await send(socket, { body: `before ${i}` }));
    await socket.request(7103, { webcastId: 'r1', msgId: sent[1]!.msgId });
    socket.close();
    const second = await first.restart();
    server = second;
    const history = await call(second, 'GET', '/ccp/monitor/v1/chat/public/list', { webcastId: 'r1' }, { token: session.token });
    expect((history.data?.list as Array<{ body: string; offset: number }>).map((m) => [m.offset, m.body])).toEqual([
      [1, 'before 1'],
      [3, 'before 3'],
      [4, 'before 4'],
    ]);
    const again = await TestSocket.connect(second.url, session.sid);
    sockets.push(again);
    expect(await again.request(7001, { webcastId: 'r1', offset: 3 })).toMatchObject({ status: 200, offset: 5 });
    expect(again.received(7101).map((f) => f.body.offset)).toEqual([4]);
    expect(again.received(7103).map((f) => f.body.offset)).toEqual([5]);
    const next = await send(again, { body: 'after' });
    expect(next.offset).toBe(6);
  });
});
