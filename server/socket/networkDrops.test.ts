import { afterEach, describe, expect, it } from 'vitest';
import { guestLogin, ok, startSeeded, type Kit } from '../entry/testKit.js';
import { TestSocket } from '../testing/socketClient.js';
import { encodeFrame } from '../../src/protocol/frame';

// The simulated network drop (admin users/:uid/drop): what the browser test of the silent
// gap (issue 19 item 6) uses to keep a viewer offline while the room goes on.

let kit: Kit;
afterEach(async () => kit?.server.close());

const ADMIN = { adminToken: 'test-admin-token' };

describe('a simulated network drop', () => {
  it("closes the user's sockets, then closes their socket logins unanswered until the time is up", async () => {
    kit = await startSeeded();
    const viewer = await guestLogin(kit, '10001', 'dropped');
    const bystander = await guestLogin(kit, '10001', 'stays');
    const socket = await TestSocket.connect(kit.server.url, viewer.sid);
    const other = await TestSocket.connect(kit.server.url, bystander.sid);

    expect(ok(await kit.post(`/admin/v1/rooms/10001/users/${viewer.userId}/drop`, { seconds: 1 }, ADMIN))).toEqual({ uid: viewer.userId, seconds: 1, closed: 1 });
    expect((await socket.closed()).code).toBe(4900);

    const retry = await TestSocket.open(kit.server.url);
    retry.sendRaw(encodeFrame({ headers: { cmd: 'login', aid: 100, sid: viewer.sid }, body: {} }));
    expect((await retry.closed()).code).toBe(4900);
    // No login answer: to the client it is a network that failed, not a refusal.
    expect(retry.received(1100)).toEqual([]);
    expect(other.isOpen).toBe(true);

    await new Promise((resolve) => setTimeout(resolve, 1100));
    const back = await TestSocket.connect(kit.server.url, viewer.sid);
    expect(back.isOpen).toBe(true);
    back.close();
    other.close();
  });

  it('is refused without the admin token and with a bad period', async () => {
    kit = await startSeeded();
    const viewer = await guestLogin(kit, '10001', 'dropped');
    expect((await kit.post(`/admin/v1/rooms/10001/users/${viewer.userId}/drop`, { seconds: 1 })).code).not.toBe(200);
    expect((await kit.post(`/admin/v1/rooms/10001/users/${viewer.userId}/drop`, { seconds: 0 }, ADMIN)).code).toBe(4501);
    expect((await kit.post(`/admin/v1/rooms/10001/users/${viewer.userId}/drop`, { seconds: 601 }, ADMIN)).code).toBe(4501);
    expect((await kit.post(`/admin/v1/rooms/10001/users/${viewer.userId}/drop`, {}, ADMIN)).code).toBe(4501);
    expect((await kit.post(`/admin/v1/rooms/99999/users/${viewer.userId}/drop`, { seconds: 5 }, ADMIN)).code).toBe(4002);
  });
});
