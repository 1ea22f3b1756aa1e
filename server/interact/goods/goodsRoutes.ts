/**
 * Goods on the commerce service: the audience list, detail, the goods pushed now, search
 * (keyword over the domain's limit -> 4501) and purchase (a money call: the stock goes down
 * once per Idempotency-Key). Products disabled by the platform -> 4406 on every call.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { formatYuan, multiplyYuan, validateKeyword, Yuan, KEYWORD_MAX } from '../../../src/domain';
import { PURCHASE_COUNT_MAX } from '../../../src/domain/goods';
import { COMMERCE_CALLS } from '../../../src/protocol/services/commerce';
import type { ServerContext } from '../../context.js';
import { BizError, invalid, okEnvelope } from '../../http/envelope.js';
import { enter, type Caller } from '../shared/access.js';
import { newId } from '../shared/ids.js';
import { book } from '../shared/ledger.js';
import { checkedAmount, spendOnce } from '../shared/money.js';
import { invalidBy } from '../shared/problems.js';
import { settingsOf } from '../shared/settings.js';
import { AMOUNT, ID, PAGING, objectOf, page, type Paging } from '../shared/schema.js';
import { findGoods, goodsOf, matches, takeStock, type Goods } from './store.js';

export { PURCHASE_COUNT_MAX };

const view = (g: Goods) => ({ id: g.id, name: g.name, description: g.description, imageUrl: g.imageUrl, price: g.price, stock: g.stock, soldOut: g.stock === 0 });

async function shopIn(ctx: ServerContext, request: FastifyRequest, liveId: string): Promise<Caller> {
  const caller = await enter(ctx, request, liveId, 'liveId');
  if (!(await settingsOf(ctx.store.db, caller.room.id)).goodsEnabled) throw new BizError(4406);
  return caller;
}

async function goodsIn(ctx: ServerContext, caller: Caller, id: string): Promise<Goods> {
  const goods = await findGoods(ctx.store.db, id);
  if (!goods || goods.webcastId !== caller.room.id) throw invalid('goodsId', 'no such goods in this room');
  return goods;
}

export function goodsRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.post<{ Body: { liveId: string } & Paging }>(
    COMMERCE_CALLS.goodsAudienceList.path,
    { schema: { body: objectOf({ liveId: ID, ...PAGING }, ['liveId']) } },
    async (request) => {
      const caller = await shopIn(ctx, request, request.body.liveId);
      return okEnvelope({ ...page((await goodsOf(ctx.store.db, caller.room.id)).map(view), request.body), pushedId: (await settingsOf(ctx.store.db, caller.room.id)).pushedGoodsId });
    },
  );

  app.post<{ Body: { liveId: string; goodsId: string } }>(
    COMMERCE_CALLS.goodsDetail.path,
    { schema: { body: objectOf({ liveId: ID, goodsId: ID }, ['liveId', 'goodsId']) } },
    async (request) => {
      const caller = await shopIn(ctx, request, request.body.liveId);
      return okEnvelope(view(await goodsIn(ctx, caller, request.body.goodsId)));
    },
  );

  app.post<{ Body: { liveId: string } }>(
    COMMERCE_CALLS.goodsPushed.path,
    { schema: { body: objectOf({ liveId: ID }, ['liveId']) } },
    async (request) => {
      const caller = await shopIn(ctx, request, request.body.liveId);
      const pushedId = (await settingsOf(ctx.store.db, caller.room.id)).pushedGoodsId;
      const goods = pushedId === null ? undefined : await findGoods(ctx.store.db, pushedId);
      return okEnvelope({ goodsId: goods?.id ?? null, goods: goods ? view(goods) : null });
    },
  );

  app.post<{ Body: { liveId: string; keyword: string } & Paging }>(
    COMMERCE_CALLS.goodsSearch.path,
    // The keyword's limit is the domain's (validateKeyword); the schema only caps the size.
    { schema: { body: objectOf({ liveId: ID, keyword: { type: 'string', maxLength: KEYWORD_MAX * 20 }, ...PAGING }, ['liveId', 'keyword']) } },
    async (request) => {
      const caller = await shopIn(ctx, request, request.body.liveId);
      const keyword = validateKeyword(request.body.keyword);
      if (!keyword.ok) throw invalidBy('keyword', keyword.error);
      const found = (await goodsOf(ctx.store.db, caller.room.id)).filter((g) => matches(keyword.value, g.name, g.description));
      return okEnvelope({ keyword: keyword.value, ...page(found.map(view), request.body) });
    },
  );

  app.post<{ Body: { liveId: string; goodsId: string; count: number; amount: string } }>(
    COMMERCE_CALLS.goodsPurchase.path,
    {
      schema: {
        body: objectOf({ liveId: ID, goodsId: ID, count: { type: 'integer', minimum: 1, maximum: PURCHASE_COUNT_MAX }, amount: AMOUNT }, [
          'liveId',
          'goodsId',
          'count',
          'amount',
        ]),
      },
    },
    async (request) => {
      const { goodsId, count } = request.body;
      const caller = await shopIn(ctx, request, request.body.liveId);
      const amount = formatYuan(checkedAmount('amount', request.body.amount));
      const goods = await goodsIn(ctx, caller, goodsId);
      const due = multiplyYuan(goods.price, count);
      if (!new Yuan(amount).equals(due)) throw invalid('amount', `must be the price times the count: ${due}`);
      return (await spendOnce(ctx, request, 'goods.purchase', caller.user.id, { liveId: caller.room.id, goodsId: goods.id, count, amount }, async (tx) => {
        if (!(await takeStock(tx, goods.id, count))) throw invalid('count', `only ${(await findGoods(tx, goods.id))?.stock ?? 0} left`);
        const orderId = newId('od');
        const now = ctx.now();
        await sql`INSERT INTO orders (id, webcast_id, goods_id, user_id, count, amount, created_at)
          VALUES (${orderId}, ${caller.room.id}, ${goods.id}, ${caller.user.id}, ${count}, ${amount}, ${now})`.execute(tx);
        await book(tx, now, { businessKey: `order:${orderId}`, kind: 'goods.purchase', webcastId: caller.room.id, userId: caller.user.id, amount });
        return { orderId, goodsId: goods.id, count, amount, stock: (await findGoods(tx, goods.id))?.stock ?? 0 };
      })).envelope;
    },
  );
}
