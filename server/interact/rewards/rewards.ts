/**
 * Gifts and rewards on the commerce service: the room's gift list (SPEC 1: rose, heart,
 * applause, lollipop, balloon, rocket, priced in yuan strings) and paying for gifts (a money
 * call: stored once per Idempotency-Key, then shown to the room with push 7111).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { GIFT_COUNT_MAX, GIFTS, multiplyYuan, formatYuan, REWARD, Yuan } from '../../../src/domain';
import { COMMERCE_CALLS } from '../../../src/protocol/services/commerce';
import type { ServerContext } from '../../context.js';
import { BizError, invalid, okEnvelope } from '../../http/envelope.js';
import { enter } from '../shared/access.js';
import { newId } from '../shared/ids.js';
import { book } from '../shared/ledger.js';
import { checkedAmount, spendOnce } from '../shared/money.js';
import { settingsOf } from '../shared/settings.js';
import { AMOUNT, ID, objectOf } from '../shared/schema.js';


export interface GiftRow {
  readonly gift: string;
  readonly title: string;
  readonly price: string;
}

export async function giftsOf(ctx: ServerContext, webcastId: string): Promise<GiftRow[]> {
  return (await sql<GiftRow>`SELECT gift, title, price FROM gifts WHERE webcast_id = ${webcastId} ORDER BY sort, gift`.execute(ctx.store.db)).rows;
}

export function rewardRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get<{ Querystring: { liveId: string } }>(
    COMMERCE_CALLS.giftList.path,
    { schema: { querystring: objectOf({ liveId: ID }, ['liveId']) } },
    async (request) => {
      const { room } = await enter(ctx, request, request.query.liveId, 'liveId');
      return okEnvelope({ enabled: (await settingsOf(ctx.store.db, room.id)).rewardsEnabled, list: await giftsOf(ctx, room.id) });
    },
  );

  app.post<{ Body: { liveId: string; gift: string; count: number; amount: string } }>(
    COMMERCE_CALLS.rewardPayGift.path,
    {
      schema: {
        body: objectOf(
          { liveId: ID, gift: { type: 'string', enum: [...GIFTS, REWARD] }, count: { type: 'integer', minimum: 1, maximum: GIFT_COUNT_MAX }, amount: AMOUNT },
          ['liveId', 'gift', 'count', 'amount'],
        ),
      },
    },
    async (request) => {
      const { liveId, gift, count } = request.body;
      const caller = await enter(ctx, request, liveId, 'liveId');
      if (!(await settingsOf(ctx.store.db, caller.room.id)).rewardsEnabled) throw new BizError(4405);
      const amount = formatYuan(checkedAmount('amount', request.body.amount));
      if (gift === REWARD) {
        // A reward is the viewer's own amount, once: checkedAmount held it to 0.01 and up.
        if (count !== 1) throw invalid('count', 'a reward is paid once: count must be 1');
      } else {
        const offered = (await giftsOf(ctx, caller.room.id)).find((g) => g.gift === gift);
        if (!offered) throw invalid('gift', 'this room does not offer this gift');
        const due = multiplyYuan(offered.price, count);
        if (!new Yuan(amount).equals(due)) throw invalid('amount', `must be the price times the count: ${due}`);
      }
      const shown = { uid: caller.user.id, name: caller.user.name, gift, count, amount };
      const spent = await spendOnce(ctx, request, 'reward.pay', caller.user.id, { liveId: caller.room.id, gift, count, amount }, async (tx) => {
        const id = newId('rw');
        const now = ctx.now();
        await sql`INSERT INTO rewards (id, webcast_id, user_id, gift, count, amount, created_at)
          VALUES (${id}, ${caller.room.id}, ${caller.user.id}, ${gift}, ${count}, ${amount}, ${now})`.execute(tx);
        await book(tx, now, { businessKey: `reward:${id}`, kind: 'reward.pay', webcastId: caller.room.id, userId: caller.user.id, amount });
        return { id, ...shown };
      });
      if (spent.fresh) ctx.hub.publish(caller.room.id, 7111, shown);
      return spent.envelope;
    },
  );
}
