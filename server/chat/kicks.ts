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
import { sql } from 'kysely';
import { changedRows, type SqlStore, type StoreQueries } from '../store/sqlStore.js';
import type { LoginOrigin } from '../auth/loginOrigin.js';

/** In force at `now`: no end, or an end still ahead. */
const active = (now: number) => sql`(until IS NULL OR until > ${now})`;

/** How long a kick marks the addresses the kicked guest used (at most the kick's own period). */
export const ADDRESS_SIGNAL_MS = 10 * 60 * 1000;

/** Records a kick lasting until `until` (ms; null: until readmitted), with the devices and addresses of the user's sessions in the room. */
export async function recordKick(store: SqlStore, webcastId: string, userId: string, text: string, at: number, until: number | null): Promise<void> {
  await store.db.transaction().execute(async (tx) => {
    await sql`INSERT INTO room_kicks (webcast_id, user_id, text, kicked_at, until) VALUES (${webcastId}, ${userId}, ${text}, ${at}, ${until})
      ON CONFLICT (webcast_id, user_id) DO UPDATE SET text = excluded.text, kicked_at = excluded.kicked_at, until = excluded.until`.execute(tx);
    const origins = await sql<{ deviceId: string | null; address: string | null }>`
      SELECT DISTINCT device_id AS "deviceId", address FROM sessions WHERE webcast_id = ${webcastId} AND user_id = ${userId}`.execute(tx);
    const ban = (kind: 'device' | 'address', value: string, end: number | null) =>
      sql`INSERT INTO room_bans (webcast_id, kind, value, user_id, until) VALUES (${webcastId}, ${kind}, ${value}, ${userId}, ${end})
        ON CONFLICT (webcast_id, kind, value) DO UPDATE SET user_id = excluded.user_id, until = excluded.until`.execute(tx);
    const signalUntil = Math.min(until ?? Number.POSITIVE_INFINITY, at + ADDRESS_SIGNAL_MS);
    for (const { deviceId, address } of origins.rows) {
      if (deviceId) await ban('device', deviceId, until);
      if (address) await ban('address', address, signalUntil);
    }
  });
}

export async function isKicked(q: StoreQueries, webcastId: string, userId: string, now: number): Promise<boolean> {
  const rows = await sql`SELECT 1 FROM room_kicks WHERE webcast_id = ${webcastId} AND user_id = ${userId} AND ${active(now)}`.execute(q);
  return rows.rows.length > 0;
}

async function isBanned(q: StoreQueries, webcastId: string, kind: 'device' | 'address', value: string, now: number): Promise<boolean> {
  const rows = await sql`SELECT 1 FROM room_bans WHERE webcast_id = ${webcastId} AND kind = ${kind} AND value = ${value} AND ${active(now)}`.execute(q);
  return rows.rows.length > 0;
}

/** Whether a login from `origin` is kept out of the room by a kick: its device, for any viewer. */
export async function isOriginKicked(q: StoreQueries, webcastId: string, origin: LoginOrigin, now: number): Promise<boolean> {
  return origin.deviceId !== null && (await isBanned(q, webcastId, 'device', origin.deviceId, now));
}

/** Whether a kicked guest used this address lately (ADDRESS_SIGNAL_MS): a signal, never a refusal by itself. */
export function isAddressSignalled(q: StoreQueries, webcastId: string, address: string, now: number): Promise<boolean> {
  return isBanned(q, webcastId, 'address', address, now);
}

/** Lets a kicked user in again, with the devices and addresses their kick kept out. */
export function forgetKick(store: SqlStore, webcastId: string, userId: string): Promise<boolean> {
  return store.db.transaction().execute(async (tx) => {
    await sql`DELETE FROM room_bans WHERE webcast_id = ${webcastId} AND user_id = ${userId}`.execute(tx);
    return changedRows(await sql`DELETE FROM room_kicks WHERE webcast_id = ${webcastId} AND user_id = ${userId}`.execute(tx)) > 0;
  });
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
export async function activeKicks(q: StoreQueries, webcastId: string, now: number): Promise<KickRecord[]> {
  const rows = await sql<KickRecord>`
    SELECT k.user_id AS "userId", COALESCE(u.name, '') AS name, k.text AS text, k.kicked_at AS "kickedAt", k.until AS until
    FROM room_kicks k LEFT JOIN users u ON u.id = k.user_id
    WHERE k.webcast_id = ${webcastId} AND (k.until IS NULL OR k.until > ${now}) ORDER BY k.kicked_at DESC, k.user_id LIMIT 500`.execute(q);
  return rows.rows;
}
