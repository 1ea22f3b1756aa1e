import { sql } from 'kysely';
import { rowOf } from '../../testing/storeRows.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIVE_CALLS } from '../../../src/protocol/services/live';
import type { TestServer } from '../../testing/harness.js';
import { seededRoom, startInteractServer, viewer, type Caller } from '../../testing/interactFixtures.js';
import { TestSocket } from '../../testing/socketClient.js';
import { DEMO_LOTTERY_PASSWORD } from '../../seed/content.js';
import { verifyDraw } from '../../../src/domain/verifiableDraw';

let server: TestServer;
let api: Caller;
let room: string;
const sockets: TestSocket[] = [];

beforeEach(async () => {
  ({ server, api } = await startInteractServer());
  room = await seededRoom(server.ctx, 'r1');
});
afterEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  await server.close();
});

const openRaffle = (r: string) => `rf_${r}_open`;
const passwordRaffle = (r: string) => `rf_${r}_password`;

interface Winner {
  uid: string;
  name: string;
}

describe('raffles', () => {
  it('draws winners among the room and pushes 7113 with them to a joined socket', async () => {
    const people = await Promise.all(['ann', 'ben', 'cat', 'dan', 'eve'].map((id) => viewer(server.ctx, id, room, { name: id.toUpperCase(), nameChanged: true })));
    const unnamed = await viewer(server.ctx, 'anon', room); // no nickname of their own: not in the draw
    const watcher = await TestSocket.connect(server.url, people[0]!.sid);
    sockets.push(watcher);
    expect((await watcher.request(7001, { webcastId: room, offset: 0 })).status).toBe(200);

    const started = await api.admin(`/admin/v1/rooms/${room}/lottery/start`);
    expect(started.data).toMatchObject({ raffleId: openRaffle(room), state: 'start', password: false });
    const startPush = (await watcher.nextPush(7113)).body as { seedHash: string };
    expect(startPush).toMatchObject({ raffleId: openRaffle(room), state: 'start', webcastId: room });
    expect(startPush.seedHash).toMatch(/^[0-9a-f]{64}$/);

    const record = await api.get<{ list: { raffleId: string; myState: string }[] }>(LIVE_CALLS.raffleRecord.path, { webcastId: room }, { token: unnamed.token });
    expect(record.data.list[0]).toMatchObject({ raffleId: openRaffle(room), myState: 'nicknameRequired' });

    const ended = await api.admin<{ winners: Winner[]; entrants: number }>(`/admin/v1/rooms/${room}/lottery/end`);
    expect(ended.data.entrants).toBe(5);
    expect(ended.data.winners).toHaveLength(3);
    // The entrants are committed to before the seed is revealed with the winners.
    const drawing = (await watcher.nextPush(7113, 5000, (b) => b.state === 'drawing')).body as { entrantsHash: string; offset: number };
    const push = await watcher.nextPush(7113, 5000, (b) => b.state === 'end');
    expect(push.body).toMatchObject({ raffleId: openRaffle(room), state: 'end', winners: ended.data.winners, entrantsHash: drawing.entrantsHash, seedHash: startPush.seedHash });
    expect((push.body as { offset: number }).offset).toBe(drawing.offset + 1);
    const winnerIds = ended.data.winners.map((w) => w.uid);
    expect(new Set(winnerIds).size).toBe(3);
    expect(winnerIds).not.toContain('anon');

    const listed = await api.get<{ winners: Winner[]; seed: string; seedHash: string; entrantsHash: string; entrants: string[]; winnerCount: number }>(
      LIVE_CALLS.raffleWinners.path,
      { raffleId: openRaffle(room) },
      { token: unnamed.token },
    );
    expect(listed.data.winners).toEqual(ended.data.winners);
    // Anyone can recompute the draw from what the room published.
    expect(listed.data.entrants).toHaveLength(5);
    expect(verifyDraw({ ...listed.data, winners: listed.data.winners.map((w) => w.uid) })).toEqual({ ok: true });
    expect(listed.data.seedHash).toBe(startPush.seedHash);
    for (const p of people) {
      const mine = await api.get<{ list: { myState: string }[] }>(LIVE_CALLS.raffleRecord.path, { webcastId: room }, { token: p.token });
      expect(mine.data.list[0]?.myState).toBe(winnerIds.includes(p.userId) ? 'won' : 'lost');
    }
    const late = await api.get<{ list: { myState: string }[] }>(LIVE_CALLS.raffleRecord.path, { webcastId: room }, { token: unnamed.token });
    expect(late.data.list[0]?.myState).toBe('ended');
  });

  it('joins a password raffle: nickname first, keyword error, too long, then participating', async () => {
    const named = await viewer(server.ctx, 'ann', room, { name: 'Ann', nameChanged: true });
    const unnamed = await viewer(server.ctx, 'anon', room);
    const join = (token: string, password: string) => api.post(LIVE_CALLS.rafflePassword.path, { raffleId: passwordRaffle(room), password }, { token });

    expect((await join(named.token, DEMO_LOTTERY_PASSWORD)).msg).toBe('raffleId: no such lottery');
    await api.admin(`/admin/v1/rooms/${room}/lottery/start`, { raffleId: passwordRaffle(room) });
    expect(await join(unnamed.token, DEMO_LOTTERY_PASSWORD)).toMatchObject({ code: 4501, msg: 'nickname: nickname must be set first' });
    expect(await join(named.token, 'wrong')).toMatchObject({ code: 4106 });
    expect(await join(named.token, 'x'.repeat(21))).toMatchObject({ code: 4501, msg: 'password: the lottery password is too long (at most 20 characters)' });
    expect((await join(named.token, '  ')).code).toBe(4501);
    expect(await join(named.token, ` ${DEMO_LOTTERY_PASSWORD} `)).toMatchObject({ code: 200, data: { myState: 'participating' } });
    // Guessing is limited per viewer and lottery: 9 more wrong ones, then 4203 even for the right one.
    const guesser = await viewer(server.ctx, 'guesser', room, { name: 'Guesser', nameChanged: true });
    for (let i = 0; i < 10; i++) expect((await join(guesser.token, `w${i}`)).code).toBe(4106);
    expect((await join(guesser.token, DEMO_LOTTERY_PASSWORD)).code).toBe(4203);
    expect((await api.post(LIVE_CALLS.rafflePassword.path, { raffleId: openRaffle(room), password: 'x' }, { token: named.token })).code).toBe(4501);

    const ended = await api.admin<{ winners: Winner[] }>(`/admin/v1/rooms/${room}/lottery/end`);
    expect(ended.data.winners).toEqual([{ uid: 'ann', name: 'Ann' }]);
    expect((await join(named.token, DEMO_LOTTERY_PASSWORD)).msg).toBe('raffleId: this lottery round has ended');
  });

  it('takes the winner contact only from winners, with a valid phone', async () => {
    const ann = await viewer(server.ctx, 'ann', room, { name: 'Ann', nameChanged: true });
    const bob = await viewer(server.ctx, 'bob', room, { name: 'Bob' });
    await api.admin(`/admin/v1/rooms/${room}/lottery/start`);
    await api.admin(`/admin/v1/rooms/${room}/lottery/end`);
    const contact = { raffleId: openRaffle(room), name: 'Ann Lee', phone: '138 0013 8000', address: '1 Main Street' };
    expect((await api.post(LIVE_CALLS.raffleWinner.path, contact, { token: bob.token })).msg).toBe('raffleId: you did not win this lottery');
    expect((await api.post(LIVE_CALLS.raffleWinner.path, { ...contact, phone: '123' }, { token: ann.token })).msg).toBe('phone: invalid phone number format');
    expect((await api.post(LIVE_CALLS.raffleWinner.path, { ...contact, address: ' ' }, { token: ann.token })).msg).toBe('address: is required');
    expect((await api.post(LIVE_CALLS.raffleWinner.path, contact, { token: ann.token })).data).toEqual({ raffleId: openRaffle(room), saved: true });
    const row = (await rowOf(server.ctx, sql`SELECT contact_phone FROM raffle_winners WHERE user_id = ${'ann'}`)) as { contact_phone: string };
    expect(row.contact_phone).toBe('13800138000');
  });

  it('runs one round at a time and starts a fresh round after the seeded ones', async () => {
    await api.admin(`/admin/v1/rooms/${room}/lottery/start`);
    expect((await api.admin(`/admin/v1/rooms/${room}/lottery/start`, { raffleId: passwordRaffle(room) })).msg).toMatch(/is running: end it first$/);
    expect((await api.admin(`/admin/v1/rooms/${room}/lottery/start`, { raffleId: openRaffle(room) })).msg).toBe('raffleId: this lottery is open, it can only start when ready');
    await api.admin(`/admin/v1/rooms/${room}/lottery/end`);
    expect((await api.admin(`/admin/v1/rooms/${room}/lottery/end`)).msg).toBe('raffleId: no lottery is running in this room');
    await api.admin(`/admin/v1/rooms/${room}/lottery/start`);
    await api.admin(`/admin/v1/rooms/${room}/lottery/end`);
    const third = await api.admin<{ raffleId: string }>(`/admin/v1/rooms/${room}/lottery/start`);
    expect(third.code).toBe(200);
    expect(third.data.raffleId).not.toBe(openRaffle(room));
    expect((await api.admin(`/admin/v1/rooms/${room}/lottery/start`, { raffleId: 'nope' })).msg).toMatch(/^raffleId: /);
  });

  it('needs the admin token and a room', async () => {
    expect((await api.admin(`/admin/v1/rooms/${room}/lottery/start`, undefined, 'wrong')).status).toBe(401);
    expect((await api.admin('/admin/v1/rooms/nowhere/lottery/start')).msg).toBe('id: no such room');
  });
});
