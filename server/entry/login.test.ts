import { sql } from 'kysely';
import { rowOf, run } from '../testing/storeRows.js';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_MEMBER_CODES, DEMO_NON_VIP_PHONE, DEMO_SIGNUP_PHONES, DEMO_VIP_PHONES, DEMO_WHITELIST_PHONES, DEMO_WATCH_PASSWORD, DEMO_STAFF } from '../seed/rooms.js';
import { guestLogin, LOGIN, ok, phoneLogin, emailCode, staffLogin, startSeeded, type Kit, type LoginData } from './testKit.js';

let kit: Kit;
afterEach(async () => kit?.server.close());

const login = (body: Record<string, unknown>) => kit.post<LoginData>(LOGIN, { privacyAccepted: true, ...body });

describe('new guests per address (issue 35: 500 guest logins from one address in 3 s)', () => {
  it('lets 100 arrive at once and then 5 a second from one address; other addresses, accounts and this machine are not held', async () => {
    let clock = 1_700_000_000_000;
    kit = await startSeeded({ now: () => clock, config: { trustProxy: 'loopback' } });
    const from = (address: string) => ({ forwardedFor: address });
    const answers = [];
    for (let i = 0; i < 110; i++) answers.push(await kit.post<LoginData>(LOGIN, { webcastId: '10001', type: 'guest' }, from('203.0.113.7')));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(100);
    expect(answers[100]).toMatchObject({ code: 4203, msg: 'too many new guests from this address (5 a second after 100), wait 1 s', data: { waitSeconds: 1 } });
    const users = (await rowOf(kit.server.ctx, sql`SELECT COUNT(*) AS n FROM sessions WHERE address = '203.0.113.7'`)) as { n: number };
    expect(users.n).toBe(100);
    expect((await kit.post(LOGIN, { webcastId: '10001', type: 'guest' }, from('198.51.100.4'))).code).toBe(200);
    expect((await kit.post(LOGIN, { webcastId: '10001', type: 'guest' })).code).toBe(200);
    expect((await kit.post(LOGIN, { webcastId: '10001', type: 'staff', name: DEMO_STAFF.host.loginName('10001'), password: DEMO_STAFF.host.password }, from('203.0.113.7'))).code).toBe(200);
    clock += 1000;
    const later = [];
    for (let i = 0; i < 6; i++) later.push((await kit.post(LOGIN, { webcastId: '10001', type: 'guest' }, from('203.0.113.7'))).code);
    expect(later).toEqual([200, 200, 200, 200, 200, 4203]);
  });

  it('reads the address from X-Forwarded-For only when TRUST_PROXY names the proxy', async () => {
    kit = await startSeeded({ config: { trustProxy: null } });
    const login = await kit.post<LoginData>(LOGIN, { webcastId: '10001', type: 'guest' }, { forwardedFor: '203.0.113.7' });
    const session = (await rowOf(kit.server.ctx, sql`SELECT address FROM sessions WHERE token = ${login.data.token}`)) as { address: string };
    expect(session.address).toBe('127.0.0.1');
  });
});

