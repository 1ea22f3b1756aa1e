/**
 * Delayed charging: in a room that charges, watching is free for a while and the price
 * is due after it. POST delay/{id} starts the viewer's free period (once: a repeat keeps
 * the first start, so reloading the page does not reset it); the check says how much of it
 * is left and whether the price is now due; POST delay/{id}/pay pays it (a money call with
 * an Idempotency-Key, the amount the room's price, booked once in the money ledger).
 */
import { sql } from 'kysely';
import { forUpdate, type StoreQueries } from '../store/sqlStore.js';
import type { RouteModule } from '../http/app.js';
import type { ServerContext } from '../context.js';
import { invalid, okEnvelope } from '../http/envelope.js';
import type { Room } from '../entry/rooms.js';
import { formatYuan, Yuan } from '../../src/domain';
import { book } from '../interact/shared/ledger.js';
import { checkedAmount, spendOnce } from '../interact/shared/money.js';
import { AMOUNT, objectOf } from '../interact/shared/schema.js';
import { viewerIn } from './viewer.js';
import { ID_PARAMS, type IdParams } from './schemas.js';

/** `q`: the store, or the payment's transaction (`forUpdate`: the row locked until it ends, PostgreSQL). */
async function chargeState(ctx: ServerContext, q: StoreQueries, room: Room, userId: string, lock = false) {
  const charge = room.settings.charge;
  const row = (
    await sql<{ started_at: number; paid_at: number | null }>`SELECT started_at, paid_at FROM delay_charges WHERE webcast_id = ${room.id} AND user_id = ${userId}${lock ? forUpdate(q) : sql``}`.execute(q)
  ).rows[0];
  const paid = row?.paid_at !== null && row?.paid_at !== undefined;
  const startedAt = row?.started_at ?? null;
  const freeMs = charge.freeSeconds * 1000;
  // eslint-disable-next-line no-restricted-properties -- seconds of the free period, not money
  const remainingSeconds = startedAt === null ? charge.freeSeconds : Math.max(0, Math.ceil((startedAt + freeMs - ctx.now()) / 1000));
  return {
    enabled: charge.enabled,
    freeSeconds: charge.freeSeconds,
    priceYuan: charge.priceYuan,
    startedAt,
    remainingSeconds,
    due: charge.enabled && startedAt !== null && remainingSeconds === 0 && !paid,
    paid,
  };
}

export const delayRoutes: RouteModule = (app, ctx) => {
  app.post<IdParams>('/ccp/handler/v2/webcast/delay/:id', { schema: ID_PARAMS }, async (request) => {
    const { session, room } = await viewerIn(ctx, request, request.params.id);
    if (!room.settings.charge.enabled) throw invalid('id', 'this room does not charge for watching');
    await sql`INSERT INTO delay_charges (webcast_id, user_id, started_at) VALUES (${room.id}, ${session.userId}, ${ctx.now()}) ON CONFLICT DO NOTHING`.execute(ctx.store.db);
    return okEnvelope(await chargeState(ctx, ctx.store.db, room, session.userId));
  });

  app.get<IdParams>('/ccp/handler/v2/webcast/delay/:id/check', { schema: ID_PARAMS }, async (request) => {
    const { session, room } = await viewerIn(ctx, request, request.params.id);
    return okEnvelope(await chargeState(ctx, ctx.store.db, room, session.userId));
  });

  app.post<IdParams & { Body: { amount: string } }>(
    '/ccp/handler/v2/webcast/delay/:id/pay',
    { schema: { ...ID_PARAMS, body: objectOf({ amount: AMOUNT }, ['amount']) } },
    async (request) => {
      const { session, room } = await viewerIn(ctx, request, request.params.id);
      const charge = room.settings.charge;
      if (!charge.enabled) throw invalid('id', 'this room does not charge for watching');
      const amount = formatYuan(checkedAmount('amount', request.body.amount));
      if (!new Yuan(amount).equals(charge.priceYuan)) throw invalid('amount', `must be the room's price: ${formatYuan(charge.priceYuan)}`);
      return (await spendOnce(ctx, request, 'delay.pay', session.userId, { id: room.id, amount }, async (tx) => {
        const state = await chargeState(ctx, tx, room, session.userId, true);
        if (state.paid) return state;
        if (!state.due) throw invalid('id', state.startedAt === null ? 'the free period has not started' : 'nothing is due yet: the free period is not over');
        const now = ctx.now();
        await sql`UPDATE delay_charges SET paid_at = ${now}, paid_amount = ${amount} WHERE webcast_id = ${room.id} AND user_id = ${session.userId} AND paid_at IS NULL`.execute(tx);
        await book(tx, now, { businessKey: `delay:${room.id}:${session.userId}`, kind: 'delay.pay', webcastId: room.id, userId: session.userId, amount });
        return chargeState(ctx, tx, room, session.userId);
      })).envelope;
    },
  );
};
