/**
 * Chat history over HTTP (SPEC 7.1; docs/protocol.md 4.7: chatHistory, chatByIds).
 * - GET /ccp/monitor/v1/chat/public/list?webcastId&skip&take: `take` messages (1 to 200,
 *   default 50) skipping the newest `skip` (default 0), oldest first (newest last);
 *   withdrawn messages are left out. data: {total, skip, take, list}.
 * - POST /ccp/monitor/v1/chat/public/listByIds {webcastId, ids}: those messages (1 to 200
 *   ids) that exist in the room and are not withdrawn, in offset order. data: {list}.
 * Both need a session (402) for that room (4009 otherwise: the room's gate was not passed).
 * - GET /ccp/monitor/v1/chat/pending?webcastId (a host or assistant login): the messages
 *   waiting for review. data: {list}.
 * - POST /ccp/monitor/v1/chat/pending/review {webcastId, msgId, approve}: publishes (7101)
 *   or drops one of them.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HOST_CALLS } from '../../src/protocol/services/host';
import { LIVE_CALLS } from '../../src/protocol/services/live';
import { CHAT_ENTRIES_KEPT } from '../../src/domain/constants';
import { requireRoomSession } from '../auth/sessions.js';
import type { ServerContext } from '../context.js';
import { isStaff } from '../../src/domain/roles';
import { invalid, okEnvelope } from '../http/envelope.js';
import { registerChatImageRoutes } from './imageUpload.js';
import { ID_MAX } from '../socket/fields.js';
import type { ChatService } from './service.js';

const roomId = { type: 'string', minLength: 1, maxLength: ID_MAX } as const;


export function registerChatRoutes(app: FastifyInstance, ctx: ServerContext, chat: ChatService): void {
  app.get<{ Querystring: { webcastId: string; skip: number; take: number; until?: number; after?: number } }>(
    LIVE_CALLS.chatHistory.path,
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['webcastId'],
          properties: {
            webcastId: roomId,
            skip: { type: 'integer', minimum: 0, maximum: 1_000_000_000, default: 0 },
            take: { type: 'integer', minimum: 1, maximum: CHAT_ENTRIES_KEPT, default: 50 },
            // The replay's extension (docs/protocol.md): by time, or on from an offset.
            until: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
            after: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
          },
        },
      },
    },
    async (request) => {
      const { webcastId, skip, take, until, after } = request.query;
      await requireRoomSession(ctx.sessions, request, webcastId);
      if (until !== undefined && after !== undefined) throw invalid('until', 'give until or after, not both');
      if (until !== undefined) return okEnvelope({ until, take, ...(await chat.history.until(webcastId, until, take)) });
      if (after !== undefined) return okEnvelope({ after, take, ...(await chat.history.after(webcastId, after, take)) });
      const page = await chat.history.page(webcastId, skip, take);
      return okEnvelope({ total: page.total, skip, take, list: page.list });
    },
  );

  app.post<{ Body: { webcastId: string; ids: string[] } }>(
    LIVE_CALLS.chatByIds.path,
    {
      schema: {
        body: {
          type: 'object',
          required: ['webcastId', 'ids'],
          properties: {
            webcastId: roomId,
            ids: { type: 'array', minItems: 1, maxItems: CHAT_ENTRIES_KEPT, items: { type: 'string', minLength: 1, maxLength: ID_MAX } },
          },
        },
      },
    },
    async (request) => {
      const { webcastId, ids } = request.body;
      await requireRoomSession(ctx.sessions, request, webcastId);
      return okEnvelope({ list: await chat.history.byIds(webcastId, ids) });
    },
  );

  // Review mode from the console (a host or assistant login): the same service calls as the
  // admin API's chat/pending routes.
  app.get<{ Querystring: { webcastId: string } }>(
    HOST_CALLS.chatPending.path,
    { schema: { querystring: { type: 'object', required: ['webcastId'], properties: { webcastId: roomId } } } },
    async (request) => {
      await staffForRoom(ctx, request, request.query.webcastId);
      return okEnvelope({ list: await chat.pending(request.query.webcastId) });
    },
  );

  app.post<{ Body: { webcastId: string; msgId: string; approve: boolean } }>(
    HOST_CALLS.chatReview.path,
    {
      schema: {
        body: {
          type: 'object',
          required: ['webcastId', 'msgId', 'approve'],
          additionalProperties: false,
          properties: { webcastId: roomId, msgId: { type: 'string', minLength: 1, maxLength: ID_MAX }, approve: { type: 'boolean' } },
        },
      },
    },
    async (request) => {
      const { webcastId, msgId, approve } = request.body;
      await staffForRoom(ctx, request, webcastId);
      if (approve) return okEnvelope(await chat.approve(webcastId, msgId));
      await chat.reject(webcastId, msgId);
      return okEnvelope({ msgId });
    },
  );

  registerChatImageRoutes(app, ctx, chat);
}

async function staffForRoom(ctx: ServerContext, request: FastifyRequest, webcastId: string): Promise<void> {
  const session = await requireRoomSession(ctx.sessions, request, webcastId);
  if (!isStaff(session.role)) throw invalid('role', 'only the host or an assistant may do this');
}
