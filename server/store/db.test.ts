import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../testing/harness.js';
import { openDatabase, runMigrations } from './db.js';
import { MIGRATIONS } from './migrations/index.js';

describe('the store', () => {
  it('opens in WAL mode and applies every migration once', () => {
    const dir = makeTempDir();
    const db = openDatabase(dir);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    const versions = (db.prepare('SELECT version FROM schema_migrations ORDER BY version').all() as { version: number }[]).map((r) => r.version);
    expect(versions).toEqual(MIGRATIONS.map((m) => m.version).sort((a, b) => a - b));
    expect(runMigrations(db, MIGRATIONS)).toEqual([]);
    db.close();
    const again = openDatabase(dir);
    expect(runMigrations(again, MIGRATIONS)).toEqual([]);
    again.close();
  });

  it('refuses two migrations with one version', () => {
    const db = openDatabase(makeTempDir());
    const m = { version: 99, name: 'x', up: () => undefined };
    expect(() => runMigrations(db, [m, { ...m, name: 'y' }])).toThrow(/share a version/);
    db.close();
  });
});
