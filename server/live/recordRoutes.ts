/** The room's replay recordings, paged with skip and take (SPEC 9). */
import { sql } from 'kysely';
import type { RouteModule } from '../http/app.js';
import { okEnvelope } from '../http/envelope.js';
import { ROOM_ID_SCHEMA } from '../entry/rooms.js';
import { viewerIn } from './viewer.js';
import { PAGING_PROPERTIES } from './schemas.js';

const RECORDS_SCHEMA = {
  params: { type: 'object', required: ['webcastId'], properties: { webcastId: ROOM_ID_SCHEMA } },
  querystring: { type: 'object', properties: PAGING_PROPERTIES },
} as const;

export const recordRoutes: RouteModule = (app, ctx) => {
  app.get<{ Params: { webcastId: string }; Querystring: { skip: number; take: number } }>(
    '/ccp/monitor/v2/webcast/record/list/:webcastId',
    { schema: RECORDS_SCHEMA },
    async (request) => {
      const { room } = await viewerIn(ctx, request, request.params.webcastId);
      const { skip, take } = request.query;
      const q = ctx.store.db;
      const total = (await sql<{ n: number }>`SELECT COUNT(*) AS n FROM room_records WHERE webcast_id = ${room.id}`.execute(q)).rows[0]!.n;
      const list = (
        await sql`SELECT id, title, duration_ms AS "durationMs", url, created_at AS "createdAt", started_at AS "startedAt" FROM room_records
          WHERE webcast_id = ${room.id} ORDER BY created_at DESC, id DESC LIMIT ${take} OFFSET ${skip}`.execute(q)
      ).rows;
      return okEnvelope({ total, skip, take, list });
    },
  );
};
