/**
 * Delayed charging: in a room that charges, watching is free for a while and the price
 * is due after it. POST delay/{id} starts the viewer's free period (once: a repeat keeps
 * the first start, so reloading the page does not reset it); the check says how much of it
 * is left and whether the price is now due.
 */
import type { RouteModule } from '../http/app.js';
import type { ServerContext } from '../context.js';
import { invalid, okEnvelope } from '../http/envelope.js';
import type { Room } from '../entry/rooms.js';
import { viewerIn } from './viewer.js';
import { ID_PARAMS, type IdParams } from './schemas.js';

function chargeState(ctx: ServerContext, room: Room, userId: string) {
  const charge = room.settings.charge;
  const row = ctx.db.prepare('SELECT started_at FROM delay_charges WHERE webcast_id = ? AND user_id = ?').get(room.id, userId) as
    | { started_at: number }
    | undefined;
  const startedAt = row?.started_at ?? null;
  const freeMs = charge.freeSeconds * 1000;
  const remainingSeconds = startedAt === null ? charge.freeSeconds : Math.max(0, Math.ceil((startedAt + freeMs - ctx.now()) / 1000));
  return {
    enabled: charge.enabled,
    freeSeconds: charge.freeSeconds,
    priceYuan: charge.priceYuan,
    startedAt,
    remainingSeconds,
    due: charge.enabled && startedAt !== null && remainingSeconds === 0,
  };
}

export const delayRoutes: RouteModule = (app, ctx) => {
  app.post<IdParams>('/ccp/handler/v2/webcast/delay/:id', { schema: ID_PARAMS }, async (request) => {
    const { session, room } = viewerIn(ctx, request, request.params.id);
    if (!room.settings.charge.enabled) throw invalid('id', 'this room does not charge for watching');
    ctx.db
      .prepare('INSERT OR IGNORE INTO delay_charges (webcast_id, user_id, started_at) VALUES (?, ?, ?)')
      .run(room.id, session.userId, ctx.now());
    return okEnvelope(chargeState(ctx, room, session.userId));
  });

  app.get<IdParams>('/ccp/handler/v2/webcast/delay/:id/check', { schema: ID_PARAMS }, async (request) => {
    const { session, room } = viewerIn(ctx, request, request.params.id);
    return okEnvelope(chargeState(ctx, room, session.userId));
  });
};
