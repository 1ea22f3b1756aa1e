/**
 * Rooms, users and sessions for tests that do not go through the live login: rows are
 * inserted directly (through the store, so on either engine) and sessions created with
 * ctx.sessions, exactly as a login would.
 */
import { sql } from 'kysely';
import type { Session } from '../auth/sessions.js';
import type { ServerContext } from '../context.js';

export async function addRoom(ctx: ServerContext, id: string, title = `Room ${id}`): Promise<void> {
  await sql`INSERT INTO rooms (id, title, status, created_at) VALUES (${id}, ${title}, 2, ${ctx.now()}) ON CONFLICT (id) DO NOTHING`.execute(ctx.store.db);
}

export interface UserOptions {
  readonly name?: string;
  readonly role?: number;
  /** SPEC 5: the nickname must have been changed before applying to connect-mic. */
  readonly nameChanged?: boolean;
}

export async function addUser(ctx: ServerContext, id: string, options: UserOptions = {}): Promise<void> {
  await sql`INSERT INTO users (id, name, name_changed, role, created_at)
    VALUES (${id}, ${options.name ?? `user_${id}`}, ${options.nameChanged ? 1 : 0}, ${options.role ?? 5}, ${ctx.now()})
    ON CONFLICT (id) DO NOTHING`.execute(ctx.store.db);
}

/** A user (created when missing) with a fresh session for the room. */
export async function loginAs(ctx: ServerContext, userId: string, webcastId: string, options: UserOptions = {}): Promise<Session> {
  await addRoom(ctx, webcastId);
  await addUser(ctx, userId, options);
  return ctx.sessions.create(userId, webcastId, options.role ?? 5, 'guest');
}
