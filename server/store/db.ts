/**
 * The embedded store: one SQLite file in DATA_DIR, WAL mode, versioned migrations.
 * better-sqlite3 is synchronous, which the server relies on: a publish assigns an offset
 * and queues the row in one uninterrupted step, so offsets and fan-out order agree.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS, type Migration } from './migrations/index.js';

export type Db = Database.Database;

/** The store's file in the data folder. */
export const STORE_FILE = 'webcast.sqlite';

/**
 * `sharedByProcesses`: the nodes of a cluster write the same file. A transaction that reads
 * and then writes (a red packet's share, a raffle's draw, an idempotency key) must then hold
 * the write lock from its start: a deferred one that another process wrote under meanwhile
 * cannot take the lock (SQLITE_BUSY however long it waits), and the waiting that busy_timeout
 * does only works for transactions that begin by taking it. So every transaction begins
 * IMMEDIATE there, and the file's one writer at a time decides each rule once.
 */
export function openDatabase(dataDir: string, fileName = STORE_FILE, options: { readonly sharedByProcesses?: boolean } = {}): Db {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, fileName));
  if (options.sharedByProcesses === true) {
    const transaction = db.transaction.bind(db);
    db.transaction = ((fn: Parameters<typeof transaction>[0]) => transaction(fn).immediate) as typeof db.transaction;
  }
  db.pragma('journal_mode = WAL');
  // NORMAL is durable across process crashes in WAL mode (only an OS crash can lose the
  // last transactions), and several times faster than FULL for the chat write path.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  runMigrations(db, MIGRATIONS);
  return db;
}

/** A migration that failed: rolled back whole, so the store is as it was before it. */
export class MigrationError extends Error {
  constructor(
    readonly migration: Pick<Migration, 'version' | 'name'>,
    cause: unknown,
  ) {
    super(`migration ${migration.version} (${migration.name}) failed and was rolled back, the store is as it was before it: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'MigrationError';
  }
}

export function runMigrations(db: Db, migrations: readonly Migration[]): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at INTEGER NOT NULL
  )`);
  const applied = new Set(
    (db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map((r) => r.version),
  );
  const versions = migrations.map((m) => m.version);
  if (new Set(versions).size !== versions.length) throw new Error('two migrations share a version');
  const ran: number[] = [];
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    if (applied.has(m.version)) continue;
    // Asked again inside the transaction: nodes of a cluster starting together each try.
    let applies: boolean;
    try {
      applies = db.transaction(() => {
        if (db.prepare('SELECT 1 FROM schema_migrations WHERE version = ?').get(m.version) !== undefined) return false;
        m.up(db);
        db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, Date.now());
        return true;
      })();
    } catch (error) {
      throw new MigrationError(m, error);
    }
    if (applies) ran.push(m.version);
  }
  return ran;
}
