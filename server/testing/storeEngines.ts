/**
 * The store's two engines for a test of code that runs on either (issue 40):
 *
 *   describe.each(storeEngines())('... on $engine', ({ open }) => { ... await open() ... })
 *
 * `open()` answers a migrated store of the test's own: a new SQLite file, or a new database
 * in a PostgreSQL cluster that the test file starts (Debian's postgresql, a free port, a
 * temporary folder) at its first PostgreSQL store and stops after its last test
 * (tempDirs.ts, atFileEnd).
 */
import { startPostgres, type PostgresProcess } from '../cluster/postgresProcess.js';
import { openDatabase } from '../store/db.js';
import { MIGRATIONS } from '../store/migrations/index.js';
import { runPostgresMigrations } from '../store/postgresMigrations.js';
import { postgresStore, sqliteStore, type SqlStore, type StoreEngine } from '../store/sqlStore.js';
import { atFileEnd, makeTempDir } from './tempDirs.js';

export interface EngineUnderTest {
  readonly engine: StoreEngine;
  open(): Promise<SqlStore>;
  /**
   * `count` stores on one database, as `count` nodes would hold it: on PostgreSQL a pool each.
   * On SQLite the one store, `count` times: nodes sharing the file are processes of their
   * own (cluster/nodeProcesses.test.ts); in one process a second connection's wait for the
   * write lock would block the thread the first needs to finish.
   */
  openNodes(count: number): Promise<SqlStore[]>;
}

let cluster: Promise<PostgresProcess> | null = null;
let databases = 0;

/** The file's cluster, started at its first PostgreSQL store and stopped at its end. */
function fileCluster(): Promise<PostgresProcess> {
  if (cluster === null) {
    const started = startPostgres(makeTempDir(), { throwaway: true });
    cluster = started;
    atFileEnd(async () => {
      cluster = null;
      await (await started).stop();
    });
  }
  return cluster;
}

async function openSqlite(): Promise<SqlStore> {
  const db = openDatabase(makeTempDir());
  const store = sqliteStore(db);
  atFileEnd(() => {
    db.close();
  });
  atFileEnd(() => store.close());
  return store;
}

/** A new, empty database in the file's cluster (a server started on it migrates it). */
export async function newPostgresDatabase(): Promise<string> {
  const server = await fileCluster();
  databases += 1;
  return server.createDatabase(`test_${process.pid}_${databases}`);
}

async function postgresNodes(count: number): Promise<SqlStore[]> {
  const url = await newPostgresDatabase();
  const stores = Array.from({ length: count }, () => postgresStore(url));
  for (const store of stores) atFileEnd(() => store.close());
  await runPostgresMigrations(stores[0]!, MIGRATIONS);
  return stores;
}

export function storeEngines(): EngineUnderTest[] {
  return [
    {
      engine: 'sqlite',
      open: openSqlite,
      openNodes: async (count) => {
        const store = await openSqlite();
        return Array.from({ length: count }, () => store);
      },
    },
    { engine: 'postgres', open: async () => (await postgresNodes(1))[0]!, openNodes: postgresNodes },
  ];
}
