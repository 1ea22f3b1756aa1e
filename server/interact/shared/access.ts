/**
 * Who is calling and in which room. Every audience call of the interactive features needs
 * a live session (else 402) in an existing, not deleted room, and the session must belong to
 * that room: a login is per room (PROTOCOL 1.3), so a token of one room cannot act in another.
 */
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { isStaff } from '../../../src/domain';
import { requireSession, type Session } from '../../auth/sessions.js';
import type { ServerContext } from '../../context.js';
import { BizError, invalid } from '../../http/envelope.js';

export interface RoomRow {
  readonly id: string;
  readonly title: string;
  readonly status: number;
  readonly start_time: number | null;
  readonly cover_url: string | null;
  readonly deleted: number;
}

export interface UserRow {
  readonly id: string;
  readonly name: string;
  readonly name_changed: number;
  readonly head_img_url: string | null;
  readonly real_name_verified: number;
}

export interface Caller {
  readonly session: Session;
  readonly user: UserRow;
  readonly room: RoomRow;
}

export async function findRoom(ctx: ServerContext, webcastId: string): Promise<RoomRow | undefined> {
  const rows = await sql<RoomRow>`SELECT id, title, status, start_time, cover_url, deleted FROM rooms WHERE id = ${webcastId}`.execute(ctx.store.db);
  return rows.rows[0];
}

/** The room of an admin or audience call; unknown -> 4501 naming the field, deleted -> 4006. */
export async function requireRoom(ctx: ServerContext, webcastId: string, field: string): Promise<RoomRow> {
  const room = await findRoom(ctx, webcastId);
  if (!room) throw invalid(field, 'no such room');
  if (room.deleted === 1) throw new BizError(4006);
  return room;
}

export async function requireUser(ctx: ServerContext, userId: string): Promise<UserRow> {
  const rows = await sql<UserRow>`SELECT id, name, name_changed, head_img_url, real_name_verified FROM users WHERE id = ${userId}`.execute(ctx.store.db);
  const user = rows.rows[0];
  // A session always points at a user; a missing row means the login is no longer valid.
  if (!user) throw new BizError(402);
  return user;
}

/** The session of the request, checked against the room `webcastId` (named `field` in the call). */
export async function callerIn(ctx: ServerContext, session: Session, webcastId: string, field: string): Promise<Caller> {
  const room = await requireRoom(ctx, webcastId, field);
  if (session.webcastId !== room.id) throw new BizError(4009, 'this login belongs to another room');
  return { session, user: await requireUser(ctx, session.userId), room };
}

/** requireSession + callerIn, for calls that name their room directly. */
export async function enter(ctx: ServerContext, request: FastifyRequest, webcastId: string, field: string): Promise<Caller> {
  return await callerIn(ctx, await requireSession(ctx.sessions, request), webcastId, field);
}

/** Host, host (other style) or assistant: who may push content and answer questions. */
export function requireStaff(caller: Caller, what: string): void {
  if (!isStaff(caller.session.role)) throw new BizError(4009, `only the host or an assistant may ${what}`);
}
