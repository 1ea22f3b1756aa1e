import { sql } from 'kysely';
import { rowOf, run } from '../../testing/storeRows.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMMERCE_CALLS } from '../../../src/protocol/services/commerce';
import type { TestServer } from '../../testing/harness.js';
import { ledgerOf } from '../shared/ledger.js';
import { newKey, seededRoom, startInteractServer, viewer, type Caller, type Viewer } from '../../testing/interactFixtures.js';

let server: TestServer;
let api: Caller;
let room: string;
let alice: Viewer;

beforeEach(async () => {
  ({ server, api } = await startInteractServer());
  room = await seededRoom(server.ctx, 'r1');
  alice = await viewer(server.ctx, 'alice', room, { name: 'Alice' });
});
afterEach(async () => server.close());

const pay = (body: Record<string, unknown>, token: string, key: string | null = newKey()) =>
  api.post(COMMERCE_CALLS.rewardPayGift.path, { liveId: room, ...body }, { token, ...(key ? { idempotencyKey: key } : {}) });

describe('gifts and rewards', () => {
  it('lists the six gifts with prices as strings', async () => {
    const list = await api.get<{ enabled: boolean; list: { gift: string; price: string }[] }>(COMMERCE_CALLS.giftList.path, { liveId: room }, { token: alice.token });
    expect(list.data.enabled).toBe(true);
    expect(list.data.list.map((g) => g.gift)).toEqual(['rose', 'heart', 'applause', 'lollipop', 'balloon', 'rocket']);
    expect(list.data.list.every((g) => /^\d+\.\d\d$/.test(g.price))).toBe(true);
    expect((await api.get(COMMERCE_CALLS.giftList.path, {}, { token: alice.token })).code).toBe(4501);
  });

  it('charges once per Idempotency-Key and shows the gift to the room once (7111)', async () => {
    const key = newKey();
    const first = await pay({ gift: 'rocket', count: 2, amount: '100.00' }, alice.token, key);
    expect(first).toMatchObject({ code: 200, data: { gift: 'rocket', count: 2, amount: '100.00', uid: 'alice', name: 'Alice' } });
    const second = await pay({ gift: 'rocket', count: 2, amount: '100.00' }, alice.token, key);
    expect(second).toEqual(first);
    const rewards = (await rowOf(server.ctx, sql`SELECT COUNT(*) AS n FROM rewards`)) as { n: number };
    expect(rewards.n).toBe(1);
    const shown = server.roomLog.readAfter(room, 0, 10).filter((m) => m.code === 7111);
    expect(shown).toHaveLength(1);
    expect(JSON.parse(shown[0]!.bodyJson)).toMatchObject({ uid: 'alice', name: 'Alice', gift: 'rocket', count: 2, amount: '100.00' });
    expect((await pay({ gift: 'rose', count: 1, amount: '0.10' }, alice.token)).code).toBe(200);
  });

  it('refuses a payment without a key, a wrong amount and an unknown gift', async () => {
    expect((await pay({ gift: 'rose', count: 1, amount: '0.10' }, alice.token, null)).msg).toBe('Idempotency-Key: this call spends money and needs the header');
    expect((await pay({ gift: 'rose', count: 1, amount: '0.001' }, alice.token)).msg).toBe('amount: can have at most two decimal places');
    expect((await pay({ gift: 'rose', count: 1, amount: '0.00' }, alice.token)).msg).toBe('amount: must be at least 0.01 yuan');
    expect((await pay({ gift: 'rose', count: 3, amount: '0.10' }, alice.token)).msg).toBe('amount: must be the price times the count: 0.30');
    expect((await pay({ gift: 'submarine', count: 1, amount: '1.00' }, alice.token)).code).toBe(4501);
    expect((await pay({ gift: 'rose', count: 0, amount: '0.10' }, alice.token)).code).toBe(4501);
    expect((await pay({ gift: 'rose', count: 1 }, alice.token)).code).toBe(4501);
    expect((await api.post(COMMERCE_CALLS.rewardPayGift.path, { liveId: room, gift: 'rose', count: 1, amount: '0.10' }, { idempotencyKey: newKey() })).code).toBe(402);
  });

  it('refuses an amount sent as a JSON number (PROTOCOL 1.4: decimal strings) and charges nothing', async () => {
    const answer = await pay({ gift: 'rose', count: 1, amount: 0.1 }, alice.token);
    expect(answer).toMatchObject({ code: 4501, msg: 'amount: must be a decimal string such as "0.10", not a number' });
    expect((await pay({ gift: 'rocket', count: 1, amount: 50 }, alice.token)).code).toBe(4501);
    expect(((await rowOf(server.ctx, sql`SELECT COUNT(*) AS n FROM rewards`)) as { n: number }).n).toBe(0);
    expect(await ledgerOf(server.ctx.store.db, room)).toEqual([]);
    expect((await pay({ gift: 'rose', count: 1, amount: '0.10' }, alice.token)).code).toBe(200);
  });

  it('refuses rewards with 4405 when the room disables them', async () => {
    expect((await api.admin(`/admin/v1/rooms/${room}/commerce`, { rewards: false })).data).toEqual({ rewards: false, goods: true });
    expect((await pay({ gift: 'rose', count: 1, amount: '0.10' }, alice.token)).code).toBe(4405);
    const list = await api.get<{ enabled: boolean }>(COMMERCE_CALLS.giftList.path, { liveId: room }, { token: alice.token });
    expect(list.data.enabled).toBe(false);
  });

  it('books each payment once in the append-only ledger; a key reused for another payment is refused', async () => {
    const key = newKey();
    await pay({ gift: 'heart', count: 3, amount: '1.50' }, alice.token, key);
    await pay({ gift: 'heart', count: 3, amount: '1.50' }, alice.token, key);
    const reused = await pay({ gift: 'heart', count: 4, amount: '2.00' }, alice.token, key);
    expect(reused.code).toBe(4501);
    expect(reused.msg).toContain('Idempotency-Key');
    const rows = await ledgerOf(server.ctx.store.db, room, 'reward.pay');
    expect(rows.map((r) => [r.userId, r.amount])).toEqual([['alice', '1.50']]);
    expect(rows[0]!.businessKey).toMatch(/^reward:/);
    // The database itself refuses to change or remove a booking, or to book the same one twice.
    await expect(run(server.ctx, sql`UPDATE money_ledger SET amount = '0.01'`)).rejects.toThrow(/append-only/);
    await expect(run(server.ctx, sql`DELETE FROM money_ledger`)).rejects.toThrow(/append-only/);
    await expect(
      run(server.ctx, sql`INSERT INTO money_ledger (business_key, kind, webcast_id, user_id, amount, created_at) VALUES (${rows[0]!.businessKey}, ${'reward.pay'}, ${room}, ${'alice'}, ${'1.50'}, ${0})`),
    ).rejects.toThrow(/UNIQUE|unique/);
  });

  it("takes a reward of the viewer's own amount (gift 'reward', count 1, at least 0.01) and shows it to the room", async () => {
    const paid = await pay({ gift: 'reward', count: 1, amount: '8.88' }, alice.token);
    expect(paid).toMatchObject({ code: 200, data: { gift: 'reward', count: 1, amount: '8.88' } });
    expect((await pay({ gift: 'reward', count: 2, amount: '8.88' }, alice.token)).msg).toBe('count: a reward is paid once: count must be 1');
    expect((await pay({ gift: 'reward', count: 1, amount: '0.001' }, alice.token)).code).toBe(4501);
    const shown = server.roomLog.readAfter(room, 0, 10).filter((m) => m.code === 7111);
    expect(JSON.parse(shown.at(-1)!.bodyJson)).toMatchObject({ gift: 'reward', amount: '8.88' });
    expect((await ledgerOf(server.ctx.store.db, room)).map((r) => r.amount)).toEqual(['8.88']);
  });
});