describe('guest login (PROTOCOL 1.3) in the open room', () => {
  it('answers token, sid, userId, role 5 and the socket address, with the chosen name', async () => {
    kit = await startSeeded();
    const data = await guestLogin(kit, '10001', '小明_01');
    expect(data.token).toMatch(/^[0-9A-Za-z]{32}$/);
    expect(data.sid).toMatch(/^[0-9A-Za-z]{32}$/);
    expect(data.role).toBe(5);
    expect(data.ws).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/ws$/);
    expect(data.name).toBe('小明_01');
    expect(data.nameChanged).toBe(true);
    expect((await kit.server.ctx.sessions.use(data.token))?.webcastId).toBe('10001');
  });

  it('works with exactly the PROTOCOL 1.3 body (the open room asks for no privacy tick) and makes up a valid name', async () => {
    kit = await startSeeded();
    const data = ok(await kit.post<LoginData>(LOGIN, { webcastId: '10001', type: 'guest', name: '' }));
    expect(data.name).toMatch(/^游客\d{6}$/);
    expect(data.nameChanged).toBe(false);
  });

  it('gives every guest login a new user (a name is not an account)', async () => {
    kit = await startSeeded();
    const a = await guestLogin(kit, '10001', 'same');
    const b = await guestLogin(kit, '10001', 'same');
    expect(a.userId).not.toBe(b.userId);
    expect(await kit.server.ctx.sessions.use(a.token)).not.toBeNull();
  });

  it('refuses a bad nickname, an unknown type, a missing room id and a type the room does not take with 4501 naming the field', async () => {
    kit = await startSeeded();
    const tooLong = await login({ webcastId: '10001', type: 'guest', name: 'x'.repeat(21) });
    expect(tooLong).toMatchObject({ status: 200, code: 4501 });
    expect(tooLong.msg).toMatch(/^name: /);
    expect((await login({ webcastId: '10001', type: 'guest', name: 'a b' })).msg).toMatch(/^name: /);
    expect((await login({ webcastId: '10001', type: 'magic' })).msg).toMatch(/type/);
    expect((await login({ type: 'guest' })).msg).toMatch(/webcastId/);
    const wrongType = await login({ webcastId: '10002', type: 'guest' });
    expect(wrongType.code).toBe(4501);
    expect(wrongType.msg).toBe('type: this room takes login type password');
    for (const bad of ['{', '[]', '"x"']) {
      const res = await fetch(`${kit.server.url}${LOGIN}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: bad });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { code: number }).code).toBe(4501);
    }
  });
});

describe('blocked rooms', () => {
  it('answers 4002 for an unknown room, 4006 deleted, 4007 full, 4008 replay full, 4004 ended without replay', async () => {
    kit = await startSeeded();
    expect((await login({ webcastId: 'nope', type: 'guest' })).code).toBe(4002);
    expect((await login({ webcastId: '10013', type: 'guest' })).code).toBe(4006);
    expect((await login({ webcastId: '10011', type: 'guest' })).code).toBe(4007);
    expect((await login({ webcastId: '10012', type: 'guest' })).code).toBe(4008);
    expect((await login({ webcastId: '10014', type: 'guest' })).code).toBe(4004);
  });

  it('counts the viewers present against the capacity, staff not included', async () => {
    kit = await startSeeded();
    await run(kit.server.ctx, sql`UPDATE rooms SET capacity = 2 WHERE id = '10001'`);
    await staffLogin(kit, '10001');
    await guestLogin(kit, '10001');
    await guestLogin(kit, '10001');
    expect((await login({ webcastId: '10001', type: 'guest' })).code).toBe(4007);
    // Staff always get in.
    await staffLogin(kit, '10001', 'assistant');
  });

  it('keeps an account removed from the room out with 4003', async () => {
    kit = await startSeeded();
    const first = ok(await phoneLogin(kit, '10004', 'phone', '13900000012'));
    await run(kit.server.ctx, sql`INSERT INTO room_kicks (webcast_id, user_id, text, kicked_at) VALUES (${'10004'}, ${first.userId}, ${'spam'}, ${kit.server.ctx.now()})`);
    await run(kit.server.ctx, sql`UPDATE verification_codes SET sent_at = 0 WHERE target = '13900000012'`);
    expect((await phoneLogin(kit, '10004', 'phone', '13900000012')).code).toBe(4003);
  });

  it('lets staff into a full room and an ended one', async () => {
    kit = await startSeeded();
    expect((await staffLogin(kit, '10011')).role).toBe(6);
    expect((await staffLogin(kit, '10014', 'assistant')).role).toBe(8);
  });
});

describe('privacy agreement (SPEC 5)', () => {
  it('refuses a login to a room that requires it with 4107 unless privacyAccepted is true', async () => {
    kit = await startSeeded();
    const base = { webcastId: '10002', type: 'password', password: DEMO_WATCH_PASSWORD };
    expect((await kit.post(LOGIN, base)).code).toBe(4107);
    expect((await kit.post(LOGIN, { ...base, privacyAccepted: false })).code).toBe(4107);
    expect((await kit.post(LOGIN, { ...base, privacyAccepted: 'yes' })).code).toBe(4501);
    expect((await kit.post(LOGIN, { ...base, privacyAccepted: true })).code).toBe(200);
  });
});

describe('entry gates', () => {
  it('watch password: right -> in, wrong -> 4103, missing -> 4501', async () => {
    kit = await startSeeded();
    expect((await login({ webcastId: '10002', type: 'password', password: DEMO_WATCH_PASSWORD, name: 'Viewer' })).data.role).toBe(5);
    expect((await login({ webcastId: '10002', type: 'password', password: 'wrong' })).code).toBe(4103);
    expect((await login({ webcastId: '10002', type: 'password' })).msg).toBe('password: is required');
  });

  it('watch password: ten wrong tries from one address are followed by 4203', async () => {
    kit = await startSeeded();
    for (let i = 0; i < 10; i++) expect((await login({ webcastId: '10002', type: 'password', password: `bad${i}` })).code).toBe(4103);
    const limited = await login({ webcastId: '10002', type: 'password', password: DEMO_WATCH_PASSWORD });
    expect(limited.code).toBe(4203);
    expect((limited.data as unknown as { waitSeconds: number }).waitSeconds).toBeGreaterThan(0);
  });

  it('watch password: 100 wrong tries sent at the same moment are at most 10 checks (4103), the rest 4203', async () => {
    kit = await startSeeded();
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => login({ webcastId: '10002', type: 'password', password: `bad${i}` })));
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === 4103)).toHaveLength(10);
    expect(codes.filter((c) => c === 4203)).toHaveLength(90);
  });

  it('member code: a code is one member; wrong -> 4102', async () => {
    kit = await startSeeded();
    const [code, userId] = Object.entries(DEMO_MEMBER_CODES)[0] ?? ['', ''];
    const data = ok(await login({ webcastId: '10003', type: 'memberCode', memberCode: code }));
    expect(data.userId).toBe(userId);
    expect((await login({ webcastId: '10003', type: 'memberCode', memberCode: 'M9999' })).code).toBe(4102);
  });

  it('phone: a right SMS code -> in (one user per phone); wrong code -> 4101; a used code -> 4101; bad phone -> 4501', async () => {
    kit = await startSeeded();
    const first = ok(await phoneLogin(kit, '10004', 'phone', '13900000001'));
    await run(kit.server.ctx, sql`UPDATE verification_codes SET sent_at = 0 WHERE target = '13900000001'`);
    const again = ok(await phoneLogin(kit, '10004', 'phone', '139 0000 0001'));
    expect(again.userId).toBe(first.userId);
    expect((await login({ webcastId: '10004', type: 'phone', phone: '13900000002', smsCode: '123456' })).code).toBe(4101);
    expect((await login({ webcastId: '10004', type: 'phone', phone: '12345', smsCode: '123456' })).msg).toBe('phone: invalid phone number format');
    expect((await login({ webcastId: '10004', type: 'phone', phone: '13900000002' })).msg).toBe('smsCode: is required');
    expect((await login({ webcastId: '10004', type: 'phone', phone: '13900000002', smsCode: 'abc' })).code).toBe(4101);
  });

  it('phone: a code is spent by the login that uses it', async () => {
    kit = await startSeeded();
    const res = await phoneLogin(kit, '10004', 'phone', '13900000003');
    expect(res.code).toBe(200);
    const code = (await rowOf(kit.server.ctx, sql`SELECT code FROM verification_codes WHERE target = '13900000003'`)) as { code: string };
    expect((await login({ webcastId: '10004', type: 'phone', phone: '13900000003', smsCode: code.code })).code).toBe(4101);
  });

  it('email: a right email code -> in; wrong -> 4101; bad address -> 4501', async () => {
    kit = await startSeeded();
    const code = await emailCode(kit, 'Viewer@Example.com');
    const data = ok(await login({ webcastId: '10005', type: 'email', email: 'viewer@example.com', emailCode: code }));
    expect(data.role).toBe(5);
    expect((await login({ webcastId: '10005', type: 'email', email: 'other@example.com', emailCode: '000000' })).code).toBe(4101);
    expect((await login({ webcastId: '10005', type: 'email', email: 'not-an-email', emailCode: '000000' })).msg).toBe(
      'email: invalid email format',
    );
  });

  it('sign-up: passed -> in, pending -> 4011, failed -> 4012, never signed up -> 4009', async () => {
    kit = await startSeeded();
    expect((await phoneLogin(kit, '10006', 'signup', DEMO_SIGNUP_PHONES.passed)).data.userId).toBe('signup-passed');
    expect((await phoneLogin(kit, '10006', 'signup', DEMO_SIGNUP_PHONES.pending)).code).toBe(4011);
    expect((await phoneLogin(kit, '10006', 'signup', DEMO_SIGNUP_PHONES.failed)).code).toBe(4012);
    expect((await phoneLogin(kit, '10006', 'signup', '13900000009')).code).toBe(4009);
  });

  it('VIP: a VIP phone -> in; anyone else -> 4010', async () => {
    kit = await startSeeded();
    expect((await phoneLogin(kit, '10007', 'vip', DEMO_VIP_PHONES[0])).data.userId).toBe('vip-1');
    expect((await phoneLogin(kit, '10007', 'vip', DEMO_NON_VIP_PHONE)).code).toBe(4010);
    expect((await phoneLogin(kit, '10007', 'vip', '13900000010')).code).toBe(4010);
  });

  it('whitelist: a listed phone -> in; anyone else -> 4009', async () => {
    kit = await startSeeded();
    expect((await phoneLogin(kit, '10010', 'whitelist', DEMO_WHITELIST_PHONES[1])).code).toBe(200);
    expect((await phoneLogin(kit, '10010', 'whitelist', '13900000011')).code).toBe(4009);
  });

  it('staff: known credentials -> host 6 / assistant 8; a wrong password -> 4104', async () => {
    kit = await startSeeded();
    expect((await staffLogin(kit, '10002')).role).toBe(6);
    expect((await staffLogin(kit, '10002', 'assistant')).userId).toBe('assistant-10002');
    expect((await login({ webcastId: '10002', type: 'staff', name: 'host10002', password: 'nope' })).code).toBe(4104);
    expect((await login({ webcastId: '10002', type: 'staff', name: 'host10001', password: 'host123' })).code).toBe(4104);
  });
});

describe('aggregated login', () => {
  it('enters a room of the event; refuses a room outside it (4009) and an unknown event (4002)', async () => {
    kit = await startSeeded();
    const agg = (body: Record<string, unknown>) => kit.post(`${LOGIN}/agg`, { privacyAccepted: true, ...body });
    expect((await agg({ aggId: 'agg-demo', webcastId: '10001', type: 'guest' })).code).toBe(200);
    expect((await agg({ aggId: 'agg-demo', webcastId: '10002', type: 'password', password: DEMO_WATCH_PASSWORD })).code).toBe(200);
    expect((await agg({ aggId: 'agg-demo', webcastId: '10004', type: 'guest' })).code).toBe(4009);
    expect((await agg({ aggId: 'nope', webcastId: '10001', type: 'guest' })).code).toBe(4002);
    expect((await agg({ webcastId: '10001', type: 'guest' })).msg).toMatch(/aggId/);
  });
});
