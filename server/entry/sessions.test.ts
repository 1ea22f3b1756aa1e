import { sql } from 'kysely';
import { rowOf, run } from '../testing/storeRows.js';
import { afterEach, describe, expect, it } from 'vitest';
import { TestSocket } from '../testing/socketClient.js';
import { kitFor, guestLogin, LOGIN, ok, phoneLogin, smsCode, startSeeded, staffLogin, type Kit, type LoginData } from './testKit.js';

let kit: Kit;
afterEach(async () => kit?.server.close());

const REFRESH = '/ccp/monitor/v2/webcast/user/refresh';

describe('one account, one live login', () => {
  it('sends 9004 to the older socket when the same phone user logs in from another browser', async () => {
    kit = await startSeeded();
    const first = ok(await phoneLogin(kit, '10004', 'phone', '13900000020'));
    const socket = await TestSocket.connect(kit.server.url, first.sid);
    await run(kit.server.ctx, sql`UPDATE verification_codes SET sent_at = 0 WHERE target = '13900000020'`);
    const second = ok(await phoneLogin(kit, '10004', 'phone', '13900000020'));
    expect(second.userId).toBe(first.userId);
    const push = await socket.nextPush(9004);
    expect(push.body.status).toBe(4005);
    expect((await socket.closed()).code).toBe(4005);
    // The older token is dead (402), the newer one works.
    expect((await kit.get(REFRESH, { token: first.token, sid: first.sid, webcastId: '10004' })).code).toBe(402);
    expect((await kit.get(REFRESH, { token: second.token, sid: second.sid, webcastId: '10004' })).code).toBe(200);
  });

  it('does not end other guests logged in under the same name', async () => {
    kit = await startSeeded();
    const a = await guestLogin(kit, '10001', 'twin');
    const socket = await TestSocket.connect(kit.server.url, a.sid);
    await guestLogin(kit, '10001', 'twin');
    expect((await kit.get(REFRESH, { token: a.token, sid: a.sid, webcastId: '10001' })).code).toBe(200);
    expect(socket.isOpen).toBe(true);
    expect(socket.received(9004)).toEqual([]);
    socket.close();
  });

  it('ends a host session when the host logs in again', async () => {
    kit = await startSeeded();
    const a = await staffLogin(kit, '10001');
    await staffLogin(kit, '10001');
    expect((await kit.get(REFRESH, { token: a.token, sid: a.sid, webcastId: '10001' })).code).toBe(402);
  });
});

describe('logout', () => {
  const LOGOUT = '/ccp/monitor/v2/logout';

  it('ends the session at once: its sockets are told (1100 status 4013) and closed, the token answers 402', async () => {
    kit = await startSeeded();
    const s = await guestLogin(kit, '10001', 'leaving');
    const other = await guestLogin(kit, '10001', 'staying');
    const tabA = await TestSocket.connect(kit.server.url, s.sid);
    const tabB = await TestSocket.connect(kit.server.url, s.sid);
    const bystander = await TestSocket.connect(kit.server.url, other.sid);

    expect(ok(await kit.post<{ ended: boolean }>(LOGOUT, {}, { token: s.token }))).toEqual({ ended: true });
    for (const tab of [tabA, tabB]) {
      expect((await tab.nextPush(1100, undefined, (body) => body.status === 4013)).body.msg).toBe('you have logged out');
      expect((await tab.closed()).code).toBe(4013);
    }
    expect((await kit.get(REFRESH, { token: s.token, sid: s.sid, webcastId: '10001' })).code).toBe(402);
    expect((await kit.post('/ccp/user/v1/heartbeat', { webcastId: '10001' }, { token: s.token })).code).toBe(402);
    // A socket login with the ended session is refused as expired.
    const late = await TestSocket.open(kit.server.url);
    expect((await late.login(s.sid)).status).toBe(402);
    // Another viewer is untouched.
    expect(bystander.isOpen).toBe(true);
    expect((await kit.get(REFRESH, { token: other.token, sid: other.sid, webcastId: '10001' })).code).toBe(200);
    bystander.close();
  });

  it('is harmless to repeat, and needs a token', async () => {
    kit = await startSeeded();
    const s = await guestLogin(kit, '10001', 'twice');
    expect(ok(await kit.post(LOGOUT, {}, { token: s.token }))).toEqual({ ended: true });
    expect(ok(await kit.post(LOGOUT, {}, { token: s.token }))).toEqual({ ended: false });
    expect((await kit.post(LOGOUT, {})).code).toBe(402);
    expect(ok(await kit.post(LOGOUT, {}, { token: 'z'.repeat(32) }))).toEqual({ ended: false });
  });
});

