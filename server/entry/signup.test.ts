import { run } from '../testing/storeRows.js';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_SIGNUP_PHONES } from '../seed/rooms.js';
import { ok, phoneLogin, startSeeded, type Kit } from './testKit.js';

let kit: Kit;
afterEach(async () => kit?.server.close());

const SIGN = '/ccp/monitor/v2/webcast/sign';
const isSign = (numString: string, type: number, room = '10006') => kit.get(`/ccp/monitor/v2/webcast/is_sign/${room}/${encodeURIComponent(numString)}/${type}`);
const admin = { adminToken: 'test-admin-token' };

describe('sign-up form and status', () => {
  it('gives the form of a sign-up room (required flags), and an empty one elsewhere', async () => {
    kit = await startSeeded();
    const config = ok(await kit.get('/ccp/monitor/v2/webcast/10006/sign'));
    expect(config.enabled).toBe(true);
    expect(config.approval).toBe(true);
    expect(config.fields).toEqual([
      { key: 'name', label: 'Name', kind: 'text', required: true },
      { key: 'phone', label: 'Phone', kind: 'phone', required: true },
      { key: 'email', label: 'Email', kind: 'email', required: false },
      { key: 'company', label: 'Company', kind: 'text', required: false },
    ]);
    expect(ok(await kit.get('/ccp/monitor/v2/webcast/10001/sign'))).toMatchObject({ enabled: false, fields: [] });
    expect((await kit.get('/ccp/monitor/v2/webcast/nope/sign')).code).toBe(4002);
  });

  it('records a sign-up as pending (object or list answers, phone normalised) and reports it by phone or email', async () => {
    kit = await startSeeded();
    const signed = ok(await kit.post(SIGN, { webcastId: '10006', answers: { name: 'Li Lei', phone: '+86 139 0000 0050', email: 'li@example.com' } }));
    expect(signed).toEqual({ state: 'pending', numString: '13900000050', type: 1 });
    expect(ok(await isSign('13900000050', 1))).toMatchObject({ signed: true, state: 'pending' });
    expect(ok(await isSign('li@example.com', 2))).toMatchObject({ signed: true, state: 'pending' });
    expect(ok(await isSign('13900000051', 1))).toMatchObject({ signed: false, state: 'none' });
    const list = [
      { key: 'name', value: 'Han Meimei' },
      { key: 'phone', value: '13900000052' },
    ];
    expect(ok(await kit.post(SIGN, { webcastId: '10006', answers: list, numString: '13900000052', type: 1 })).state).toBe('pending');
    for (const [state, phone] of Object.entries(DEMO_SIGNUP_PHONES)) expect(ok(await isSign(phone, 1)).state).toBe(state);
  });

  it('refuses bad answers with 4501 naming the field', async () => {
    kit = await startSeeded();
    const sign = (answers: unknown, extra: Record<string, unknown> = {}) => kit.post(SIGN, { webcastId: '10006', answers, ...extra });
    expect((await sign({ phone: '13900000053' })).msg).toBe('answers.name: is required');
    expect((await sign({ name: '  ', phone: '13900000053' })).msg).toBe('answers.name: is required');
    expect((await sign({ name: 'A' })).msg).toBe('answers.phone: is required');
    expect((await sign({ name: 'A', phone: '123' })).msg).toBe('answers.phone: invalid phone number format');
    expect((await sign({ name: 'A', phone: '13900000053', email: 'bad' })).msg).toBe('answers.email: invalid email format');
    expect((await sign({ name: 'A', phone: '13900000053', age: '3' })).msg).toBe('answers.age: is not a field of this form');
    expect((await sign({ name: 'x'.repeat(201), phone: '13900000053' })).msg).toBe('answers.name: must have at most 200 characters');
    expect((await sign({ name: { a: 1 }, phone: '13900000053' })).msg).toBe('answers.name: must be text');
    expect((await sign('text')).msg).toBe('answers: must be an object of answers by field key');
    expect((await sign([{ value: 'x' }])).msg).toBe('answers[0]: must be {key, value}');
    expect((await sign({ name: 'A', phone: '13900000053' }, { numString: '13900000054' })).msg).toBe(
      'numString: must match the phone or email answered',
    );
    expect((await sign({ name: 'A', phone: '13900000053' }, { type: 2 })).msg).toBe('type: must be 1 for these answers');
    expect((await kit.post(SIGN, { webcastId: '10001', answers: { name: 'A', phone: '13900000053' } })).msg).toBe(
      'webcastId: this room takes no sign-ups',
    );
    expect((await kit.post(SIGN, { webcastId: '10006' })).code).toBe(4501);
    expect((await isSign('123', 1)).msg).toBe('numString: invalid phone number format');
    expect((await isSign('13900000053', 3)).code).toBe(4501);
  });

  it('keeps an audited state when the same phone signs up again', async () => {
    kit = await startSeeded();
    const again = ok(await kit.post(SIGN, { webcastId: '10006', answers: { name: 'Retry', phone: DEMO_SIGNUP_PHONES.failed } }));
    expect(again.state).toBe('failed');
  });
});

describe('sign-up audit (admin) and login', () => {
  it('moves a pending sign-up to passed (login in) or failed (4012), behind the admin token', async () => {
    kit = await startSeeded();
    ok(await kit.post(SIGN, { webcastId: '10006', answers: { name: 'Zhao', phone: '13900000055' } }));
    expect((await phoneLogin(kit, '10006', 'signup', '13900000055')).code).toBe(4011);

    const listed = ok(await kit.get<{ signups: { uid: string; phone: string; state: string }[] }>('/admin/v1/rooms/10006/signups', {}, admin));
    const mine = listed.signups.find((s) => s.phone === '13900000055');
    expect(mine?.state).toBe('pending');
    const uid = mine?.uid ?? '';

    const unauth = await fetch(`${kit.server.url}/admin/v1/rooms/10006/signups/${uid}/audit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ state: 'passed' }),
    });
    expect(unauth.status).toBe(401);

    const audited = ok(await kit.post(`/admin/v1/rooms/10006/signups/${uid}/audit`, { state: 'passed' }, admin));
    expect(audited).toMatchObject({ uid, state: 'passed' });
    await run(kit.server.ctx, sql`UPDATE verification_codes SET sent_at = 0 WHERE target = '13900000055'`);
    expect((await phoneLogin(kit, '10006', 'signup', '13900000055')).data.userId).toBe(uid);

    ok(await kit.post(`/admin/v1/rooms/10006/signups/${uid}/audit`, { state: 'failed' }, admin));
    expect(ok(await isSign('13900000055', 1)).state).toBe('failed');
  });

  it('refuses a bad audit: unknown state (4501), a user who has not signed up (4501), an unknown room (4002)', async () => {
    kit = await startSeeded();
    expect((await kit.post('/admin/v1/rooms/10006/signups/signup-pending/audit', { state: 'maybe' }, admin)).code).toBe(4501);
    expect((await kit.post('/admin/v1/rooms/10006/signups/nobody/audit', { state: 'passed' }, admin)).msg).toBe(
      'uid: has not signed up for this room',
    );
    expect((await kit.post('/admin/v1/rooms/nope/signups/signup-pending/audit', { state: 'passed' }, admin)).code).toBe(4002);
  });
});
