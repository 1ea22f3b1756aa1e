/**
 * The PostgreSQL engine of the store (issue 40) against Debian's PostgreSQL, started here on
 * a free port in a temporary folder: migrations on a new database, the same schema as the
 * SQLite store's, a failed migration rolled back and named, nodes migrating at once, the
 * server away and back.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type PostgresProcess } from '../cluster/postgresProcess.js';
import { makeTempDir } from '../testing/tempDirs.js';
import { MigrationError, openDatabase, runMigrations } from './db.js';
import { MIGRATIONS, type Migration } from './migrations/index.js';
import { BASELINE_VERSION, runPostgresMigrations } from './postgresMigrations.js';
import { postgresStore, sqliteStore, type SqlStore } from './sqlStore.js';

let server: PostgresProcess;
const stores: SqlStore[] = [];
let databases = 0;

beforeAll(async () => {
  server = await startPostgres(makeTempDir(), { throwaway: true });
}, 60_000);

afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
  await server?.stop();
});

/** A new, empty database of this test's own, and a store on it. */
async function freshStore(options: Parameters<typeof postgresStore>[1] = {}): Promise<{ store: SqlStore; url: string }> {
  databases += 1;
  const url = await server.createDatabase(`t${databases}`);
  const store = postgresStore(url, options);
  stores.push(store);
  return { store, url };
}

async function versionsOf(store: SqlStore): Promise<number[]> {
  const rows = await sql<{ version: number }>`SELECT version FROM schema_migrations ORDER BY version`.execute(store.db);
  return rows.rows.map((r) => r.version);
}

async function tableExists(store: SqlStore, name: string): Promise<boolean> {
  const rows = await sql<{ n: number }>`SELECT count(*)::bigint AS n FROM information_schema.tables WHERE table_schema = 'public' AND table_name = ${name}`.execute(store.db);
  return rows.rows[0]!.n === 1;
}

