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

export function openDatabase(dataDir: string, fileName = STORE_FILE): Db {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, fileName));
  db.pragma('journal_mode = WAL');
  // NORMAL is durable across process crashes in WAL mode (only an OS crash can lose the
  // last transactions), and several times faster than FULL for the chat write path.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  runMigrations(db, MIGRATIONS);
  return db;
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
    db.transaction(() => {
      m.up(db);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, Date.now());
    })();
    ran.push(m.version);
  }
  return ran;
}
