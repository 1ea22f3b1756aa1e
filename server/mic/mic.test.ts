/**
 * Connect-mic over real sockets and HTTP (SPEC 4, PROTOCOL 2.5): apply -> accept ->
 * connected -> disconnect, reject, invitation, network loss and reconnect, signalling
 * relay, call-room control pushes and their acknowledgements, and every refusal.
 */
import { sql } from 'kysely';
import { rowOf } from '../testing/storeRows.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { FrameBody } from '../../src/protocol/frame';
import type { TestServer } from '../testing/harness.js';
import { admin, call, startRealtimeTestServer, TEST_MIC_GRACE_MS } from '../testing/realtimeServer.js';
import { loginAs, type UserOptions } from '../testing/roomFixtures.js';
import { TestSocket } from '../testing/socketClient.js';
import { CALL_ROOM } from './callRoom.js';

let server: TestServer | undefined;
const sockets: TestSocket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  await server?.close();
  server = undefined;
});

async function start(micGraceMs?: number): Promise<TestServer> {
  server = await startRealtimeTestServer(micGraceMs === undefined ? {} : { micGraceMs });
  return server;
}

async function member(s: TestServer, uid: string, options: UserOptions = {}) {
  const session = await loginAs(s.ctx, uid, 'r1', { nameChanged: true, ...options });
  const socket = await TestSocket.connect(s.url, session.sid);
  sockets.push(socket);
  await socket.request(7001, { webcastId: 'r1', offset: 0 });
  return { session, socket };
}

const apply = (s: TestServer, token: string, type: number | string = 1) => call(s, 'POST', '/ccp/monitor/v1/voip/apply', { type, token }, { form: true });
const reply = (s: TestServer, token: string, type: number | string) => call(s, 'POST', '/ccp/monitor/v1/voip/reply', { type, token }, { form: true });
const openRequests = (s: TestServer, open = true) => admin(s, '/admin/v1/rooms/r1/mic/requests', { open });
const stateOf = async (s: TestServer, uid: string) =>
  ((await rowOf(s.ctx, sql`SELECT state FROM mic_states WHERE webcast_id = ${'r1'} AND user_id = ${uid}`)) as { state: string } | undefined)?.state ?? 'idle';

describe('applying', () => {
  it('refuses while requests are closed, before the nickname is set, without a socket, and for staff', async () => {
    const s = await start();
    const viewer = await member(s, 'v');
    expect(await apply(s, viewer.session.token)).toMatchObject({ code: 4501, msg: 'type: mic requests are closed by the host' });
    await openRequests(s);
    const unnamed = await member(s, 'n', { nameChanged: false });
    expect((await apply(s, unnamed.session.token)).msg).toBe('name: set your nickname before applying to connect-mic');
    const noSocket = await loginAs(s.ctx, 'w', 'r1', { nameChanged: true });
    expect((await apply(s, noSocket.token)).msg).toMatch(/^socket: /);
    const host = await member(s, 'h', { role: 6 });
    expect((await apply(s, host.session.token)).msg).toBe('role: the host and assistants do not apply for the mic');
    expect((await apply(s, 'no-such-token')).code).toBe(402);
    for (const type of [0, 3, 'x', '']) expect((await apply(s, viewer.session.token, type)).code, String(type)).toBe(4501);
    const missing = await call(s, 'POST', '/ccp/monitor/v1/voip/apply', { token: viewer.session.token }, { form: true });
    expect(missing.code).toBe(4501);
    expect((await apply(s, viewer.session.token, 2)).msg).toBe('type: cannot cancel the mic while idle');
  });

  it('takes the token header when the form has none, and cancels an application', async () => {
    const s = await start();
    const viewer = await member(s, 'v');
    const host = await member(s, 'h', { role: 6 });
    await openRequests(s);
    const applied = await call(s, 'POST', '/ccp/monitor/v1/voip/apply', { type: 1 }, { form: true, token: viewer.session.token });
    expect(applied).toMatchObject({ code: 200, data: { webcastId: 'r1', state: 'applying' } });
    expect((await host.socket.nextPush(4101)).body).toMatchObject({ webcastId: 'r1', uid: 'v', name: 'user_v' });
    expect((await apply(s, viewer.session.token)).msg).toBe('type: cannot apply the mic while applying');
    expect((await apply(s, viewer.session.token, 2)).data).toEqual({ webcastId: 'r1', state: 'idle' });
    expect((await host.socket.nextPush(CALL_ROOM.applicationCancelled)).body).toMatchObject({ uid: 'v' });
  });
});

