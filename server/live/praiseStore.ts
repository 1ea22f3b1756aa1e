/** A room's praise total (likes), kept in room_praise. */
import { sql } from 'kysely';
import type { StoreQueries } from '../store/sqlStore.js';

export async function praiseTotal(q: StoreQueries, webcastId: string): Promise<number> {
  return (await sql<{ total: number }>`SELECT total FROM room_praise WHERE webcast_id = ${webcastId}`.execute(q)).rows[0]?.total ?? 0;
}

/** Adds to the total in one statement (likes from every node add up); answers the new total. */
export async function addPraise(q: StoreQueries, webcastId: string, count: number): Promise<number> {
  return (
    await sql<{ total: number }>`INSERT INTO room_praise (webcast_id, total) VALUES (${webcastId}, ${count})
      ON CONFLICT (webcast_id) DO UPDATE SET total = room_praise.total + excluded.total
      RETURNING total`.execute(q)
  ).rows[0]!.total;
}
