import { sql } from 'kysely';
import { rowOf } from '../testing/storeRows.js';
import { afterEach, describe, expect, it } from 'vitest';
import { guestLogin, LOGIN, ok, staffLogin, startSeeded, type Kit, type LoginData } from '../entry/testKit.js';

// Issue 19 item 5: a kicked guest used to log straight back in as a new guest. A kick now
// keeps out the account and the devices the kicked viewer used, for the period the host
// chose or until the host readmits them. Issue 35 item 6: the address is only a short
// signal (new guests from it need a device id and come in slowly), so an office behind one
// address keeps its access.

let kit: Kit;
afterEach(async () => kit?.server.close());

const ADMIN = { adminToken: 'test-admin-token' };
const PHONE_A = 'device-of-viewer-a-0001';
const PHONE_B = 'device-of-viewer-b-0002';
const ROOM = '10001';

/** The office's address, as the deployment's proxy names it (TRUST_PROXY). */
const OFFICE = '198.51.100.20';
const guestFrom = (deviceId?: string, address = OFFICE) =>
  kit.post<LoginData>(LOGIN, { webcastId: ROOM, type: 'guest', privacyAccepted: true }, { ...(deviceId ? { deviceId } : {}), forwardedFor: address });
const behindProxy = { config: { trustProxy: 'loopback' } };
const kick = (uid: string, body: Record<string, unknown> = {}) => kit.post(`/admin/v1/rooms/${ROOM}/users/${uid}/kick`, body, ADMIN);
const readmit = (uid: string) => kit.post<{ readmitted: boolean }>(`/admin/v1/rooms/${ROOM}/users/${uid}/readmit`, {}, ADMIN);

/** An account login (a one-time link made for user `uid`) from a device. */
async function accountLogin(uid: string, deviceId: string) {
  const link = ok(await kit.post<{ token: string }>(`/admin/v1/rooms/${ROOM}/disposable`, { uid }, ADMIN));
  return kit.post<LoginData>('/ccp/monitor/v2/live_login/disposable', { webcastId: ROOM, token: link.token, privacyAccepted: true }, { deviceId });
}

describe('a kick keeps the kicked out', () => {
  it('refuses the kicked guest coming back as a new guest by device (4003); the office behind the same address still gets in', async () => {
    kit = await startSeeded(behindProxy);
    const kicked = ok(await guestFrom(PHONE_A));
    const other = ok(await guestFrom(PHONE_B));
    ok(await kick(kicked.userId, { text: 'spam' }));

    expect((await guestFrom(PHONE_A)).code).toBe(4003);
    // The same address without a device id (a browser always sends one): kept out while the signal lasts.
    expect((await guestFrom()).code).toBe(4003);
    // A colleague's browser behind the same office address is let in.
    expect((await guestFrom('a-brand-new-device-0003')).code).toBe(200);
    // The kicked account itself, from another device.
    expect((await accountLogin(kicked.userId, PHONE_B)).code).toBe(4003);
    // Another account from the same address and its own device is its own person; staff are never kept out.
    expect((await accountLogin(other.userId, PHONE_B)).code).toBe(200);
    expect((await staffLogin(kit, ROOM)).role).toBe(6);

    // Readmitted: the account, the device and the address are let in again.
    expect(ok(await readmit(kicked.userId)).readmitted).toBe(true);
    expect((await guestFrom(PHONE_A)).code).toBe(200);
    expect((await accountLogin(kicked.userId, PHONE_A)).code).toBe(200);
  });

  it('lets new guests from the signalled address in slowly (10, then one every 6 s) for 10 minutes, and other addresses as before', async () => {
    let clock = 1_800_000_000_000;
    kit = await startSeeded({ now: () => clock, ...behindProxy });
    const kicked = ok(await guestFrom(PHONE_A));
    ok(await kick(kicked.userId));
    const colleagues = [];
    for (let i = 0; i < 12; i++) colleagues.push((await guestFrom(`colleague-device-${String(i).padStart(4, '0')}`)).code);
    expect(colleagues).toEqual([...Array(10).fill(200), 4203, 4203]);
    const refused = await guestFrom('colleague-device-0099');
    expect(refused.msg).toMatch(/^someone was removed from the room from this address lately: new guests from it are let in slowly, wait [1-6] s$/);
    expect((await guestFrom('elsewhere-device-0001', '203.0.113.50')).code).toBe(200);
    clock += 6000;
    expect((await guestFrom('colleague-device-0100')).code).toBe(200);
    // The signal ends after 10 minutes, though the kick itself (until readmitted) goes on.
    clock += 10 * 60_000;
    expect((await guestFrom()).code).toBe(200);
    for (let i = 0; i < 12; i++) expect((await guestFrom(`later-device-${String(i).padStart(4, '0')}`)).code).toBe(200);
    expect((await guestFrom(PHONE_A)).code).toBe(4003);
  });

  it('a device keeps out any non-staff login, an account login too', async () => {
    kit = await startSeeded();
    const kicked = ok(await guestFrom(PHONE_A));
    const other = await guestLogin(kit, ROOM);
    ok(await kick(kicked.userId));
    expect((await accountLogin(other.userId, PHONE_A)).code).toBe(4003);
  });

  it('lasts the minutes the host chose, then lets the viewer in by itself', async () => {
    let clock = 1_800_000_000_000;
    kit = await startSeeded({ now: () => clock, ...behindProxy });
    const kicked = ok(await guestFrom(PHONE_A));
    ok(await kick(kicked.userId, { minutes: 5 }));
    expect((await guestFrom(PHONE_A)).code).toBe(4003);
    clock += 5 * 60_000 - 1;
    expect((await guestFrom(PHONE_A)).code).toBe(4003);
    clock += 2;
    expect((await guestFrom(PHONE_A)).code).toBe(200);
    expect((await accountLogin(kicked.userId, PHONE_B)).code).toBe(200);
  });

  it('refuses a period out of range with 4501, and ignores a device id not of the client form', async () => {
    kit = await startSeeded();
    const kicked = ok(await guestFrom(PHONE_A));
    expect((await kick(kicked.userId, { minutes: 0 })).code).toBe(4501);
    expect((await kick(kicked.userId, { minutes: 525_601 })).code).toBe(4501);
    expect((await kick(kicked.userId, { minutes: 'soon' })).code).toBe(4501);
    const odd = await kit.post<LoginData>(LOGIN, { webcastId: ROOM, type: 'guest', privacyAccepted: true }, { deviceId: 'x y' });
    expect(odd.code).toBe(200);
    const row = (await rowOf(kit.server.ctx, sql`SELECT device_id AS d, address AS a FROM sessions WHERE token = ${odd.data.token}`)) as { d: string | null; a: string };
    expect(row).toEqual({ d: null, a: '127.0.0.1' });
  });
});
