/**
 * The replay's timeline over HTTP (ours; docs/protocol.md 5.10):
 * - GET /ccp/handler/v2/webcast/replay/timeline?webcastId&from&to: the room's events from
 *   `from` to `to` (ms; default the whole room), oldest first. data: {from, to, list, more}.
 * - GET /ccp/handler/v2/webcast/replay/moments?webcastId&from&to: the caller's own moments
 *   (sent, mentioned, questions). data: {from, to, sent, mentioned, questions}.
 * Both need a session for that room, as the chat history does (402, 4009).
 * Chapters, on the admin API and the console's mount (hostMount.ts):
 * - POST <mount>/:id/chapters {title, at?}: a chapter at `at` (ms; default now);
 * - GET <mount>/:id/chapters: the room's chapters;
 * - POST <mount>/:id/chapters/:chapterId/remove.
 */
import type { FastifyInstance } from 'fastify';
import { LIVE_CALLS } from '../../src/protocol/services/live';
import { requireRoomSession } from '../auth/sessions.js';
import type { ServerContext } from '../context.js';
import { invalid, okEnvelope } from '../http/envelope.js';
import { ID_MAX } from '../socket/fields.js';
import type { ChatService } from '../chat/service.js';
import { hostMounts } from '../admin/hostMount.js';
import { fieldsOf, optionalInt, requireText } from '../admin/input.js';
import { requireRoom } from '../entry/rooms.js';
import { roomIdParam } from '../admin/liveAdmin.js';
import { CHAPTER_TITLE_MAX, chaptersOf, readMoments, readTimeline, recordTimeline, removeChapter } from './timeline.js';

const TIME = { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER } as const;
const RANGE_QUERY = {
  querystring: {
    type: 'object',
    required: ['webcastId'],
    properties: { webcastId: { type: 'string', minLength: 1, maxLength: ID_MAX }, from: TIME, to: TIME },
  },
} as const;

type RangeQuery = { Querystring: { webcastId: string; from?: number; to?: number } };

function rangeOf(ctx: ServerContext, query: RangeQuery['Querystring']): { from: number; to: number } {
  const from = query.from ?? 0;
  const to = query.to ?? ctx.now();
  if (to < from) throw invalid('to', 'must not be before from');
  return { from, to };
}

export function registerReplayRoutes(app: FastifyInstance, ctx: ServerContext, chat: ChatService): void {
  app.get<RangeQuery>(LIVE_CALLS.replayTimeline.path, { schema: RANGE_QUERY }, async (request) => {
    await requireRoomSession(ctx.sessions, request, request.query.webcastId);
    const range = rangeOf(ctx, request.query);
    return okEnvelope({ ...range, ...(await readTimeline(ctx, chat.history, request.query.webcastId, range.from, range.to)) });
  });
  app.get<RangeQuery>(LIVE_CALLS.replayMoments.path, { schema: RANGE_QUERY }, async (request) => {
    const session = await requireRoomSession(ctx.sessions, request, request.query.webcastId);
    const range = rangeOf(ctx, request.query);
    return okEnvelope({ ...range, ...(await readMoments(ctx, chat.history, request.query.webcastId, session.userId, range.from, range.to)) });
  });

  for (const mount of hostMounts(ctx)) {
    const at = { onRequest: mount.onRequest };
    app.get(`${mount.base}/:id/chapters`, at, async (request) => okEnvelope({ list: await chaptersOf(ctx, (await requireRoom(ctx, roomIdParam(request))).id) }));
    app.post(`${mount.base}/:id/chapters`, at, async (request) => {
      const room = await requireRoom(ctx, roomIdParam(request));
      const fields = fieldsOf(request.body);
      const title = requireText(fields, 'title', { max: CHAPTER_TITLE_MAX }).trim();
      const when = optionalInt(fields, 'at', { min: 0, max: Number.MAX_SAFE_INTEGER });
      const written = await recordTimeline(ctx, room.id, 'chapter', { title }, when ?? ctx.now());
      return okEnvelope({ id: written.id, at: written.at, title });
    });
    app.post(`${mount.base}/:id/chapters/:chapterId/remove`, at, async (request) => {
      const room = await requireRoom(ctx, roomIdParam(request));
      const chapterId = Number((request.params as { chapterId?: unknown }).chapterId);
      if (!Number.isSafeInteger(chapterId) || !(await removeChapter(ctx, room.id, chapterId))) throw invalid('chapterId', 'no such chapter in this room');
      return okEnvelope({ removed: chapterId });
    });
  }
}
