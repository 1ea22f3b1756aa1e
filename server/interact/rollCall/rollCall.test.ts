import { sql } from 'kysely';
import { rowOf } from '../../testing/storeRows.js';
import { afterEach, describe, expect, it } from 'vitest';
import { LIVE_CALLS } from '../../../src/protocol/services/live';
import type { TestServer } from '../../testing/harness.js';
import { seededRoom, startInteractServer, viewer } from '../../testing/interactFixtures.js';

let server: TestServer;
afterEach(async () => server.close());

describe('roll call', () => {
  it('signs in once before the deadline and refuses after it', async () => {
    let now = 1_700_000_000_000;
    const started = await startInteractServer({ now: () => now });
    server = started.server;
    const { api } = started;
    const room = await seededRoom(server.ctx, 'r1');
    const alice = await viewer(server.ctx, 'alice', room);
    const bob = await viewer(server.ctx, 'bob', room);

    const call = await api.admin<{ confId: string; id: string; deadline: number }>(`/admin/v1/rooms/${room}/rollcall/start`, { seconds: 30 });
    expect(call.data).toMatchObject({ confId: room, deadline: now + 30_000 });
    const [pushed] = server.roomLog.readAfter(room, 0, 10);
    expect(pushed?.code).toBe(7117);
    expect(JSON.parse(pushed!.bodyJson)).toMatchObject({ confId: room, id: call.data.id, deadline: now + 30_000 });

    const first = await api.post<{ signedAt: number }>(LIVE_CALLS.rollCallAnswer.path, { confId: room, id: call.data.id }, { token: alice.token });
    expect(first).toMatchObject({ code: 200, data: { signedIn: true, signedAt: now } });
    now += 10_000;
    const again = await api.post(LIVE_CALLS.rollCallAnswer.path, { confId: room, id: call.data.id }, { token: alice.token });
    expect(again.data).toMatchObject({ signedAt: now - 10_000 });
    const count = (await rowOf(server.ctx, sql`SELECT COUNT(*) AS n FROM roll_call_answers`)) as { n: number };
    expect(count.n).toBe(1);

    now += 20_001;
    expect(await api.post(LIVE_CALLS.rollCallAnswer.path, { confId: room, id: call.data.id }, { token: bob.token })).toMatchObject({
      code: 4501,
      msg: 'id: roll call has ended',
    });
  });

  it('refuses bad input and unknown roll calls', async () => {
    const started = await startInteractServer();
    server = started.server;
    const { api } = started;
    const room = await seededRoom(server.ctx, 'r1');
    const alice = await viewer(server.ctx, 'alice', room);
    expect((await api.post(LIVE_CALLS.rollCallAnswer.path, { confId: room }, { token: alice.token })).code).toBe(4501);
    expect((await api.post(LIVE_CALLS.rollCallAnswer.path, { confId: room, id: 'nope' }, { token: alice.token })).msg).toBe('id: no such roll call in this room');
    expect((await api.post(LIVE_CALLS.rollCallAnswer.path, { confId: room, id: 'nope' })).code).toBe(402);
    expect((await api.admin(`/admin/v1/rooms/${room}/rollcall/start`, { seconds: 1 })).code).toBe(4501);
  });

  it('answers a late joiner the roll call still open, with their own sign-in; one long over is history', async () => {
    let now = 1_700_000_000_000;
    const started = await startInteractServer({ now: () => now });
    server = started.server;
    const { api } = started;
    const room = await seededRoom(server.ctx, 'r1');
    const alice = await viewer(server.ctx, 'alice', room);
    const current = (token: string) => api.get<{ rollCall: unknown }>(LIVE_CALLS.rollCallCurrent.path, { webcastId: room }, { token });
    expect((await current(alice.token)).data).toEqual({ rollCall: null });
    const call = await api.admin<{ id: string; deadline: number }>(`/admin/v1/rooms/${room}/rollcall/start`, { seconds: 30 });
    expect((await current(alice.token)).data).toEqual({ rollCall: { id: call.data.id, confId: room, deadline: now + 30_000, signedAt: null } });
    await api.post(LIVE_CALLS.rollCallAnswer.path, { confId: room, id: call.data.id }, { token: alice.token });
    expect((await current(alice.token)).data).toMatchObject({ rollCall: { id: call.data.id, signedAt: now } });
    // A shorter roll call started later is the current one, though its deadline is earlier.
    now += 1_000;
    const short = await api.admin<{ id: string }>(`/admin/v1/rooms/${room}/rollcall/start`, { seconds: 5 });
    expect((await current(alice.token)).data).toMatchObject({ rollCall: { id: short.data.id, signedAt: null } });
    now -= 1_000;
    now += 30_000 + 60_000;
    expect((await current(alice.token)).data).toEqual({ rollCall: null });
  });
});
