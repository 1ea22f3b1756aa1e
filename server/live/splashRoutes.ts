/**
 * The splash advert shown before the room opens: its config, the adverts with their click
 * counts, and POST click (counted per viewer click).
 */
import { sql } from 'kysely';
import type { RouteModule } from '../http/app.js';
import type { ServerContext } from '../context.js';
import { invalid, okEnvelope } from '../http/envelope.js';
import { requireRoom, ROOM_ID_SCHEMA } from '../entry/rooms.js';
import { viewerIn } from './viewer.js';
import { WEBCAST_QUERY, type WebcastQuery } from './schemas.js';

const CLICK_SCHEMA = {
  body: {
    type: 'object',
    required: ['webcastId', 'advertId'],
    properties: { webcastId: ROOM_ID_SCHEMA, advertId: { type: 'string', minLength: 1, maxLength: 64 } },
  },
} as const;

const clicksOf = async (ctx: ServerContext, webcastId: string, advertId: string): Promise<number> =>
  (await sql<{ n: number }>`SELECT COUNT(*) AS n FROM splash_clicks WHERE webcast_id = ${webcastId} AND advert_id = ${advertId}`.execute(ctx.store.db)).rows[0]!.n;

export const splashRoutes: RouteModule = (app, ctx) => {
  app.get<WebcastQuery>('/ccp/monitor/v2/splash/config', { schema: WEBCAST_QUERY }, async (request) => {
    const s = (await requireRoom(ctx, request.query.webcastId)).settings.splash;
    return okEnvelope({ enabled: s.enabled, seconds: s.seconds, skippable: s.skippable, count: s.enabled ? s.adverts.length : 0 });
  });

  app.get<WebcastQuery>('/ccp/monitor/v2/splash/list', { schema: WEBCAST_QUERY }, async (request) => {
    const room = await requireRoom(ctx, request.query.webcastId);
    const s = room.settings.splash;
    return okEnvelope({ adverts: s.enabled ? await Promise.all(s.adverts.map(async (a) => ({ ...a, clicks: await clicksOf(ctx, room.id, a.id) }))) : [] });
  });

  app.post<{ Body: { webcastId: string; advertId: string } }>('/ccp/receiver/v1/splash/click', { schema: CLICK_SCHEMA }, async (request) => {
    const { session, room } = await viewerIn(ctx, request, request.body.webcastId);
    const { advertId } = request.body;
    const s = room.settings.splash;
    if (!s.enabled || !s.adverts.some((a) => a.id === advertId)) throw invalid('advertId', 'no such advert in this room');
    await sql`INSERT INTO splash_clicks (webcast_id, advert_id, user_id, clicked_at) VALUES (${room.id}, ${advertId}, ${session.userId}, ${ctx.now()})`.execute(ctx.store.db);
    return okEnvelope({ advertId, clicks: await clicksOf(ctx, room.id, advertId) });
  });
};
