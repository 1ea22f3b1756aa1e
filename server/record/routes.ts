/**
 * GET own/record (docs/protocol.md 5.13): the session's own record of its room, for the
 * viewer to save (issue 37 item 5). Needs a session for that room (402, 4009); the room's
 * `other.ownRecord` setting off answers 4409. Reading it scans the room's messages for the
 * sender's (ownRecord.ts), so one viewer may ask twice at once and then once every 10 s
 * (4203 with waitSeconds).
 */
import type { FastifyInstance } from 'fastify';
import { LIVE_CALLS } from '../../src/protocol/services/live';
import { TokenBuckets } from '../auth/tokenBuckets.js';
import { requireRoomSession } from '../auth/sessions.js';
import type { ChatService } from '../chat/service.js';
import type { ServerContext } from '../context.js';
import { requireRoom } from '../entry/rooms.js';
import { BizError, okEnvelope } from '../http/envelope.js';
import { ID_MAX } from '../socket/fields.js';
import { readOwnRecord } from './ownRecord.js';

const QUERY = {
  querystring: { type: 'object', required: ['webcastId'], properties: { webcastId: { type: 'string', minLength: 1, maxLength: ID_MAX } } },
} as const;

export const OWN_RECORD_RATE = { burst: 2, perSecond: 0.1 } as const;

export function registerOwnRecordRoutes(app: FastifyInstance, ctx: ServerContext, chat: ChatService): void {
  const rate = new TokenBuckets(ctx.now, OWN_RECORD_RATE, (wait) => `your record was just read: ask again in ${wait} s`);
  app.get<{ Querystring: { webcastId: string } }>(LIVE_CALLS.ownRecord.path, { schema: QUERY }, async (request) => {
    const session = await requireRoomSession(ctx.sessions, request, request.query.webcastId);
    const room = await requireRoom(ctx, request.query.webcastId);
    if (!room.settings.other.ownRecord) throw new BizError(4409);
    rate.take(`${room.id}\n${session.userId}`);
    return okEnvelope(await readOwnRecord(ctx, chat.history, room, session.userId));
  });
}
