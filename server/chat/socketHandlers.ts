/**
 * Socket requests of the room (PROTOCOL 2.4): chat send 7101, withdraw 7103, chat state
 * 7105 and room control 7127 (host and assistants), and the host's room messages (7107,
 * 7113 to 7125). A request the sender's role may not make is answered 4501 with
 * "role: ..." (the code every client shows with its msg); 4009 stays the entry refusal.
 */
import { sql } from 'kysely';
import { LIVE_STATUS } from '../../src/domain/constants';
import { isHost, isStaff } from '../../src/domain/roles';
import { endLive, startLive } from '../live/liveControl.js';
import type { ServerContext } from '../context.js';
import { invalid } from '../http/envelope.js';
import type { SocketRequest } from '../socket/handlers.js';
import { enumField, idField, optionalBoolField, optionalTextField } from '../socket/fields.js';
import { joinedRoomOfRequest, roomOfRequest } from '../socket/roomHandlers.js';
import { HOST_ROOM_MESSAGES } from './hostMessages.js';
import { CONTROL_TEXT_MAX, ROOM_CONTROL_ACTIONS, type ChatService } from './service.js';

function requireStaff(request: SocketRequest): void {
  if (!isStaff(request.session.role)) throw invalid('role', 'only the host or an assistant may do this');
}

function requireHost(request: SocketRequest): void {
  if (!isHost(request.session.role)) throw invalid('role', 'only the host may do this');
}

export function registerChatHandlers(ctx: ServerContext, chat: ChatService): void {
  const handlers = ctx.socketHandlers;

  handlers.register(7101, async (request) => {
    const webcastId = await joinedRoomOfRequest(ctx, request);
    return chat.send(webcastId, request.session.userId, request.session.role, request.body);
  });

  handlers.register(7103, async (request) => {
    const webcastId = await joinedRoomOfRequest(ctx, request);
    const msgId = idField(request.body, 'msgId');
    await chat.withdraw(webcastId, msgId, { uid: request.session.userId, role: request.session.role });
    return { msgId };
  });

  handlers.register(7105, async (request) => {
    requireStaff(request);
    const webcastId = await roomOfRequest(ctx, request);
    const b = request.body;
    const state = await chat.setSwitches(webcastId, {
      open: optionalBoolField(b, 'open'),
      review: optionalBoolField(b, 'review'),
      pictures: optionalBoolField(b, 'pictures'),
      staffOnly: optionalBoolField(b, 'staffOnly'),
    });
    return { ...state };
  });

  handlers.register(7127, async (request) => {
    requireStaff(request);
    const webcastId = await roomOfRequest(ctx, request);
    const uid = idField(request.body, 'uid');
    const action = enumField(request.body, 'action', ROOM_CONTROL_ACTIONS);
    await chat.control(webcastId, uid, action, optionalTextField(request.body, 'text', CONTROL_TEXT_MAX) ?? '');
    return { uid, action };
  });

  for (const [code, read] of HOST_ROOM_MESSAGES) {
    handlers.register(code, async (request) => {
      requireHost(request);
      const webcastId = await roomOfRequest(ctx, request);
      const body = read(request.body, ctx.now());
      // Going live and ending are the admin API's code too (start time, replay, recording).
      if (code === 7107 && (body.status === LIVE_STATUS.live || body.status === LIVE_STATUS.preparing)) return { offset: (await startLive(ctx, webcastId, body.status)).offset };
      if (code === 7107 && body.status === LIVE_STATUS.ended) return { offset: (await endLive(ctx, webcastId)).offset };
      if (code === 7107) await sql`UPDATE rooms SET status = ${body.status} WHERE id = ${webcastId}`.execute(ctx.store.db);
      const message = await ctx.hub.send(webcastId, code, body);
      return { offset: message.offset };
    });
  }
}