describe('the mic flow', () => {
  it('apply -> accept -> signalling -> connected -> hang up, with the pushes on both sides', async () => {
    const s = await start();
    const viewer = await member(s, 'v');
    const host = await member(s, 'h', { role: 6 });
    expect((await openRequests(s)).data).toEqual({ open: true, users: [] });
    expect((await viewer.socket.nextPush(4111)).body).toEqual({ webcastId: 'r1', open: true });

    expect((await apply(s, viewer.session.token)).data?.state).toBe('applying');
    expect((await host.socket.nextPush(4101)).body.uid).toBe('v');
    const queue = await host.socket.nextPush(4113, 2000, (b) => Array.isArray(b.users) && b.users.length === 1);
    expect((queue.body.users as Array<{ uid: string }>)[0]?.uid).toBe('v');

    const users = await call(s, 'GET', '/ccp/monitor/v1/voip/users', { webcastId: 'r1' }, { token: viewer.session.token });
    expect(users.data).toMatchObject({ open: true, users: [{ uid: 'v', state: 'applying' }] });

    expect((await admin(s, '/admin/v1/rooms/r1/mic/v/accept')).data).toEqual({ uid: 'v', state: 'connecting' });
    expect((await viewer.socket.nextPush(4103)).body).toEqual({ webcastId: 'r1', uid: 'v', from: 'host' });

    // Signalling both ways while connecting.
    const offer = await viewer.socket.request(4115, { webcastId: 'r1', to: 'h', sdp: 'v=0 offer' });
    expect(offer).toEqual({ status: 200, delivered: 1 });
    expect((await host.socket.nextPush(4115)).body).toEqual({ webcastId: 'r1', from: 'v', sdp: 'v=0 offer' });
    expect((await host.socket.request(4117, { webcastId: 'r1', to: 'v', sdp: 'v=0 answer' })).status).toBe(200);
    expect((await viewer.socket.nextPush(4117)).body).toMatchObject({ from: 'h', sdp: 'v=0 answer' });
    expect((await viewer.socket.request(4119, { webcastId: 'r1', to: 'h', candidate: { candidate: 'c', sdpMid: '0' } })).status).toBe(200);
    expect((await host.socket.nextPush(4119)).body.candidate).toEqual({ candidate: 'c', sdpMid: '0' });

    expect((await reply(s, viewer.session.token, 1)).data).toEqual({ webcastId: 'r1', state: 'connected' });
    expect((await viewer.socket.nextPush(4107)).body).toEqual({ webcastId: 'r1', uid: 'v' });
    expect((await host.socket.nextPush(4107)).body.uid).toBe('v');
    const joined = await host.socket.nextPush(CALL_ROOM.memberJoined);
    expect(joined.body).toMatchObject({ webcastId: 'r1', uid: 'v', mid: joined.mid });

    expect((await reply(s, viewer.session.token, 3)).data?.state).toBe('idle');
    expect((await host.socket.nextPush(4109)).body).toEqual({ webcastId: 'r1', uid: 'v', by: 'viewer' });
    expect((await viewer.socket.nextPush(4109)).body.by).toBe('viewer');
    expect((await host.socket.nextPush(CALL_ROOM.memberLeft)).body).toMatchObject({ uid: 'v', by: 'viewer' });
    expect(await stateOf(s, 'v')).toBe('idle');
    expect((await reply(s, viewer.session.token, 3)).msg).toBe('type: cannot hangup the mic while idle');
  });

  it('rejects an application (4105) and lets the host hang up a connected viewer (4109, 6117)', async () => {
    const s = await start();
    const viewer = await member(s, 'v');
    await openRequests(s);
    await apply(s, viewer.session.token);
    expect((await admin(s, '/admin/v1/rooms/r1/mic/v/reject')).data?.state).toBe('idle');
    expect((await viewer.socket.nextPush(4105)).body).toMatchObject({ uid: 'v', reason: 'rejected' });
    expect((await admin(s, '/admin/v1/rooms/r1/mic/v/accept')).msg).toBe('type: cannot accept the mic while idle');

    await apply(s, viewer.session.token);
    await admin(s, '/admin/v1/rooms/r1/mic/v/accept');
    await reply(s, viewer.session.token, 1);
    expect((await admin(s, '/admin/v1/rooms/r1/mic/v/hangup')).data?.state).toBe('idle');
    expect((await viewer.socket.nextPush(4109)).body.by).toBe('host');
    const removed = await viewer.socket.nextPush(CALL_ROOM.removed);
    expect(removed.body).toMatchObject({ users: ['v'], kick_reason: 100 });
  });

  it('drops waiting applications when the host closes requests', async () => {
    const s = await start();
    const a = await member(s, 'a');
    const b = await member(s, 'b');
    await openRequests(s);
    await apply(s, a.session.token);
    await apply(s, b.session.token);
    await admin(s, '/admin/v1/rooms/r1/mic/b/accept');
    await openRequests(s, false);
    expect((await a.socket.nextPush(4105)).body.reason).toBe('requests closed');
    expect((await a.socket.nextPush(4111, 2000, (x) => x.open === false)).body.open).toBe(false);
    expect([await stateOf(s, 'a'), await stateOf(s, 'b')]).toEqual(['idle', 'connecting']);
  });

  it('invites a viewer (4133 acknowledged with 4134), who confirms', async () => {
    const s = await start();
    const viewer = await member(s, 'v');
    const host = await member(s, 'h', { role: 6 });
    expect(await host.socket.request(4133, { webcastId: 'r1', uid: 'v' })).toEqual({ status: 200, uid: 'v' });
    const invite = await viewer.socket.nextPush(4133);
    expect(invite.body).toMatchObject({ webcastId: 'r1', uid: 'v', from: 'h' });
    viewer.socket.push(4134, invite.body);
    await viewer.socket.request(9001);
    const book = s.ctx.clients.ofUser('v')[0]!.acks.list().find((r) => r.pushCode === 4133);
    expect(book?.ackedAt).not.toBeNull();
    expect((await host.socket.nextPush(CALL_ROOM.invited)).body).toMatchObject({ uid: 'v', from: 'h' });
    expect((await reply(s, viewer.session.token, 1)).data?.state).toBe('connected');
    expect((await host.socket.nextPush(CALL_ROOM.inviteAnswered)).body).toMatchObject({ uid: 'v', accepted: true });
    expect((await viewer.socket.request(4133, { webcastId: 'r1', uid: 'h' })).msg).toBe('role: only the host or an assistant may invite to the mic');
    expect((await host.socket.request(4133, { webcastId: 'r1', uid: 'v' })).msg).toBe('type: cannot invite the mic while connected');
  });
});

