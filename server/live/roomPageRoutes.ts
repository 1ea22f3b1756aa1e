/**
 * The rest of the room page: the notice, the contract or guide shown before watching,
 * the staff (user role list, so the chat can label host and assistant) and the viewer's
 * keep-alive heartbeat, which renews the session and keeps the viewer counted as present.
 */
import { sql } from 'kysely';
import type { RouteModule } from '../http/app.js';
import { okEnvelope } from '../http/envelope.js';
import { requireRoom } from '../entry/rooms.js';
import { viewerIn } from './viewer.js';
import { ID_PARAMS, WEBCAST_BODY, WEBCAST_QUERY, type IdParams, type WebcastBody, type WebcastQuery } from './schemas.js';

export const roomPageRoutes: RouteModule = (app, ctx) => {
  app.get<WebcastQuery>('/ccp/handler/v2/noticeV2/get/info', { schema: WEBCAST_QUERY }, async (request) => {
    const room = await requireRoom(ctx, request.query.webcastId);
    const row = (await sql<{ content: string; updated_at: number }>`SELECT content, updated_at FROM room_notices WHERE webcast_id = ${room.id}`.execute(ctx.store.db)).rows[0];
    return okEnvelope({ notice: row ? { content: row.content, updatedAt: row.updated_at } : null });
  });

  app.get<IdParams>('/ccp/monitor/v2/contract/:id', { schema: ID_PARAMS }, async (request) => {
    const room = await requireRoom(ctx, request.params.id);
    return okEnvelope(room.settings.contract);
  });

  app.get<WebcastQuery>('/ccp/monitor/v1/webcast/user/list', { schema: WEBCAST_QUERY }, async (request) => {
    const { room } = await viewerIn(ctx, request, request.query.webcastId);
    const users = (
      await sql`SELECT u.id AS uid, u.name, u.role, u.head_img_url AS "headImgUrl"
        FROM room_staff s JOIN users u ON u.id = s.user_id WHERE s.webcast_id = ${room.id} ORDER BY u.role, u.id`.execute(ctx.store.db)
    ).rows;
    return okEnvelope({ users });
  });

  app.post<WebcastBody>('/ccp/user/v1/heartbeat', { schema: WEBCAST_BODY }, async (request) => {
    const { session, room } = await viewerIn(ctx, request, request.body.webcastId);
    return okEnvelope({ expiresAt: session.expiresAt, online: await ctx.hub.onlineCount(room.id), status: room.status });
  });
};
