/** A room's praise total (likes), kept in room_praise. */
import type { Db } from '../store/db.js';

export function praiseTotal(db: Db, webcastId: string): number {
  const row = db.prepare('SELECT total FROM room_praise WHERE webcast_id = ?').get(webcastId) as { total: number } | undefined;
  return row?.total ?? 0;
}

/** Adds to the total; answers the new total. */
export function addPraise(db: Db, webcastId: string, count: number): number {
  const row = db
    .prepare(
      `INSERT INTO room_praise (webcast_id, total) VALUES (?, ?)
       ON CONFLICT (webcast_id) DO UPDATE SET total = total + excluded.total
       RETURNING total`,
    )
    .get(webcastId, count) as { total: number };
  return row.total;
}
