import { sql } from 'kysely';
import { rowOf } from '../../testing/storeRows.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMMERCE_CALLS } from '../../../src/protocol/services/commerce';
import type { TestServer } from '../../testing/harness.js';
import { newKey, seededRoom, startInteractServer, viewer, type Caller, type Viewer } from '../../testing/interactFixtures.js';

let server: TestServer;
let api: Caller;
let room: string;
let alice: Viewer;

beforeEach(async () => {
  ({ server, api } = await startInteractServer());
  room = await seededRoom(server.ctx, 'r1');
  alice = await viewer(server.ctx, 'alice', room);
});
afterEach(async () => server.close());

interface GoodsView {
  id: string;
  name: string;
  price: string;
  stock: number;
}

const mug = (r: string) => `gd_${r}_mug`;
const headset = (r: string) => `gd_${r}_headset`;

describe('goods', () => {
  it('lists, shows, searches and tells the pushed goods', async () => {
    const t = { token: alice.token };
    const list = await api.post<{ total: number; list: GoodsView[]; pushedId: string | null }>(COMMERCE_CALLS.goodsAudienceList.path, { liveId: room, skip: 1, take: 2 }, t);
    expect(list.data.total).toBe(4);
    expect(list.data.list).toHaveLength(2);
    expect(list.data.pushedId).toBeNull();
    expect((await api.post(COMMERCE_CALLS.goodsDetail.path, { liveId: room, goodsId: mug(room) }, t)).data).toMatchObject({ name: 'Webcast mug', price: '39.90' });
    expect((await api.post(COMMERCE_CALLS.goodsDetail.path, { liveId: room, goodsId: 'nope' }, t)).msg).toBe('goodsId: no such goods in this room');

    const found = await api.post<{ list: GoodsView[] }>(COMMERCE_CALLS.goodsSearch.path, { liveId: room, keyword: 'NOTE' }, t);
    expect(found.data.list.map((g) => g.name)).toEqual(['Notebook']);
    expect((await api.post(COMMERCE_CALLS.goodsSearch.path, { liveId: room, keyword: 'x'.repeat(21) }, t)).msg).toBe(
      'keyword: the keyword is over the limit of 20 characters',
    );
    expect((await api.post(COMMERCE_CALLS.goodsSearch.path, { liveId: room }, t)).code).toBe(4501);

    expect((await api.post(COMMERCE_CALLS.goodsPushed.path, { liveId: room }, t)).data).toEqual({ goodsId: null, goods: null });
    const pushed = await api.admin(`/admin/v1/rooms/${room}/goods/push`, { kind: 'goods', id: headset(room) });
    expect(pushed.data).toMatchObject({ kind: 'goods', id: headset(room) });
    expect((await api.post(COMMERCE_CALLS.goodsPushed.path, { liveId: room }, t)).data).toMatchObject({ goodsId: headset(room) });
    const push = server.roomLog.readAfter(room, 0, 10).find((m) => m.code === 7121);
    expect(JSON.parse(push!.bodyJson)).toMatchObject({ kind: 'goods', id: headset(room) });
    expect((await api.admin(`/admin/v1/rooms/${room}/goods/push`, { kind: 'shoes' })).code).toBe(4501);
  });

  it('purchases once per Idempotency-Key, taking the stock once', async () => {
    const buy = (count: number, amount: string, key: string | null = newKey()) =>
      api.post<{ stock: number; orderId: string }>(
        COMMERCE_CALLS.goodsPurchase.path,
        { liveId: room, goodsId: headset(room), count, amount },
        { token: alice.token, ...(key ? { idempotencyKey: key } : {}) },
      );
    const key = newKey();
    const first = await buy(2, '518.00', key);
    expect(first).toMatchObject({ code: 200, data: { count: 2, amount: '518.00', stock: 3 } });
    expect(await buy(2, '518.00', key)).toEqual(first);
    expect((await buy(1, '259.00', null)).code).toBe(4501);
    expect((await buy(1, '200.00')).msg).toBe('amount: must be the price times the count: 259.00');
    expect((await buy(4, '1036.00')).msg).toBe('count: only 3 left');
    expect((await buy(3, '777.00')).data).toMatchObject({ stock: 0 });
    expect((await buy(0, '0.00')).code).toBe(4501);
    const orders = (await rowOf(server.ctx, sql`SELECT COUNT(*) AS n FROM orders`)) as { n: number };
    expect(orders.n).toBe(2);
  });

  it('refuses every goods call with 4406 when the platform disables products', async () => {
    await api.admin(`/admin/v1/rooms/${room}/commerce`, { goods: false });
    const t = { token: alice.token };
    expect((await api.post(COMMERCE_CALLS.goodsAudienceList.path, { liveId: room }, t)).code).toBe(4406);
    expect((await api.post(COMMERCE_CALLS.goodsDetail.path, { liveId: room, goodsId: mug(room) }, t)).code).toBe(4406);
    expect((await api.post(COMMERCE_CALLS.goodsPushed.path, { liveId: room }, t)).code).toBe(4406);
    expect((await api.post(COMMERCE_CALLS.goodsSearch.path, { liveId: room, keyword: '' }, t)).code).toBe(4406);
    expect((await api.post(COMMERCE_CALLS.goodsPurchase.path, { liveId: room, goodsId: mug(room), count: 1, amount: '39.90' }, { ...t, idempotencyKey: newKey() })).code).toBe(4406);
  });
});

describe('recommendations', () => {
  it('lists, gets by id, finds and pushes (staff only)', async () => {
    const t = { token: alice.token };
    const list = await api.post<{ total: number; list: { id: string }[] }>(COMMERCE_CALLS.recommendList.path, { liveId: room }, t);
    expect(list.data.total).toBe(3);
    const id = list.data.list[0]!.id;
    expect((await api.get(`/commerce/v1/recommend/${id}`, {}, t)).data).toMatchObject({ id, title: 'Product white paper' });
    expect((await api.get('/commerce/v1/recommend/nope', {}, t)).msg).toBe('id: no such recommendation');
    expect((await api.post<{ list: unknown[] }>(COMMERCE_CALLS.recommendFind.path, { liveId: room, keyword: 'trial' }, t)).data.list).toHaveLength(1);
    expect((await api.post(COMMERCE_CALLS.recommendFind.path, { liveId: room, keyword: 'y'.repeat(30) }, t)).code).toBe(4501);

    expect((await api.post(COMMERCE_CALLS.recommendPush.path, { liveId: room, id }, t)).code).toBe(4009);
    const host = await viewer(server.ctx, 'host', room, { role: 6 });
    expect((await api.post(COMMERCE_CALLS.recommendPush.path, { liveId: room, id }, { token: host.token })).data).toMatchObject({ kind: 'recommend', id });
    expect((await api.post(COMMERCE_CALLS.recommendPush.path, { liveId: room, id: 'nope' }, { token: host.token })).msg).toBe('id: no such recommendation in this room');
    const pushedId = (await api.post<{ pushedId: string }>(COMMERCE_CALLS.recommendList.path, { liveId: room }, t)).data.pushedId;
    expect(pushedId).toBe(id);
    expect((await api.admin(`/admin/v1/rooms/${room}/goods/push`, { kind: 'recommend' })).data).toMatchObject({ kind: 'recommend', id });
  });
});
