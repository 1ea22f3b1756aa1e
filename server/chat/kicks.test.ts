import { afterEach, describe, expect, it } from 'vitest';
import { guestLogin, LOGIN, ok, staffLogin, startSeeded, type Kit, type LoginData } from '../entry/testKit.js';

// Issue 19 item 5: a kicked guest used to log straight back in as a new guest. A kick now
// keeps out the account, the devices the kicked viewer used and (for guests) the address,
// for the period the host chose or until the host readmits them.

let kit: Kit;
afterEach(async () => kit?.server.close());

const ADMIN = { adminToken: 'test-admin-token' };
const PHONE_A = 'device-of-viewer-a-0001';
const PHONE_B = 'device-of-viewer-b-0002';
const ROOM = '10001';

const guestFrom = (deviceId?: string) => kit.post<LoginData>(LOGIN, { webcastId: ROOM, type: 'guest', privacyAccepted: true }, deviceId ? { deviceId } : {});
const kick = (uid: string, body: Record<string, unknown> = {}) => kit.post(`/admin/v1/rooms/${ROOM}/users/${uid}/kick`, body, ADMIN);
const readmit = (uid: string) => kit.post<{ readmitted: boolean }>(`/admin/v1/rooms/${ROOM}/users/${uid}/readmit`, {}, ADMIN);

/** An account login (a one-time link made for user `uid`) from a device. */
async function accountLogin(uid: string, deviceId: string) {
  const link = ok(await kit.post<{ token: string }>(`/admin/v1/rooms/${ROOM}/disposable`, { uid }, ADMIN));
  return kit.post<LoginData>('/ccp/monitor/v2/live_login/disposable', { webcastId: ROOM, token: link.token, privacyAccepted: true }, { deviceId });
}

describe('a kick keeps the kicked out', () => {
  it('refuses the kicked guest coming back as a new guest: by device, and by address without a device (4003)', async () => {
    kit = await startSeeded();
    const kicked = ok(await guestFrom(PHONE_A));
    const other = ok(await guestFrom(PHONE_B));
    ok(await kick(kicked.userId, { text: 'spam' }));

    expect((await guestFrom(PHONE_A)).code).toBe(4003);
    // Same address (every test call comes from 127.0.0.1): a guest from there is kept out too.
    expect((await guestFrom()).code).toBe(4003);
    expect((await guestFrom('a-brand-new-device-0003')).code).toBe(4003);
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

  it('a device keeps out any non-staff login, an account login too', async () => {
    kit = await startSeeded();
    const kicked = ok(await guestFrom(PHONE_A));
    const other = await guestLogin(kit, ROOM);
    ok(await kick(kicked.userId));
    expect((await accountLogin(other.userId, PHONE_A)).code).toBe(4003);
  });

  it('lasts the minutes the host chose, then lets the viewer in by itself', async () => {
    let clock = 1_800_000_000_000;
    kit = await startSeeded({ now: () => clock });
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
    const row = kit.server.ctx.db.prepare('SELECT device_id AS d, address AS a FROM sessions WHERE token = ?').get(odd.data.token) as { d: string | null; a: string };
    expect(row).toEqual({ d: null, a: '127.0.0.1' });
  });
});
