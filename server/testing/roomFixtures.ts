/**
 * Rooms, users and sessions for tests that do not go through the live login: rows are
 * inserted directly and sessions created with ctx.sessions, exactly as a login would.
 */
import type { Session } from '../auth/sessions.js';
import type { ServerContext } from '../context.js';

export function addRoom(ctx: ServerContext, id: string, title = `Room ${id}`): void {
  ctx.db.prepare('INSERT OR IGNORE INTO rooms (id, title, status, created_at) VALUES (?, ?, 2, ?)').run(id, title, ctx.now());
}

export interface UserOptions {
  readonly name?: string;
  readonly role?: number;
  /** SPEC 5: the nickname must have been changed before applying to connect-mic. */
  readonly nameChanged?: boolean;
}

export function addUser(ctx: ServerContext, id: string, options: UserOptions = {}): void {
  ctx.db
    .prepare('INSERT OR IGNORE INTO users (id, name, name_changed, role, created_at) VALUES (?, ?, ?, ?, ?)')
    .run(id, options.name ?? `user_${id}`, options.nameChanged ? 1 : 0, options.role ?? 5, ctx.now());
}

/** A user (created when missing) with a fresh session for the room. */
export function loginAs(ctx: ServerContext, userId: string, webcastId: string, options: UserOptions = {}): Session {
  addRoom(ctx, webcastId);
  addUser(ctx, userId, options);
  return ctx.sessions.create(userId, webcastId, options.role ?? 5, 'guest');
}
