/**
 * Room membership over the socket (PROTOCOL 2.3 step 2 and 2.4): join with replay after an
 * offset (7001 -> 7000), leave (7003 -> 7002) and history sync (2401 -> 2400).
 *
 * Who may join: a session belongs to the room it was issued for (the room's entry gate was
 * passed for that room only), so a socket joins its session's room and no other; another
 * room is refused with 4009, a deleted room with 4006, a user removed from it with 4003.
 */
import { sql } from 'kysely';
import type { ServerContext } from '../context.js';
import { BizError } from '../http/envelope.js';
import { isKicked } from '../chat/kicks.js';
import type { SocketRequest } from './handlers.js';
import { idField, intField, optionalIdField } from './fields.js';

/** PROTOCOL 2.4: one history sync returns at most this many messages. */
export const HISTORY_SYNC_MAX = 500;
const OFFSET_MAX = Number.MAX_SAFE_INTEGER;

/** The room a request names, checked against the session (see the module comment). */
export async function roomOfRequest(ctx: ServerContext, request: SocketRequest): Promise<string> {
  const webcastId = idField(request.body, 'webcastId');
  if (webcastId !== request.session.webcastId) throw new BizError(4009, 'you are not allowed to enter: this login is for another room');
  const room = (await sql<{ deleted: number }>`SELECT deleted FROM rooms WHERE id = ${webcastId}`.execute(ctx.store.db)).rows[0];
  if (!room || room.deleted === 1) throw new BizError(4006);
  if (await isKicked(ctx.store.db, webcastId, request.session.userId, ctx.now())) throw new BizError(4003);
  return webcastId;
}

/** The room a request names, which this socket must have joined (chat, mic, room messages). */
export async function joinedRoomOfRequest(ctx: ServerContext, request: SocketRequest): Promise<string> {
  const webcastId = await roomOfRequest(ctx, request);
  if (!ctx.hub.member(webcastId, request.client.id)) throw new BizError(4501, 'webcastId: join the room (7001) first');
  return webcastId;
}

export function registerRoomHandlers(ctx: ServerContext): void {
  const handlers = ctx.socketHandlers;

  handlers.register(7001, async (request) => {
    const webcastId = await roomOfRequest(ctx, request);
    const offset = intField(request.body, 'offset', 0, OFFSET_MAX, 0);
    const epoch = optionalIdField(request.body, 'epoch') ?? undefined;
    const joined = await ctx.hub.join(request.client, webcastId, offset, epoch);
    return {
      webcastId,
      offset: joined.latest,
      online: await ctx.hub.onlineCount(webcastId),
      from: joined.from,
      ...(joined.epoch === undefined ? {} : { epoch: joined.epoch }),
    };
  });

  handlers.register(7003, (request) => {
    const webcastId = idField(request.body, 'webcastId');
    return { webcastId, left: ctx.hub.leave(request.client, webcastId) };
  });

  handlers.register(2401, async (request) => {
    const webcastId = await roomOfRequest(ctx, request);
    const after = intField(request.body, 'after', 0, OFFSET_MAX);
    const limit = intField(request.body, 'limit', 1, HISTORY_SYNC_MAX);
    const messages = (await ctx.hub.readAfter(webcastId, after, limit))
      .map((m) => ({ code: m.code, ...(JSON.parse(m.bodyJson) as Record<string, unknown>) }));
    return { webcastId, messages };
  });
}
