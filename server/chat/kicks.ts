/**
 * Users removed from a room (push 7127 kick). A kicked user's sessions in the room are
 * ended; a new socket login with an old sid, and a new live login to the room, are refused
 * with code 4003 ("you have been removed from the room").
 */
import type { Db } from '../store/db.js';

export function recordKick(db: Db, webcastId: string, userId: string, text: string, at: number): void {
  db.prepare(
    'INSERT INTO room_kicks (webcast_id, user_id, text, kicked_at) VALUES (?, ?, ?, ?) ON CONFLICT (webcast_id, user_id) DO UPDATE SET text = excluded.text, kicked_at = excluded.kicked_at',
  ).run(webcastId, userId, text, at);
}

export function isKicked(db: Db, webcastId: string, userId: string): boolean {
  return db.prepare('SELECT 1 FROM room_kicks WHERE webcast_id = ? AND user_id = ?').get(webcastId, userId) !== undefined;
}

/** Lets a kicked user in again. */
export function forgetKick(db: Db, webcastId: string, userId: string): boolean {
  return db.prepare('DELETE FROM room_kicks WHERE webcast_id = ? AND user_id = ?').run(webcastId, userId).changes > 0;
}