describe('signalling refusals', () => {
  it('relays only between a viewer on the mic and the host side', async () => {
    const s = await start();
    const viewer = await member(s, 'v');
    const other = await member(s, 'o');
    const host = await member(s, 'h', { role: 6 });
    const relay = (socket: TestSocket, body: FrameBody) => socket.request(4115, { webcastId: 'r1', ...body });
    expect((await relay(viewer.socket, { to: 'h', sdp: 'x' })).msg).toBe('webcastId: you are not on the mic');
    await openRequests(s);
    await apply(s, viewer.session.token);
    await admin(s, '/admin/v1/rooms/r1/mic/v/accept');
    expect((await relay(viewer.socket, { to: 'o', sdp: 'x' })).msg).toBe('to: signalling goes to a connected host or assistant');
    // Without `to`, a viewer's offer goes to every connected host and assistant (with who sent it).
    expect(await relay(viewer.socket, { sdp: 'x' })).toMatchObject({ status: 200, delivered: 1 });
    expect((await host.socket.nextPush(4115)).body).toEqual({ webcastId: 'r1', sdp: 'x', from: 'v' });
    expect((await host.socket.request(4117, { webcastId: 'r1', sdp: 'y' })).msg).toBe('to: required');
    expect((await relay(other.socket, { to: 'h' })).msg).toBe('webcastId: you are not on the mic');
    expect((await relay(other.socket, {})).msg).toBe('webcastId: you are not on the mic');
  });
});

