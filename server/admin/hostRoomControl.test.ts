/**
 * The room's own control from the console (issue 15 item 4: what `npm run room` does, the
 * console does, through the same server code, hostMount.ts): the countdown to the live,
 * the introduction, the sign-up audit, who is kept out by a kick and readmitting them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { guestLogin, ok, staffLogin, startSeeded, type Kit } from '../entry/testKit.js';

let kit: Kit;
afterEach(async () => kit?.server.close());

const ADMIN = { adminToken: 'test-admin-token' };
const ROOM = '10001';
const host = (path: string, room = ROOM) => `/ccp/monitor/v1/host/rooms/${room}/${path}`;

describe('the room from the console (a host or assistant login of the room)', () => {
  it('counts down to the live and sets the introduction, as the CLI does', async () => {
    let clock = 1_800_000_000_000;
    kit = await startSeeded({ now: () => clock });
    const { token } = await staffLogin(kit, ROOM, 'assistant');
    const scheduled = ok(await kit.post<{ status: number; startTime: number }>(host('live/schedule'), { inSeconds: 600 }, { token }));
    expect(scheduled).toMatchObject({ status: 0, startTime: clock + 600_000 });
    clock += 1000;
    // The CLI's route runs the same code.
    expect(ok(await kit.post<{ startTime: number }>(`/admin/v1/rooms/${ROOM}/live/schedule`, { inSeconds: 60 }, ADMIN)).startTime).toBe(clock + 60_000);

    expect(ok(await kit.post<{ introduction: string }>(host('introduction'), { text: 'Line one\nLine two' }, { token })).introduction).toBe('Line one\nLine two');
    expect(ok(await kit.post<{ introduction: string }>(`/admin/v1/rooms/${ROOM}/introduction`, { text: 'From the CLI' }, ADMIN)).introduction).toBe('From the CLI');
    expect((await kit.post(host('introduction'), { text: 'x'.repeat(5001) }, { token })).code).toBe(4501);
    expect((await kit.post(host('live/schedule'), { inSeconds: -1 }, { token })).code).toBe(4501);
  });

  it('audits sign-ups: lists them with their states and passes or fails one', async () => {
    kit = await startSeeded();
    ok(await kit.post('/ccp/monitor/v2/webcast/sign', { webcastId: '10006', answers: { name: 'Zhao', phone: '13900000077' } }));
    const { token } = await staffLogin(kit, '10006');
    const listed = ok(await kit.get<{ signups: { uid: string; phone: string; state: string }[] }>(host('signups', '10006'), {}, { token }));
    const zhao = listed.signups.find((s) => s.phone === '13900000077');
    expect(zhao?.state).toBe('pending');
    expect(ok(await kit.post(host(`signups/${zhao?.uid ?? ''}/audit`, '10006'), { state: 'passed' }, { token }))).toMatchObject({ state: 'passed' });
    const again = ok(await kit.get<{ signups: { uid: string; state: string }[] }>(host('signups', '10006'), {}, { token }));
    expect(again.signups.find((s) => s.uid === zhao?.uid)?.state).toBe('passed');
  });

  it('lists who a kick keeps out, newest first, and readmits them', async () => {
    kit = await startSeeded();
    const ann = await guestLogin(kit, ROOM, 'Ann');
    const bob = await guestLogin(kit, ROOM, 'Bob');
    ok(await kit.post(`/admin/v1/rooms/${ROOM}/users/${ann.userId}/kick`, { text: 'spam', minutes: 30 }, ADMIN));
    ok(await kit.post(`/admin/v1/rooms/${ROOM}/users/${bob.userId}/kick`, {}, ADMIN));
    const { token } = await staffLogin(kit, ROOM);
    const kicks = ok(await kit.get<{ list: { userId: string; name: string; text: string; until: number | null }[] }>(host('kicks'), {}, { token }));
    expect(kicks.list.map((k) => k.userId).sort()).toEqual([ann.userId, bob.userId].sort());
    expect(kicks.list.find((k) => k.userId === ann.userId)).toMatchObject({ text: 'spam', until: expect.any(Number) });
    expect(kicks.list.find((k) => k.userId === bob.userId)).toMatchObject({ until: null });

    expect(ok(await kit.post<{ readmitted: boolean }>(host(`users/${bob.userId}/readmit`), {}, { token })).readmitted).toBe(true);
    expect(ok(await kit.get<{ list: { userId: string }[] }>(host('kicks'), {}, { token })).list.map((k) => k.userId)).toEqual([ann.userId]);
    // Readmitted twice: nothing left to lift.
    expect(ok(await kit.post<{ readmitted: boolean }>(host(`users/${bob.userId}/readmit`), {}, { token })).readmitted).toBe(false);
  });

  it("says a message as the login's role under a name of its choosing, highlighted or pinned (the CLI's say)", async () => {
    kit = await startSeeded();
    const assistant = await staffLogin(kit, ROOM, 'assistant');
    const said = ok(await kit.post<{ msgId: string }>(host('say'), { text: 'Welcome, everyone', name: 'Helper', highlight: true }, { token: assistant.token }));
    const viewer = await guestLogin(kit, ROOM);
    const list = ok(await kit.get<{ list: { msgId: string; name: string; role: number; body: string; highlight?: boolean }[] }>('/ccp/monitor/v1/chat/public/list', { webcastId: ROOM, skip: 0, take: 20 }, { token: viewer.token }));
    expect(list.list.find((m) => m.msgId === said.msgId)).toMatchObject({ name: 'Helper', role: 8, body: 'Welcome, everyone' });
    // A role in the body is the admin API's alone: the console speaks as its login.
    expect((await kit.post(host('say'), { text: 'x', role: 'host' }, { token: assistant.token })).code).toBe(4501);
    expect((await kit.post(host('say'), { text: '' }, { token: assistant.token })).code).toBe(4501);
  });

  it('refuses a viewer, another room, and no login', async () => {
    kit = await startSeeded();
    const viewer = await guestLogin(kit, ROOM);
    const otherHost = await staffLogin(kit, '10006');
    for (const path of ['kicks', 'signups']) {
      expect((await kit.get(host(path), {}, { token: viewer.token })).msg).toBe('role: only the host or an assistant may do this');
      expect((await kit.get(host(path), {}, { token: otherHost.token })).code).toBe(4009);
      expect((await kit.get(host(path), {})).code).toBe(402);
    }
    expect((await kit.post(host('introduction'), { text: 'hi' }, { token: viewer.token })).code).toBe(4501);
  });
});