describe('the PostgreSQL store', () => {
  it('migrates a new database to the newest migration once, recording what the SQLite store records', async () => {
    const { store } = await freshStore();
    const ran = await runPostgresMigrations(store, MIGRATIONS);
    expect(ran).toEqual([0, ...MIGRATIONS.filter((m) => m.version > BASELINE_VERSION).map((m) => m.version)]);
    expect(await versionsOf(store)).toEqual([0, ...MIGRATIONS.map((m) => m.version).sort((a, b) => a - b)]);
    expect(await runPostgresMigrations(store, MIGRATIONS)).toEqual([]);
  });

  it('has the SQLite store’s tables, columns, keys and indexes', async () => {
    const { store } = await freshStore();
    await runPostgresMigrations(store, MIGRATIONS);
    const lite = openDatabase(makeTempDir());
    const liteTables = (lite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[]).map((t) => t.name);
    const pgTables = (await sql<{ table_name: string }>`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`.execute(store.db)).rows.map((t) => t.table_name);
    expect(pgTables).toEqual(liteTables);

    for (const table of liteTables) {
      const liteColumns = (lite.prepare(`PRAGMA table_info(${table})`).all() as { name: string; notnull: number; pk: number }[])
        .map((c) => ({ name: c.name, notNull: c.notnull === 1 || c.pk > 0, key: c.pk > 0 }))
        .sort((a, b) => a.name.localeCompare(b.name));
      const pgColumns = (
        await sql<{ name: string; nullable: string; key: boolean }>`
          SELECT c.column_name AS name, c.is_nullable AS nullable,
            EXISTS (SELECT 1 FROM information_schema.key_column_usage k JOIN information_schema.table_constraints t USING (constraint_name, table_name)
                    WHERE t.constraint_type = 'PRIMARY KEY' AND k.table_name = c.table_name AND k.column_name = c.column_name) AS key
          FROM information_schema.columns c WHERE c.table_schema = 'public' AND c.table_name = ${table}`.execute(store.db)
      ).rows
        .map((c) => ({ name: c.name, notNull: c.nullable === 'NO', key: c.key }))
        .sort((a, b) => a.name.localeCompare(b.name));
      expect(pgColumns, table).toEqual(liteColumns);
    }

    // Indexes made by CREATE INDEX, by name; those behind UNIQUE constraints, by their columns.
    const liteIndexes = (lite.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name").all() as { name: string }[]).map((i) => i.name);
    const pgIndexes = (
      await sql<{ indexname: string }>`SELECT indexname FROM pg_indexes WHERE schemaname = 'public' AND indexname NOT IN (SELECT conname FROM pg_constraint) ORDER BY indexname`.execute(store.db)
    ).rows.map((i) => i.indexname);
    expect(pgIndexes).toEqual(liteIndexes);
    const liteUnique = liteTables
      .flatMap((table) =>
        (lite.prepare(`PRAGMA index_list(${table})`).all() as { name: string; origin: string }[])
          .filter((i) => i.origin === 'u')
          .map((i) => `${table}(${(lite.prepare(`PRAGMA index_info(${i.name})`).all() as { name: string }[]).map((c) => c.name).join(',')})`),
      )
      .sort();
    const pgUnique = (
      await sql<{ unique: string }>`
        SELECT t.relname || '(' || string_agg(a.attname, ',' ORDER BY k.ord) || ')' AS unique
        FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = 'public'
        CROSS JOIN LATERAL unnest(c.conkey) WITH ORDINALITY AS k(attnum, ord)
        JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
        WHERE c.contype = 'u' GROUP BY c.oid, t.relname`.execute(store.db)
    ).rows
      .map((r) => r.unique)
      .sort();
    expect(pgUnique).toEqual(liteUnique);

    // The rows the migrations write (directory_seq's), the same on both.
    for (const table of liteTables.filter((t) => t !== 'schema_migrations')) {
      const liteRows = lite.prepare(`SELECT * FROM ${table}`).all();
      const pgRows = (await sql.raw<Record<string, unknown>>(`SELECT * FROM ${table}`).execute(store.db)).rows;
      expect(pgRows, table).toEqual(liteRows);
    }
    lite.close();
  });

  it('reads BIGINT as a number and keeps the money ledger append-only', async () => {
    const { store } = await freshStore();
    await runPostgresMigrations(store, MIGRATIONS);
    const at = Date.now();
    const row = await sql<{ at: number }>`SELECT ${at}::bigint AS at`.execute(store.db);
    expect(row.rows[0]!.at).toBe(at);
    const seq = await sql<{ seq: number }>`INSERT INTO money_ledger (business_key, kind, user_id, amount, created_at) VALUES ('reward:1', 'reward.pay', 'u1', '1.00', ${at}) RETURNING seq`.execute(store.db);
    expect(seq.rows[0]!.seq).toBe(1);
    await expect(sql`UPDATE money_ledger SET amount = '2.00'`.execute(store.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM money_ledger`.execute(store.db)).rejects.toThrow(/append-only/);
  });

  it('rolls a failed migration back whole, names it, and applies nothing after it', async () => {
    const { store } = await freshStore();
    const failing: Migration = { version: 900, name: 'broken', up: () => undefined, postgres: 'CREATE TABLE half_made (a BIGINT); SELECT 1 / 0;' };
    const after: Migration = { version: 901, name: 'after', up: () => undefined, postgres: 'CREATE TABLE after_broken (a BIGINT);' };
    const error = await runPostgresMigrations(store, [...MIGRATIONS, failing, after]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MigrationError);
    expect((error as MigrationError).message).toMatch(/^migration 900 \(broken\) failed and was rolled back.*division by zero/);
    expect(await tableExists(store, 'half_made')).toBe(false);
    expect(await tableExists(store, 'after_broken')).toBe(false);
    expect(await versionsOf(store)).not.toContain(900);
    // What came before it stays applied; mended, the migration goes on from there.
    expect(await tableExists(store, 'rooms')).toBe(true);
    expect(await runPostgresMigrations(store, [...MIGRATIONS, { ...failing, postgres: 'CREATE TABLE half_made (a BIGINT);' }, after])).toEqual([900, 901]);
  });

  it('refuses to start a later migration that has no PostgreSQL form, before applying anything', async () => {
    const { store } = await freshStore();
    const sqliteOnly: Migration = { version: 902, name: 'sqlite_only', up: () => undefined };
    await expect(runPostgresMigrations(store, [...MIGRATIONS, sqliteOnly])).rejects.toThrow(/^migration 902 \(sqlite_only\) failed.*no PostgreSQL form/);
    expect(await tableExists(store, 'rooms')).toBe(false);
  });

  it('applies the baseline once when nodes migrate at the same time', async () => {
    const { url } = await freshStore();
    const nodes = [postgresStore(url), postgresStore(url), postgresStore(url)];
    stores.push(...nodes);
    const ran = await Promise.all(nodes.map((node) => runPostgresMigrations(node, MIGRATIONS)));
    expect(ran.filter((r) => r.includes(0))).toHaveLength(1);
    expect(await versionsOf(nodes[0]!)).toEqual([0, ...MIGRATIONS.map((m) => m.version).sort((a, b) => a - b)]);
  });

  it('fails a query fast while PostgreSQL is away, and serves again once it is back, without a new store', async () => {
    const { store } = await freshStore({ timeouts: { connectMs: 1000, statementMs: 5000 } });
    await runPostgresMigrations(store, MIGRATIONS);
    await server.stop();
    try {
      const started = Date.now();
      await expect(sql`SELECT count(*) FROM rooms`.execute(store.db)).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(4000);
    } finally {
      await server.restart();
    }
    const rows = await sql<{ n: number }>`SELECT count(*)::bigint AS n FROM rooms`.execute(store.db);
    expect(rows.rows[0]!.n).toBe(0);
  });
});

describe('the SQLite store', () => {
  it('shares the server’s connection: a row written either way is read the other way', async () => {
    const db = openDatabase(makeTempDir());
    const store = sqliteStore(db);
    db.prepare("INSERT INTO users (id, name, created_at) VALUES ('sync', 'S', 1)").run();
    await sql`INSERT INTO users (id, name, created_at) VALUES ('async', 'A', 2)`.execute(store.db);
    expect((await sql<{ id: string }>`SELECT id FROM users ORDER BY id`.execute(store.db)).rows.map((r) => r.id)).toEqual(['async', 'sync']);
    expect(db.prepare("SELECT name FROM users WHERE id = 'async'").get()).toEqual({ name: 'A' });
    await store.close();
    // The connection is the server's: the store's end leaves it open.
    expect(db.open).toBe(true);
    db.close();
  });

  it('names a failed migration and leaves the store as it was', () => {
    const db = openDatabase(makeTempDir());
    const failing: Migration = {
      version: 903,
      name: 'broken',
      up(d) {
        d.exec('CREATE TABLE half_made (a INTEGER)');
        throw new Error('no such thing');
      },
    };
    expect(() => runMigrations(db, [...MIGRATIONS, failing])).toThrow(/^migration 903 \(broken\) failed and was rolled back, the store is as it was before it: no such thing/);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'half_made'").get()).toBeUndefined();
    db.close();
  });
});