describe('session refresh and expiry', () => {
  it('renews a live session; answers 402 for a wrong sid, another room, an unknown token, or after expiry', async () => {
    let now = 1_700_000_000_000;
    kit = await startSeeded({ now: () => now });
    const ttl = kit.server.ctx.config.tokenTtlMs;
    const s = await guestLogin(kit);
    const renewed = ok(await kit.get<{ expiresAt: number }>(REFRESH, { token: s.token, sid: s.sid, webcastId: '10001' }));
    expect(renewed.expiresAt).toBe(now + ttl);
    expect((await kit.get(REFRESH, { token: s.token, sid: 'x'.repeat(32), webcastId: '10001' })).code).toBe(402);
    expect((await kit.get(REFRESH, { token: s.token, sid: s.sid, webcastId: '10002' })).code).toBe(402);
    expect((await kit.get(REFRESH, { token: 'y'.repeat(32), sid: s.sid, webcastId: '10001' })).code).toBe(402);
    expect((await kit.get(REFRESH, { token: s.token, sid: s.sid })).code).toBe(4501);
    // Used just before expiry it lives on; left alone past the TTL it is gone.
    now += ttl - 1000;
    expect((await kit.get(REFRESH, { token: s.token, sid: s.sid, webcastId: '10001' })).code).toBe(200);
    now += ttl + 1;
    expect((await kit.get(REFRESH, { token: s.token, sid: s.sid, webcastId: '10001' })).code).toBe(402);
    expect((await kit.post('/ccp/user/v1/heartbeat', { webcastId: '10001' }, { token: s.token })).code).toBe(402);
  });
});

describe('one-time links (live_login/disposable)', () => {
  const DISPOSABLE = `${LOGIN}/disposable`;
  const admin = { adminToken: 'test-admin-token' };

  it('lets the link in once (as a new guest with the link name, or as the bound user), then 4301', async () => {
    kit = await startSeeded();
    const link = ok(await kit.post<{ token: string; path: string }>('/admin/v1/rooms/10002/disposable', { name: 'Invited' }, admin));
    expect(link.path).toBe(`/live/login/10002?disposable=${link.token}`);
    const entered = ok(await kit.post<LoginData>(DISPOSABLE, { webcastId: '10002', token: link.token, privacyAccepted: true }));
    expect(entered.name).toBe('Invited');
    expect(entered.role).toBe(5);
    expect((await kit.post(DISPOSABLE, { webcastId: '10002', token: link.token, privacyAccepted: true })).code).toBe(4301);

    const bound = ok(await kit.post<{ token: string }>('/admin/v1/rooms/10002/disposable', { uid: 'host-10002' }, admin));
    const host = ok(await kit.post<LoginData>(DISPOSABLE, { webcastId: '10002', token: bound.token, privacyAccepted: true }));
    expect(host).toMatchObject({ userId: 'host-10002', role: 6 });
  });

  it('refuses an unknown token, another room, an expired link (4301), no privacy tick (4107) and bad input (4501)', async () => {
    let now = 1_700_000_000_000;
    kit = await startSeeded({ now: () => now });
    const link = ok(await kit.post<{ token: string }>('/admin/v1/rooms/10002/disposable', { ttlSeconds: 60 }, admin));
    expect((await kit.post(DISPOSABLE, { webcastId: '10002', token: 'nope', privacyAccepted: true })).code).toBe(4301);
    expect((await kit.post(DISPOSABLE, { webcastId: '10001', token: link.token })).code).toBe(4301);
    expect((await kit.post(DISPOSABLE, { webcastId: '10002', token: link.token })).code).toBe(4107);
    expect((await kit.post(DISPOSABLE, { webcastId: '10002' })).code).toBe(4501);
    now += 61_000;
    expect((await kit.post(DISPOSABLE, { webcastId: '10002', token: link.token, privacyAccepted: true })).code).toBe(4301);
  });

  it('keeps links behind the admin token, and validates the admin input', async () => {
    kit = await startSeeded();
    const res = await fetch(`${kit.server.url}/admin/v1/rooms/10002/disposable`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(401);
    expect((await kit.post('/admin/v1/rooms/10002/disposable', { uid: 'nobody' }, admin)).msg).toBe('uid: no such user');
    expect((await kit.post('/admin/v1/rooms/nope/disposable', {}, admin)).code).toBe(4002);
    expect((await kit.post('/admin/v1/rooms/10002/disposable', { ttlSeconds: 1 }, admin)).code).toBe(4501);
  });
});

describe('restart on the same DATA_DIR', () => {
  it('keeps sessions, sign-ups and audits, accounts and the seed (which does not run twice)', async () => {
    let now = Date.now();
    kit = await startSeeded({ now: () => now });
    const guest = await guestLogin(kit, '10001', 'stays');
    const signed = ok(
      await kit.post('/ccp/monitor/v2/webcast/sign', { webcastId: '10006', answers: { name: 'Wang', phone: '13900000030' } }),
    );
    expect(signed.state).toBe('pending');
    const phoneUser = ok(await phoneLogin(kit, '10004', 'phone', '13900000031'));

    const restarted = await kit.server.restart();
    kit = kitFor(restarted);
    const { seedRooms } = await import('../seed/rooms.js');
    await seedRooms(restarted.ctx);
    expect(((await rowOf(restarted.ctx, sql`SELECT COUNT(*) AS n FROM room_staff WHERE webcast_id = '10001'`)) as { n: number }).n).toBe(2);

    expect((await kit.get(REFRESH, { token: guest.token, sid: guest.sid, webcastId: '10001' })).code).toBe(200);
    const socket = await TestSocket.connect(restarted.url, guest.sid);
    socket.close();
    expect(ok(await kit.get('/ccp/monitor/v2/webcast/is_sign/10006/13900000030/1')).state).toBe('pending');
    now += 61_000;
    const code = await smsCode(kit, '13900000031');
    const again = ok(await kit.post<LoginData>(LOGIN, { webcastId: '10004', type: 'phone', phone: '13900000031', smsCode: code, privacyAccepted: true }));
    expect(again.userId).toBe(phoneUser.userId);
  });
});
