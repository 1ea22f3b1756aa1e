/**
 * The interaction control mounted twice (admin/interactAdmin.ts): under the admin token for
 * `npm run room`, and under /ccp/monitor/v1/host/rooms/:id for the console with a host or
 * assistant login of that room. The same routes answer both; the guard is what differs.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIVE_CALLS } from '../../src/protocol/services/live';
import type { TestServer } from '../testing/harness.js';
import { seededRoom, startInteractServer, viewer, type Caller } from '../testing/interactFixtures.js';

let server: TestServer;
let api: Caller;
let room: string;

beforeEach(async () => {
  ({ server, api } = await startInteractServer());
  room = await seededRoom(server.ctx, 'r1');
});
afterEach(async () => server.close());

describe('host control from the console (a staff login of the room)', () => {
  it('runs the same interaction routes as the admin API, and reads the roll call sign-ins and red packet grabs', async () => {
    const host = await viewer(server.ctx, 'host-r1', room, { role: 6 });
    const ann = await viewer(server.ctx, 'ann', room, { name: 'ANN', nameChanged: true });
    const at = (path: string) => `/ccp/monitor/v1/host/rooms/${room}/${path}`;

    const started = await api.post<{ id: string }>(at('rollcall/start'), { seconds: 30 }, { token: host.token });
    expect(started.code).toBe(200);
    expect((await api.post<{ signIns: unknown[] }>(at('rollcall/signins'), {}, { token: host.token })).data).toMatchObject({ rollCall: { id: started.data.id }, signIns: [] });
    expect((await api.post(LIVE_CALLS.rollCallAnswer.path, { confId: room, id: started.data.id }, { token: ann.token })).code).toBe(200);
    const signIns = await api.post<{ signIns: { uid: string; name: string }[] }>(at('rollcall/signins'), {}, { token: host.token });
    expect(signIns.data.signIns).toEqual([expect.objectContaining({ uid: 'ann', name: 'ANN' })]);

    const lottery = await api.post<{ state: string }>(at('lottery/start'), null, { token: host.token });
    expect(lottery.data.state).toBe('start');
    // The admin API reaches the same round.
    expect((await api.admin<{ state: string }>(`/admin/v1/rooms/${room}/lottery/end`)).data.state).toBe('end');

    const packet = await api.post<{ id: string }>(at('redpacket/send'), { total: '1.00', count: 2, title: 'Thanks' }, { token: host.token });
    expect(packet.code).toBe(200);
    const grabs = await api.post<{ redPacket: { id: string; count: number }; grabs: unknown[] }>(at('redpacket/grabs'), {}, { token: host.token });
    expect(grabs.data).toMatchObject({ redPacket: { id: packet.data.id, count: 2 }, grabs: [] });
  });

  it('refuses a viewer, another room, no login; the books stay admin-only', async () => {
    const host = await viewer(server.ctx, 'host-r1', room, { role: 8 });
    const ann = await viewer(server.ctx, 'ann', room);
    const other = await seededRoom(server.ctx, 'r2');
    const otherHost = await viewer(server.ctx, 'host-r2', other, { role: 6 });
    const path = `/ccp/monitor/v1/host/rooms/${room}/rollcall/start`;
    expect((await api.post(path, {}, { token: ann.token })).msg).toBe('role: only the host or an assistant may do this');
    expect((await api.post(path, {}, { token: otherHost.token })).code).toBe(4009);
    expect((await api.post(path, {})).code).toBe(402);
    // Refused before the body is read: a bad body tells a stranger nothing.
    expect((await api.post(path, { seconds: 'soon' })).code).toBe(402);
    expect((await api.post(path, { seconds: 'soon' }, { token: host.token })).code).toBe(4501);
    // The room's gifts and goods switches are the console's too; the books stay the admin's.
    expect((await api.post<{ rewards: boolean; goods: boolean }>(`/ccp/monitor/v1/host/rooms/${room}/commerce`, { rewards: false }, { token: host.token })).data).toMatchObject({ rewards: false });
    expect((await api.post<{ rewards: boolean }>(`/ccp/monitor/v1/host/rooms/${room}/commerce`, null, { token: host.token })).data.rewards).toBe(false);
    expect((await api.post(`/ccp/monitor/v1/host/rooms/${room}/ledger`, {}, { token: host.token })).status).toBe(404);
  });
});
