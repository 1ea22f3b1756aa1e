/**
 * POST /ccp/monitor/v1/interactive (form-encoded by the path rule): a viewer's interaction
 * with the room page (a share, a click on a card, ...), stored with its type and content;
 * the answer counts this room's interactions of that type.
 */
import { sql } from 'kysely';
import type { RouteModule } from '../http/app.js';
import { okEnvelope } from '../http/envelope.js';
import { ROOM_ID_SCHEMA } from '../entry/rooms.js';
import { viewerIn } from './viewer.js';

export const INTERACTION_CONTENT_MAX = 2000;

const INTERACTIVE_SCHEMA = {
  body: {
    type: 'object',
    required: ['webcastId', 'type'],
    properties: {
      webcastId: ROOM_ID_SCHEMA,
      type: { type: 'string', minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_]+$' },
      // Form values are text; objects arrive as JSON text (docs/protocol.md 4.2).
      content: { type: 'string', maxLength: INTERACTION_CONTENT_MAX, default: '' },
    },
  },
} as const;

export const interactiveRoutes: RouteModule = (app, ctx) => {
  app.post<{ Body: { webcastId: string; type: string; content: string } }>(
    '/ccp/monitor/v1/interactive',
    { schema: INTERACTIVE_SCHEMA },
    async (request) => {
      const { session, room } = await viewerIn(ctx, request, request.body.webcastId);
      const { type, content } = request.body;
      const q = ctx.store.db;
      const { id } = (
        await sql<{ id: number }>`INSERT INTO interactions (webcast_id, user_id, type, content, created_at) VALUES (${room.id}, ${session.userId}, ${type}, ${content}, ${ctx.now()}) RETURNING id`.execute(q)
      ).rows[0]!;
      const count = (await sql<{ n: number }>`SELECT COUNT(*) AS n FROM interactions WHERE webcast_id = ${room.id} AND type = ${type}`.execute(q)).rows[0]!.n;
      return okEnvelope({ id, type, count });
    },
  );
};
