/**
 * Calls a viewer makes from inside a room (praise, heartbeat, subscribe, ...) need a live
 * session (402 otherwise) for that very room: a login to one room is no key to another
 * (4009), or a room's gate could be walked around through a neighbour's.
 */
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { BizError } from '../http/envelope.js';
import { requireSession, type Session } from '../auth/sessions.js';
import { requireRoom, type Room } from '../entry/rooms.js';

export interface Viewer {
  readonly session: Session;
  readonly room: Room;
}

export async function viewerIn(ctx: ServerContext, request: FastifyRequest, webcastId: string): Promise<Viewer> {
  const session = await requireSession(ctx.sessions, request);
  const room = await requireRoom(ctx, webcastId);
  if (session.webcastId !== room.id) throw new BizError(4009, 'your login is for another room');
  return { session, room };
}