describe('network loss and reconnect', () => {
  it('keeps the mic over a quick reconnect (4201 snapshot, acknowledged with 4102) and drops it after the grace', async () => {
    const s = await start();
    const first = await member(s, 'v');
    const host = await member(s, 'h', { role: 6 });
    await openRequests(s);
    await apply(s, first.session.token);
    await admin(s, '/admin/v1/rooms/r1/mic/v/accept');
    await reply(s, first.session.token, 1);

    first.socket.close();
    await first.socket.closed();
    const back = await TestSocket.connect(s.url, first.session.sid);
    sockets.push(back);
    const snapshot = await back.nextPush(4201);
    expect(snapshot.body).toMatchObject({ webcastId: 'r1', state: 'connected', open: true, onMic: [{ uid: 'v' }] });
    back.push(4102, snapshot.body);
    const callRoom = await back.nextPush(CALL_ROOM.snapshot);
    back.push(CALL_ROOM.snapshot + 1, { mid: callRoom.mid! });
    await back.request(9001);
    const acks = s.ctx.clients.ofUser('v')[0]!.acks.list();
    expect(acks.filter((r) => r.ackedAt !== null).map((r) => r.pushCode)).toEqual([4201, CALL_ROOM.snapshot]);
    await new Promise((r) => setTimeout(r, TEST_MIC_GRACE_MS * 2));
    expect(await stateOf(s, 'v')).toBe('connected');

    back.close();
    await back.closed();
    const lost = await host.socket.nextPush(4109, 3000);
    expect(lost.body).toEqual({ webcastId: 'r1', uid: 'v', by: 'network' });
    expect((await host.socket.nextPush(CALL_ROOM.networkLost)).body.uid).toBe('v');
    expect(await stateOf(s, 'v')).toBe('idle');
    const again = await TestSocket.connect(s.url, first.session.sid);
    sockets.push(again);
    // Back after the grace: the login's snapshot says idle (the mic ended while away). It
    // comes once the store has answered: waited for, then nothing else came with it.
    await again.nextPush(4201);
    await again.request(9001);
    expect(again.received(4201).map((f) => f.body)).toEqual([{ webcastId: 'r1', state: 'idle', open: true, onMic: [], mid: expect.any(String) }]);
    expect(again.received(CALL_ROOM.snapshot)).toHaveLength(0);
  });

  it('ends the mic of a kicked viewer', async () => {
    const s = await start();
    const viewer = await member(s, 'v');
    const host = await member(s, 'h', { role: 6 });
    await openRequests(s);
    await apply(s, viewer.session.token);
    await admin(s, '/admin/v1/rooms/r1/users/v/kick', {});
    expect((await host.socket.nextPush(4109)).body.by).toBe('kicked');
    expect(await stateOf(s, 'v')).toBe('idle');
  });

  it('keeps mic state and the requests switch across a restart', async () => {
    // A restart takes longer than the short test grace: give the viewer time to come back.
    const s = await start(5000);
    const viewer = await member(s, 'v');
    await openRequests(s);
    await apply(s, viewer.session.token);
    viewer.socket.close();
    const next = await s.restart();
    server = next;
    const back = await TestSocket.connect(next.url, viewer.session.sid);
    sockets.push(back);
    expect((await back.nextPush(4201)).body).toMatchObject({ state: 'applying', open: true });
  });
});

