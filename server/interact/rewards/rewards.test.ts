import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMMERCE_CALLS } from '../../../src/api/services/commerce';
import type { TestServer } from '../../testing/harness.js';
import { newKey, seededRoom, startInteractServer, viewer, type Caller, type Viewer } from '../../testing/interactFixtures.js';

let server: TestServer;
let api: Caller;
let room: string;
let alice: Viewer;

beforeEach(async () => {
  ({ server, api } = await startInteractServer());
  room = seededRoom(server.ctx, 'r1');
  alice = viewer(server.ctx, 'alice', room, { name: 'Alice' });
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
    const rewards = server.ctx.db.prepare('SELECT COUNT(*) AS n FROM rewards').get() as { n: number };
    expect(rewards.n).toBe(1);
    const shown = server.ctx.hub.log.readAfter(room, 0, 10).filter((m) => m.code === 7111);
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

  it('refuses rewards with 4405 when the room disables them', async () => {
    expect((await api.admin(`/admin/v1/rooms/${room}/commerce`, { rewards: false })).data).toEqual({ rewards: false, goods: true });
    expect((await pay({ gift: 'rose', count: 1, amount: '0.10' }, alice.token)).code).toBe(4405);
    const list = await api.get<{ enabled: boolean }>(COMMERCE_CALLS.giftList.path, { liveId: room }, { token: alice.token });
    expect(list.data.enabled).toBe(false);
  });
});
