/**
 * Users removed from a room (push 7127 kick). A kicked user's sessions in the room are
 * ended; a new socket login with an old sid, and a new live login to the room, are refused
 * with code 4003 ("you have been removed from the room") until the kick's period ends or
 * the host readmits the user.
 *
 * A guest is a new user at every login, so a kick also keeps out what the kicked user
 * came with: the device ids their sessions in the room sent (any non-staff login from that
 * device, for as long as the kick lasts). The addresses they logged in from are only a
 * short signal (ADDRESS_SIGNAL_MS): a whole office can sit behind one address, and one
 * guest's behaviour must not close the room to it. While the signal lasts, a new guest
 * from the address must bring a device id (a browser always does; a script that leaves it
 * out to dodge the device ban does not) and is let in at a slow rate (entry/admission.ts).
 */
import type { Db } from '../store/db.js';
import type { LoginOrigin } from '../auth/loginOrigin.js';

const active = '(until IS NULL OR until > ?)';

/** How long a kick marks the addresses the kicked guest used (at most the kick's own period). */
export const ADDRESS_SIGNAL_MS = 10 * 60 * 1000;

/** Records a kick lasting until `until` (ms; null: until readmitted), with the devices and addresses of the user's sessions in the room. */
export function recordKick(db: Db, webcastId: string, userId: string, text: string, at: number, until: number | null): void {
  db.transaction(() => {
    db.prepare(
      `INSERT INTO room_kicks (webcast_id, user_id, text, kicked_at, until) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (webcast_id, user_id) DO UPDATE SET text = excluded.text, kicked_at = excluded.kicked_at, until = excluded.until`,
    ).run(webcastId, userId, text, at, until);
    const origins = db
      .prepare('SELECT DISTINCT device_id AS deviceId, address FROM sessions WHERE webcast_id = ? AND user_id = ?')
      .all(webcastId, userId) as { deviceId: string | null; address: string | null }[];
    const ban = db.prepare(
      `INSERT INTO room_bans (webcast_id, kind, value, user_id, until) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (webcast_id, kind, value) DO UPDATE SET user_id = excluded.user_id, until = excluded.until`,
    );
    const signalUntil = Math.min(until ?? Number.POSITIVE_INFINITY, at + ADDRESS_SIGNAL_MS);
    for (const { deviceId, address } of origins) {
      if (deviceId) ban.run(webcastId, 'device', deviceId, userId, until);
      if (address) ban.run(webcastId, 'address', address, userId, signalUntil);
    }
  })();
}

export function isKicked(db: Db, webcastId: string, userId: string, now: number): boolean {
  return db.prepare(`SELECT 1 FROM room_kicks WHERE webcast_id = ? AND user_id = ? AND ${active}`).get(webcastId, userId, now) !== undefined;
}

const BANNED = `SELECT 1 FROM room_bans WHERE webcast_id = ? AND kind = ? AND value = ? AND ${active}`;

/** Whether a login from `origin` is kept out of the room by a kick: its device, for any viewer. */
export function isOriginKicked(db: Db, webcastId: string, origin: LoginOrigin, now: number): boolean {
  return origin.deviceId !== null && db.prepare(BANNED).get(webcastId, 'device', origin.deviceId, now) !== undefined;
}

/** Whether a kicked guest used this address lately (ADDRESS_SIGNAL_MS): a signal, never a refusal by itself. */
export function isAddressSignalled(db: Db, webcastId: string, address: string, now: number): boolean {
  return db.prepare(BANNED).get(webcastId, 'address', address, now) !== undefined;
}

/** Lets a kicked user in again, with the devices and addresses their kick kept out. */
export function forgetKick(db: Db, webcastId: string, userId: string): boolean {
  return db.transaction(() => {
    db.prepare('DELETE FROM room_bans WHERE webcast_id = ? AND user_id = ?').run(webcastId, userId);
    return db.prepare('DELETE FROM room_kicks WHERE webcast_id = ? AND user_id = ?').run(webcastId, userId).changes > 0;
  })();
}

export interface KickRecord {
  readonly userId: string;
  /** The name the user had (empty when the user is gone). */
  readonly name: string;
  readonly text: string;
  readonly kickedAt: number;
  /** When the kick ends by itself (ms); null: when the host readmits the user. */
  readonly until: number | null;
}

/** The kicks in force in a room, newest first (the host's list to readmit from). */
export function activeKicks(db: Db, webcastId: string, now: number): KickRecord[] {
  return db
    .prepare(
      `SELECT k.user_id AS userId, COALESCE(u.name, '') AS name, k.text AS text, k.kicked_at AS kickedAt, k.until AS until
       FROM room_kicks k LEFT JOIN users u ON u.id = k.user_id
       WHERE k.webcast_id = ? AND (k.until IS NULL OR k.until > ?) ORDER BY k.kicked_at DESC, k.user_id LIMIT 500`,
    )
    .all(webcastId, now) as KickRecord[];
}
