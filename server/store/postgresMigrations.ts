/**
 * Migrations on PostgreSQL. A new database gets the baseline (postgres/baseline.sql: the
 * SQLite migrations up to BASELINE_VERSION, summed) and then every later migration's
 * PostgreSQL form, each in a transaction of its own: PostgreSQL's DDL is transactional, so a
 * migration that fails leaves the database as it was, and the node refuses to start with a
 * MigrationError that names it. Nodes that start together take turns on an advisory lock;
 * the second finds the work done.
 */
import fs from 'node:fs';
import { sql } from 'kysely';
import { MigrationError } from './db.js';
import type { Migration } from './migrations/index.js';
import type { SqlStore, StoreTransaction } from './sqlStore.js';

/** The last SQLite migration the baseline includes. */
export const BASELINE_VERSION = 17;

/** The baseline's own record in schema_migrations (below every real migration). */
const BASELINE = { version: 0, name: `postgres_baseline_${BASELINE_VERSION}` } as const;

/** Any number of our own: all nodes' migrators wait on this one lock. */
const MIGRATION_LOCK = 40_001;

export function readBaseline(): string {
  return fs.readFileSync(new URL('./postgres/baseline.sql', import.meta.url), 'utf8');
}

async function appliedVersions(tx: StoreTransaction): Promise<Set<number>> {
  const rows = await sql<{ version: number }>`SELECT version FROM schema_migrations`.execute(tx);
  return new Set(rows.rows.map((r) => r.version));
}

async function record(tx: StoreTransaction, m: Pick<Migration, 'version' | 'name'>): Promise<void> {
  await sql`INSERT INTO schema_migrations (version, name, applied_at) VALUES (${m.version}, ${m.name}, ${Date.now()})`.execute(tx);
}

/**
 * Brings the database up to the newest migration; answers the versions it applied (the
 * baseline's as 0). `baseline` is for tests that need another one.
 */
export async function runPostgresMigrations(store: SqlStore, migrations: readonly Migration[], baseline: () => string = readBaseline): Promise<number[]> {
  if (store.engine !== 'postgres') throw new Error('runPostgresMigrations needs a PostgreSQL store');
  const versions = migrations.map((m) => m.version);
  if (new Set(versions).size !== versions.length) throw new Error('two migrations share a version');
  const later = [...migrations].filter((m) => m.version > BASELINE_VERSION).sort((a, b) => a.version - b.version);
  const missing = later.find((m) => m.postgres === undefined);
  if (missing !== undefined) {
    throw new MigrationError(missing, new Error('it has no PostgreSQL form (Migration.postgres): nothing was applied'));
  }
  // Under the lock too: two CREATE TABLE IF NOT EXISTS at once can both try to create it.
  await store.db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(tx);
    await sql`CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)`.execute(tx);
  });
  const ran: number[] = [];
  const step = async (m: Pick<Migration, 'version' | 'name'>, apply: (tx: StoreTransaction) => Promise<void>) => {
    try {
      const applied = await store.db.transaction().execute(async (tx) => {
        await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(tx);
        if ((await appliedVersions(tx)).has(m.version)) return false;
        await apply(tx);
        await record(tx, m);
        return true;
      });
      if (applied) ran.push(m.version);
    } catch (error) {
      throw error instanceof MigrationError ? error : new MigrationError(m, error);
    }
  };
  await step(BASELINE, async (tx) => {
    await sql.raw(baseline()).execute(tx);
    // The migrations the baseline sums are recorded as applied, as on SQLite.
    for (const m of migrations.filter((x) => x.version <= BASELINE_VERSION)) await record(tx, m);
  });
  for (const m of later) {
    const form = m.postgres!;
    await step(m, async (tx) => {
      if (typeof form === 'string') await sql.raw(form).execute(tx);
      else await form(tx);
    });
  }
  return ran;
}
