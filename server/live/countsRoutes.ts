/**
 * Praise and counts: POST /ccp/receiver/v1/praise (count 1..100 per call, batched by the
 * client), POST /ccp/handler/v2/praise/count, the room's custom praise images and the
 * online total. Every praise, and every viewer socket joining or leaving the room, nudges
 * the coalesced 7109 `{online, praise}` push, so the online count moves in every tab.
 */
import { sql } from 'kysely';
import type { RouteModule } from '../http/app.js';
import type { ServerContext } from '../context.js';
import { okEnvelope } from '../http/envelope.js';
import { requireRoom, ROOM_ID_SCHEMA } from '../entry/rooms.js';
import { viewerIn } from './viewer.js';
import { addPraise, praiseTotal } from './praiseStore.js';
import { CoalescedPush } from './countsPush.js';
import { WEBCAST_BODY, WEBCAST_QUERY, type WebcastBody, type WebcastQuery } from './schemas.js';

export const PRAISE_MAX_PER_CALL = 100;

const PRAISE_SCHEMA = {
  body: {
    type: 'object',
    required: ['webcastId'],
    properties: { webcastId: ROOM_ID_SCHEMA, count: { type: 'integer', minimum: 1, maximum: PRAISE_MAX_PER_CALL, default: 1 } },
  },
} as const;

export const countsOf = async (ctx: ServerContext, webcastId: string) => {
  // The database first, while the caller knows it is open: the online count may wait on
  // Redis, and the server may have closed the database by the time it answers.
  const praise = await praiseTotal(ctx.store.db, webcastId);
  return { online: await ctx.hub.onlineCount(webcastId), praise };
};

/** Distinct viewers who ever logged in to the room. */
const viewersEver = async (ctx: ServerContext, webcastId: string): Promise<number> =>
  (await sql<{ n: number }>`SELECT COUNT(DISTINCT user_id) AS n FROM sessions WHERE webcast_id = ${webcastId}`.execute(ctx.store.db)).rows[0]!.n;

export const countsRoutes: RouteModule = (app, ctx) => {
  let closed = false;
  const counts = new CoalescedPush((webcastId) => {
    countsOf(ctx, webcastId).then(
      (now) => {
        if (!closed) ctx.hub.publish(webcastId, 7109, now);
      },
      // Closing cuts the online count's Redis call short: nothing is owed then.
      (error: unknown) => {
        if (!closed) console.error('counts push failed:', error);
      },
    );
  }, ctx.now);
  const stopWatching = ctx.hub.onMembersChanged((webcastId) => counts.changed(webcastId));
  app.addHook('onClose', async () => {
    closed = true;
    stopWatching();
    counts.close();
  });

  app.post<{ Body: { webcastId: string; count: number } }>('/ccp/receiver/v1/praise', { schema: PRAISE_SCHEMA }, async (request) => {
    const { room } = await viewerIn(ctx, request, request.body.webcastId);
    const praise = await addPraise(ctx.store.db, room.id, request.body.count);
    counts.changed(room.id);
    return okEnvelope({ praise });
  });

  app.post<WebcastBody>('/ccp/handler/v2/praise/count', { schema: WEBCAST_BODY }, async (request) => {
    const room = await requireRoom(ctx, request.body.webcastId);
    return okEnvelope(await countsOf(ctx, room.id));
  });

  app.get<{ Params: { webcastId: string } }>(
    '/ccp/handler/v2/praise/:webcastId/custom/images',
    { schema: { params: { type: 'object', required: ['webcastId'], properties: { webcastId: ROOM_ID_SCHEMA } } } },
    async (request) => {
      const room = await requireRoom(ctx, request.params.webcastId);
      return okEnvelope({ images: room.settings.praiseImages });
    },
  );

  app.get<WebcastQuery>('/ccp/monitor/v2/webcast/total', { schema: WEBCAST_QUERY }, async (request) => {
    const room = await requireRoom(ctx, request.query.webcastId);
    return okEnvelope({ ...(await countsOf(ctx, room.id)), viewers: await viewersEver(ctx, room.id) });
  });
};
