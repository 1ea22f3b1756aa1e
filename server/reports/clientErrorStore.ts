/**
 * The pages' error reports in the store (table client_errors), on either engine: a batch is
 * written with the trim to the newest `kept` in one transaction, so the table never holds
 * more than that however many nodes write at once.
 */
import { sql } from 'kysely';
import type { SqlStore } from '../store/sqlStore.js';
import type { Batch, StoredReport } from './clientErrors.js';

/** A report as `npm run room -- errors` lists it. */
export interface ListedReport extends StoredReport {
  readonly receivedAt: number;
  readonly app: string;
  readonly version: string;
  readonly build: string;
  readonly userAgent: string;
}

export async function keepReports(store: SqlStore, receivedAt: number, batch: Batch, kept: number): Promise<void> {
  await store.db.transaction().execute(async (tx) => {
    for (const r of batch.reports) {
      await sql`INSERT INTO client_errors (received_at, app, version, build, user_agent, kind, fingerprint, message, stack, route, room, code, count, at)
        VALUES (${receivedAt}, ${batch.app}, ${batch.version}, ${batch.build}, ${batch.userAgent}, ${r.kind}, ${r.fingerprint}, ${r.message}, ${r.stack}, ${r.route}, ${r.room}, ${r.code}, ${r.count}, ${r.at})`.execute(tx);
    }
    await sql`DELETE FROM client_errors WHERE id <= (SELECT MAX(id) FROM client_errors) - ${kept}`.execute(tx);
  });
}

/** The newest `limit` reports, newest first. */
export async function newestReports(store: SqlStore, limit: number): Promise<ListedReport[]> {
  const rows = await sql<ListedReport>`
    SELECT received_at AS "receivedAt", app, version, build, user_agent AS "userAgent", kind, fingerprint, message, stack, route, room, code, count, at
    FROM client_errors ORDER BY id DESC LIMIT ${limit}`.execute(store.db);
  return rows.rows;
}