describe('the other mic calls', () => {
  it('answers voip/users and signalling to the assistants, and refuses bad input', async () => {
    const s = await start();
    const viewer = await member(s, 'v');
    const assistant = await member(s, 'as', { role: 8 });
    const users = (fields: Record<string, unknown>) => call(s, 'GET', '/ccp/monitor/v1/voip/users', fields, { token: viewer.session.token });
    expect((await users({ webcastId: 'r1' })).data).toEqual({ open: false, users: [] });
    expect((await users({})).code).toBe(4501);
    expect((await users({ webcastId: 'r2' })).code).toBe(4009);

    const signal = (id: string, fields: Record<string, unknown>, token = viewer.session.token) =>
      call(s, 'POST', `/ccp/monitor/v1/signaling/${id}/to/assistant`, fields, { token });
    expect((await signal('r1', { content: { raise: 'hand' } })).data).toEqual({ delivered: 1 });
    expect((await assistant.socket.nextPush(4121)).body).toEqual({ webcastId: 'r1', from: 'v', name: 'user_v', content: { raise: 'hand' } });
    expect((await signal('r1', {})).code).toBe(4501);
    expect((await signal('r1', { content: 'x'.repeat(9000) })).msg).toBe('content: at most 8192 bytes');
    expect((await signal('r2', { content: 1 })).code).toBe(4009);
    expect((await signal('r1', { content: 1 }, '')).code).toBe(402);
  });

  it('guards the mic admin API', async () => {
    const s = await start();
    await member(s, 'v');
    expect((await admin(s, '/admin/v1/rooms/r1/mic/requests', { open: true }, 'POST', 'nope')).status).toBe(401);
    expect((await admin(s, '/admin/v1/rooms/r1/mic/requests', { open: 'maybe' })).code).toBe(4501);
    expect((await admin(s, '/admin/v1/rooms/r1/mic/requests', {})).code).toBe(4501);
    expect((await admin(s, '/admin/v1/rooms/nope/mic/requests', { open: true })).msg).toBe('webcastId: no such room');
    expect((await admin(s, '/admin/v1/rooms/r1/mic/v/invite')).data?.state).toBe('connecting');
    expect((await admin(s, '/admin/v1/rooms/r1/mic/ghost/invite')).msg).toBe('uid: that viewer is not connected to the room');
    expect((await admin(s, '/admin/v1/rooms/r1/mic', undefined, 'GET')).data).toMatchObject({ open: false, users: [{ uid: 'v', state: 'connecting' }] });
  });
});

describe('the host side from the console (voip/host)', () => {
  it('opens requests, accepts and hangs up with a host login, the same service as the admin API; refuses viewers', async () => {
    const s = await start();
    const viewer = await member(s, 'v');
    const host = await member(s, 'h', { role: 6 });
    const hostCall = (body: Record<string, unknown>, token = host.session.token) => call(s, 'POST', '/ccp/monitor/v1/voip/host', body, { token });
    expect((await hostCall({ action: 'requests', open: true })).data).toMatchObject({ open: true, users: [] });
    expect((await viewer.socket.nextPush(4111)).body).toMatchObject({ open: true });
    await apply(s, viewer.session.token);
    expect((await hostCall({ action: 'accept', uid: 'v' })).data).toMatchObject({ users: [{ uid: 'v', state: 'connecting' }] });
    // The viewer learns who accepted: that is whom its media goes to.
    expect((await viewer.socket.nextPush(4103)).body).toEqual({ webcastId: 'r1', uid: 'v', from: 'h' });
    expect((await hostCall({ action: 'hangup', uid: 'v' })).data).toMatchObject({ users: [] });
    expect((await viewer.socket.nextPush(4109)).body).toMatchObject({ by: 'host' });

    expect((await hostCall({ action: 'accept' })).msg).toBe('uid: required');
    expect((await hostCall({ action: 'requests' })).msg).toBe('open: required');
    expect((await hostCall({ action: 'explode', uid: 'v' })).code).toBe(4501);
    expect((await hostCall({ action: 'accept', uid: 'v' })).msg).toBe('type: cannot accept the mic while idle');
    expect((await hostCall({ action: 'requests', open: false }, viewer.session.token)).msg).toBe('role: only the host or an assistant may do this');
    expect((await call(s, 'POST', '/ccp/monitor/v1/voip/host', { action: 'requests', open: false })).code).toBe(402);
  });
});

describe('who is on the mic, for the whole room (4113 onMic)', () => {
  it('tells every viewer who is connected, and when they leave', async () => {
    const s = await start();
    const viewer = await member(s, 'v');
    const other = await member(s, 'o');
    await openRequests(s);
    await apply(s, viewer.session.token);
    await admin(s, '/admin/v1/rooms/r1/mic/v/accept');
    await reply(s, viewer.session.token, 1);
    const on = await other.socket.nextPush(4113, 3000, (b) => Array.isArray(b.onMic) && (b.onMic as unknown[]).length === 1);
    expect(on.body).toMatchObject({ users: [], onMic: [{ uid: 'v', name: expect.any(String) }] });
    await admin(s, '/admin/v1/rooms/r1/mic/v/hangup');
    const off = await other.socket.nextPush(4113, 3000, (b) => Array.isArray(b.onMic) && (b.onMic as unknown[]).length === 0);
    expect(off.body).toMatchObject({ onMic: [] });
  });
});

