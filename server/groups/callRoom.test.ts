/**
 * Call-room requests 1605, 1607, 1613, 1617 and 1623 over real sockets, on top of the
 * connect-mic flow (apply over HTTP, accept through the admin API).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { TestServer } from '../testing/harness.js';
import { admin, call, startRealtimeTestServer } from '../testing/realtimeServer.js';
import { loginAs, type UserOptions } from '../testing/roomFixtures.js';
import { TestSocket } from '../testing/socketClient.js';

let server: TestServer | undefined;
const sockets: TestSocket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  await server?.close();
  server = undefined;
});

async function member(s: TestServer, uid: string, options: UserOptions = {}) {
  const session = await loginAs(s.ctx, uid, 'r1', { nameChanged: true, ...options });
  const socket = await TestSocket.connect(s.url, session.sid);
  sockets.push(socket);
  await socket.request(7001, { webcastId: 'r1', offset: 0 });
  return { session, socket };
}

/** A host and a viewer whose mic application was accepted (state connecting). */
async function accepted() {
  const s = await startRealtimeTestServer();
  server = s;
  const host = await member(s, 'h', { role: 6 });
  const viewer = await member(s, 'v');
  expect((await host.socket.request(1617, { webcastId: 'r1', attr: { open: true } })).attr).toEqual({ open: true });
  expect((await call(s, 'POST', '/ccp/monitor/v1/voip/apply', { type: 1, token: viewer.session.token }, { form: true })).code).toBe(200);
  expect((await admin(s, '/admin/v1/rooms/r1/mic/v/accept')).code).toBe(200);
  return { s, host, viewer };
}

describe('call room', () => {
  it('1605 joins an accepted viewer (connected) and 1623 reports each mic state', async () => {
    const { host, viewer } = await accepted();
    const joined = await viewer.socket.request(1605, { webcastId: 'r1' });
    expect(joined).toMatchObject({ status: 200, webcastId: 'r1', open: true, users: [{ uid: 'v', state: 'connected' }] });
    expect((await host.socket.nextPush(4107)).body).toMatchObject({ uid: 'v' });
    expect(await host.socket.request(1623, { webcastId: 'r1', users: ['v', 'h'] })).toMatchObject({
      status: 200,
      users: [
        { uid: 'v', attr: { state: 'connected' } },
        { uid: 'h', attr: { state: 'idle' } },
      ],
    });
    expect((await host.socket.request(1623, { webcastId: 'r1' })).users).toEqual([{ uid: 'v', attr: { state: 'connected' } }]);
  });

  it('1607 quits: the viewer hangs up and the host side hears it', async () => {
    const { host, viewer } = await accepted();
    await viewer.socket.request(1605, { webcastId: 'r1' });
    expect(await viewer.socket.request(1607, { webcastId: 'r1' })).toMatchObject({ status: 200, users: [] });
    expect((await host.socket.nextPush(4109)).body).toMatchObject({ uid: 'v', by: 'viewer' });
    expect((await viewer.socket.request(1607, { webcastId: 'r1' })).status).toBe(4501);
    expect((await host.socket.request(1607, { webcastId: 'r1' })).status).toBe(4501);
  });

  it('1613 kicks with kick_reason (default 100), pushed as 6117; viewers may not kick', async () => {
    const { host, viewer } = await accepted();
    await viewer.socket.request(1605, { webcastId: 'r1' });
    expect((await viewer.socket.request(1613, { webcastId: 'r1', users: ['v'] })).status).toBe(4009);
    const kicked = await host.socket.request(1613, { webcastId: 'r1', users: ['v'] });
    expect(kicked).toMatchObject({ status: 200, kicked: ['v'], kick_reason: 100, users: [] });
    expect((await viewer.socket.nextPush(6117)).body).toMatchObject({ users: ['v'], kick_reason: 100 });
    expect(await host.socket.request(1613, { webcastId: 'r1', users: ['v'] })).toMatchObject({ status: 4501, msg: 'users[0]: is not in the call room' });
  });

  it('1613 carries a given kick_reason', async () => {
    const { host, viewer } = await accepted();
    expect((await host.socket.request(1613, { webcastId: 'r1', users: ['v'], kick_reason: 7 })).kick_reason).toBe(7);
    expect((await viewer.socket.nextPush(6117)).body).toMatchObject({ kick_reason: 7 });
  });

  it('1617 reads the room attributes for anyone and sets them for the host side only', async () => {
    const { host, viewer } = await accepted();
    expect(await viewer.socket.request(1617, { webcastId: 'r1' })).toMatchObject({ status: 200, attr: { open: true } });
    expect((await viewer.socket.request(1617, { webcastId: 'r1', attr: { open: false } })).status).toBe(4009);
    expect(await host.socket.request(1617, { webcastId: 'r1', attr: { open: false } })).toMatchObject({ status: 200, attr: { open: false } });
    expect((await viewer.socket.nextPush(4111, 5000, (b) => b.open === false)).body).toMatchObject({ webcastId: 'r1' });
    expect(await host.socket.request(1617, { webcastId: 'r1', attr: { shut: 1 } })).toMatchObject({ status: 4501, msg: 'attr.open: is required (true or false)' });
  });

  it('1605 refuses a viewer who is not accepted, and any other room', async () => {
    const s = await startRealtimeTestServer();
    server = s;
    const viewer = await member(s, 'v');
    expect((await viewer.socket.request(1605, { webcastId: 'r1' })).status).toBe(4501);
    expect((await viewer.socket.request(1605, { webcastId: 'r2' })).status).toBe(4009);
    expect((await viewer.socket.request(1605, {})).status).toBe(4501);
  });
});
