import { sql } from 'kysely';
import { rowOf, rowsOf } from '../../testing/storeRows.js';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMMERCE_CALLS } from '../../../src/protocol/services/commerce';
import { sumYuan } from '../../../src/domain';
import type { TestServer } from '../../testing/harness.js';
import { newKey, seededRoom, startInteractServer, viewer, type Caller } from '../../testing/interactFixtures.js';
import { splitTotal, toFen } from './split.js';
import { remainingOf } from './store.js';

describe('splitTotal', () => {
  it('gives count shares of at least 0.01 that add up to the total exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 0, max: 5_000_000 }), (count, extraFen) => {
        const fen = count + extraFen;
        const total = `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
        const shares = splitTotal(total, count);
        expect(shares).toHaveLength(count);
        expect(shares.filter((s) => !/^\d+\.\d\d$/.test(s) || s === '0.00')).toEqual([]);
        expect(sumYuan(shares)).toBe(sumYuan([total]));
      }),
      { numRuns: 200 },
    );
  });

  it('refuses a total too small for the count', () => {
    expect(() => splitTotal('0.04', 5)).toThrow(RangeError);
    expect(splitTotal('0.05', 5)).toEqual(['0.01', '0.01', '0.01', '0.01', '0.01']);
  });
});

let server: TestServer;
let api: Caller;
let room: string;

beforeEach(async () => {
  ({ server, api } = await startInteractServer());
  room = await seededRoom(server.ctx, 'r1');
});
afterEach(async () => server.close());

const packet = (r: string) => `rp_${r}`;

describe('red packets', () => {
  it('is not started until sent, then each user draws once; the last share pushes state 2', async () => {
    const people = await Promise.all(['a', 'b', 'c', 'd', 'e', 'f'].map((id) => viewer(server.ctx, id, room)));
    const first = people[0]!;
    const draw = (token: string, key = newKey()) => api.post<{ got: boolean; amount: string | null; state: number }>(
      COMMERCE_CALLS.redPacketDraw.path,
      { liveId: room, id: packet(room) },
      { token, idempotencyKey: key },
    );
    expect((await api.post(COMMERCE_CALLS.redPacketJudge.path, { liveId: room, id: packet(room) }, { token: first.token })).data).toMatchObject({ state: 0, remaining: 5 });
    expect((await draw(first.token)).msg).toBe('id: this red packet has not started');

    const sent = await api.admin(`/admin/v1/rooms/${room}/redpacket/send`);
    expect(sent.data).toMatchObject({ id: packet(room), state: 1, total: '10.00', count: 5 });
    const amounts: string[] = [];
    for (const p of people.slice(0, 5)) {
      const got = await draw(p.token);
      expect(got.data.got).toBe(true);
      amounts.push(got.data.amount!);
    }
    expect(sumYuan(amounts)).toBe('10.00');
    const late = await draw(people[5]!.token);
    expect(late.data).toMatchObject({ got: false, amount: null, state: 2 });
    const again = await draw(first.token);
    expect(again.data).toMatchObject({ got: true, amount: amounts[0], state: 2 });

    const messages = server.roomLog.readAfter(room, 0, 100).map((m) => ({ code: m.code, body: JSON.parse(m.bodyJson) as { state: number } }));
    expect(messages.filter((m) => m.code === 7119).map((m) => m.body.state)).toEqual([1, 2]);

    const judged = await api.post(COMMERCE_CALLS.redPacketJudge.path, { liveId: room, id: packet(room) }, { token: first.token });
    expect(judged.data).toMatchObject({ state: 2, remaining: 0, drawn: true, amount: amounts[0] });
    const activity = await api.post<{ list: { id: string }[] }>(COMMERCE_CALLS.redPacketActivityList.path, { liveId: room }, { token: first.token });
    expect(activity.data.list.map((p) => p.id)).toEqual([packet(room)]);
    const info = await api.post<{ balance: string; draws: unknown[] }>(COMMERCE_CALLS.redPacketUserInfo.path, { liveId: room }, { token: first.token });
    expect(info.data.balance).toBe(amounts[0]);
    expect(info.data.draws).toHaveLength(1);
  });

  it('charges once per Idempotency-Key and refuses a draw without one', async () => {
    const a = await viewer(server.ctx, 'a', room);
    await api.admin(`/admin/v1/rooms/${room}/redpacket/send`);
    const body = { liveId: room, id: packet(room) };
    expect((await api.post(COMMERCE_CALLS.redPacketDraw.path, body, { token: a.token })).msg).toBe('Idempotency-Key: this call spends money and needs the header');
    const key = newKey();
    const [one, two] = await Promise.all([
      api.post(COMMERCE_CALLS.redPacketDraw.path, body, { token: a.token, idempotencyKey: key }),
      api.post(COMMERCE_CALLS.redPacketDraw.path, body, { token: a.token, idempotencyKey: key }),
    ]);
    expect(two).toEqual(one);
    const draws = (await rowOf(server.ctx, sql`SELECT COUNT(*) AS n FROM red_packet_draws`)) as { n: number };
    expect(draws.n).toBe(1);
  });

  it('withdraws only for real-name verified accounts, at least 0.01 and within the balance', async () => {
    const plain = await viewer(server.ctx, 'plain', room);
    const verified = await viewer(server.ctx, 'verified', room, { realNameVerified: true });
    await api.admin(`/admin/v1/rooms/${room}/redpacket/send`, { total: '3.00', count: 1, title: 'One big share' });
    // The seeded packet is still waiting; the new one was sent.
    const sentId = ((await rowOf(server.ctx, sql`SELECT id FROM red_packets WHERE state = 1`)) as { id: string }).id;
    await api.post(COMMERCE_CALLS.redPacketDraw.path, { liveId: room, id: sentId }, { token: verified.token, idempotencyKey: newKey() });

    const withdraw = (token: string, amount: string, key = newKey()) =>
      api.post<{ balance: string }>(COMMERCE_CALLS.redPacketWithdraw.path, { liveId: room, amount }, { token, idempotencyKey: key });
    expect((await withdraw(plain.token, '1.00')).code).toBe(4204);
    expect((await withdraw(verified.token, '0.001')).msg).toBe('amount: can have at most two decimal places');
    expect((await withdraw(verified.token, '0.00')).msg).toBe('amount: must be at least 0.01 yuan');
    expect((await withdraw(verified.token, 'abc')).code).toBe(4501);
    expect((await withdraw(verified.token, '3.01')).code).toBe(4202);
    const key = newKey();
    expect((await withdraw(verified.token, '1.25', key)).data).toMatchObject({ amount: '1.25', balance: '1.75' });
    expect((await withdraw(verified.token, '1.25', key)).data).toMatchObject({ amount: '1.25', balance: '1.75' });
    expect((await withdraw(verified.token, '1.75')).data).toMatchObject({ balance: '0.00' });
    expect((await withdraw(verified.token, '0.01')).code).toBe(4202);
    const info = await api.post<{ balance: string; withdrawals: unknown[] }>(COMMERCE_CALLS.redPacketUserInfo.path, { liveId: room }, { token: verified.token });
    expect(info.data).toMatchObject({ balance: '0.00', realNameVerified: true });
    expect(info.data.withdrawals).toHaveLength(2);
  });

  it('refuses bad input: unknown packet, missing fields, no session', async () => {
    const a = await viewer(server.ctx, 'a', room);
    expect((await api.post(COMMERCE_CALLS.redPacketJudge.path, { liveId: room, id: 'nope' }, { token: a.token })).msg).toBe('id: no such red packet in this room');
    expect((await api.post(COMMERCE_CALLS.redPacketJudge.path, { liveId: room }, { token: a.token })).code).toBe(4501);
    expect((await api.post(COMMERCE_CALLS.redPacketActivityList.path, {}, { token: a.token })).code).toBe(4501);
    expect((await api.post(COMMERCE_CALLS.redPacketUserInfo.path, { liveId: room })).code).toBe(402);
    expect((await api.admin(`/admin/v1/rooms/${room}/redpacket/send`, { total: '0.03', count: 5 })).msg).toBe('total: cannot give 5 shares of at least 0.01');
    await api.admin(`/admin/v1/rooms/${room}/redpacket/send`, { id: packet(room) });
    expect((await api.admin(`/admin/v1/rooms/${room}/redpacket/send`, { id: packet(room) })).msg).toBe('id: this red packet has already been sent');
    // Without an id, a room whose packets were all sent gets a new one like its first.
    expect((await api.admin(`/admin/v1/rooms/${room}/redpacket/send`)).data).toMatchObject({ state: 1, total: '10.00', count: 5 });
  });

  it('a grab is one conditional decrement: 20 viewers at once for 5 shares, 5 get one, count and fen go down together', async () => {
    const people = await Promise.all(Array.from({ length: 20 }, (_, i) => viewer(server.ctx, `g${i}`, room)));
    await api.admin(`/admin/v1/rooms/${room}/redpacket/send`);
    const answers = await Promise.all(
      people.map((p) => api.post<{ got: boolean; amount: string | null }>(COMMERCE_CALLS.redPacketDraw.path, { liveId: room, id: packet(room) }, { token: p.token, idempotencyKey: newKey() })),
    );
    const got = answers.filter((a) => a.data.got).map((a) => a.data.amount!);
    expect(got).toHaveLength(5);
    expect(sumYuan(got)).toBe('10.00');
    expect(await remainingOf(server.ctx.store.db, packet(room))).toEqual({ count: 0, fen: 0 });
    const shares = (await rowsOf(server.ctx, sql`SELECT idx, fen, amount FROM red_packet_shares WHERE packet_id = ${packet(room)} ORDER BY idx`)) as { idx: number; fen: number; amount: string }[];
    expect(shares.map((s) => s.fen)).toEqual(shares.map((s) => toFen(s.amount)));
    const drawn = (await rowsOf(server.ctx, sql`SELECT share_index AS idx FROM red_packet_draws WHERE packet_id = ${packet(room)} ORDER BY share_index`)) as { idx: number }[];
    expect(drawn.map((d) => d.idx)).toEqual([0, 1, 2, 3, 4]);
    expect((await rowOf(server.ctx, sql`SELECT state FROM red_packets WHERE id = ${packet(room)}`))).toEqual({ state: 2 });
  });

  it('what is left is the shares not yet taken, share by share', async () => {
    const people = await Promise.all(['h', 'i'].map((id) => viewer(server.ctx, id, room)));
    await api.admin(`/admin/v1/rooms/${room}/redpacket/send`);
    const first = await api.post<{ amount: string }>(COMMERCE_CALLS.redPacketDraw.path, { liveId: room, id: packet(room) }, { token: people[0]!.token, idempotencyKey: newKey() });
    expect(await remainingOf(server.ctx.store.db, packet(room))).toEqual({ count: 4, fen: 1000 - toFen(first.data.amount) });
  });
});
