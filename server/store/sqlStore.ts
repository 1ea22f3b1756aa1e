/**
 * The store as one asynchronous interface over two engines (issue 40): the embedded SQLite
 * file (the default: `npm start`, one machine) and PostgreSQL (DATABASE_URL: nodes on
 * separate machines). Kysely gives both one way to run a query and a transaction, with a
 * pool for PostgreSQL; the queries are SQL both engines read the same way (`offset`
 * quoted, ON CONFLICT rather than INSERT OR ..., RETURNING rather than last_insert_rowid).
 *
 * On SQLite the store shares the server's one connection (ctx.db), so code moved to it and
 * code not moved yet see the same rows; the connection stays the server's to close.
 */
import type Database from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, sql, type RawBuilder, type Transaction } from 'kysely';
import pg from 'pg';

export type StoreEngine = 'sqlite' | 'postgres';

/** No typed tables yet: queries are `sql` templates typed by the rows they read. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface StoreTables {}

export type StoreQueries = Kysely<StoreTables>;
export type StoreTransaction = Transaction<StoreTables>;

export interface SqlStore {
  readonly engine: StoreEngine;
  readonly db: StoreQueries;
  /**
   * On SQLite, the connection itself, for the one write hot enough to need it: the chat
   * history's batches, thousands of rows a second (`bulkWrite`). null on PostgreSQL.
   */
  readonly sqlite: Database.Database | null;
  /** Ends the PostgreSQL pool (SQLite: nothing; its connection is the server's). */
  close(): Promise<void>;
}

/** Prepared statements kept per SQL text (Kysely's SQLite driver prepares each query anew). */
const STATEMENTS_KEPT = 500;

/**
 * The store on the server's SQLite connection. `immediate`: the nodes of a cluster share the
 * file (store/db.ts, `sharedByProcesses`), so a transaction takes the write lock at its
 * start, as the connection's own transactions do there.
 */
export function sqliteStore(connection: Database.Database, options: { readonly immediate?: boolean } = {}): SqlStore {
  const statements = new Map<string, Database.Statement>();
  const shared = {
    // Kysely closes its database when destroyed; this one belongs to the server.
    close: () => undefined,
    prepare: (text: string) => {
      const query = options.immediate === true && text === 'begin' ? 'begin immediate' : text;
      let statement = statements.get(query);
      if (statement === undefined) {
        statement = connection.prepare(query);
        if (statements.size >= STATEMENTS_KEPT) statements.delete(statements.keys().next().value!);
        statements.set(query, statement);
      }
      return statement;
    },
  };
  const db = new Kysely<StoreTables>({ dialect: new SqliteDialect({ database: shared }) });
  return { engine: 'sqlite', db, sqlite: connection, close: () => db.destroy() };
}

/**
 * Runs `statement` (with `?` placeholders) once per row of `rows` on SQLite's connection, in
 * a transaction of its own, once no store transaction holds the connection (Kysely's lock on
 * it is taken first, so the rows never join another request's transaction). A prepared
 * statement run per row costs a fraction of a query built and sent through Kysely: the chat
 * history of a 20,000-a-second room took its node 15 points of a core more without it.
 */
export async function bulkWrite(store: SqlStore, statement: string, rows: readonly (readonly unknown[])[]): Promise<void> {
  const connection = store.sqlite;
  if (connection === null) throw new Error('bulkWrite is for the SQLite store');
  await store.db.connection().execute(async () => {
    const prepared = connection.prepare(statement);
    connection.transaction(() => {
      for (const row of rows) prepared.run(...row);
    })();
  });
}

/** How many rows an UPDATE or DELETE changed (Kysely gives a bigint, or nothing). */
export function changedRows(result: { readonly numAffectedRows?: bigint }): number {
  return Number.parseInt(String(result.numAffectedRows ?? 0n), 10);
}

/** True when `q` runs on PostgreSQL (a transaction knows only its adapter). */
export function onPostgres(q: StoreQueries): boolean {
  return q.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * ` FOR UPDATE` on PostgreSQL, nothing on SQLite (which has no row locks, and needs none:
 * a write transaction there is the only writer). After a SELECT whose row the transaction
 * will write from what it read.
 */
export function forUpdate(q: StoreQueries): RawBuilder<unknown> {
  return onPostgres(q) ? sql` FOR UPDATE` : sql``;
}

/**
 * Holds `key` until the transaction ends (PostgreSQL: an advisory lock on the key's hash),
 * for a rule whose row may not exist yet, so there is no row to lock (a viewer's mic while
 * idle). On SQLite the transaction is already the only writer.
 */
export async function lockKey(tx: StoreQueries, key: string): Promise<void> {
  if (onPostgres(tx)) await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(tx);
}

/**
 * A write refused by a unique key or primary key: on either engine, what a check-then-write
 * that lost a race to another request (or node) meets.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = (error as { code: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** PostgreSQL's classes of error that say the server is away or refusing work now, not that the query was wrong. */
const UNAVAILABLE_SQLSTATE = /^(08|53|57P)/;
const UNAVAILABLE_MESSAGE = /timeout exceeded when trying to connect|Connection terminated|connection error|not queryable|ECONNREFUSED|ECONNRESET|EHOSTUNREACH|ETIMEDOUT|statement timeout/i;
const UNAVAILABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * The store is away (PostgreSQL stopped, restarting, unreachable, out of connections, or a
 * statement that ran past its timeout): the call fails with 503 "try again shortly", and the
 * next call tries again (the pool makes new connections once PostgreSQL is back).
 */
export function isStoreUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_ERRNO.has(code) || (code.length === 5 && UNAVAILABLE_SQLSTATE.test(code)))) return true;
  // 57014: a statement cancelled by statement_timeout (a store too slow to answer in time).
  if (code === '57014') return true;
  return typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message);
}

/** Whether the store answers, within `timeoutMs` (the health check). */
export async function storeReachable(store: SqlStore, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    const ping = sql`SELECT 1 AS one`.execute(store.db).then(
      () => true,
      () => false,
    );
    return await Promise.race([ping, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/** How long a query waits for a connection, and runs, before it fails: never a hang. */
export interface PostgresTimeouts {
  readonly connectMs: number;
  readonly statementMs: number;
}

export const DEFAULT_POSTGRES_TIMEOUTS: PostgresTimeouts = { connectMs: 3000, statementMs: 10_000 };

const INT8_OID = 20;

/**
 * BIGINT as a JavaScript number, as better-sqlite3 gives it: the store's integers are
 * milliseconds, counts and amounts in fen, far inside 2^53. One outside is an error, not a
 * silently rounded number.
 */
function readInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new Error(`a BIGINT outside JavaScript's safe integers: ${text}`);
  return value;
}

const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary' ? readInt8 : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export function postgresPool(url: string, options: { readonly max?: number; readonly timeouts?: PostgresTimeouts } = {}): pg.Pool {
  const timeouts = options.timeouts ?? DEFAULT_POSTGRES_TIMEOUTS;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    types,
  });
  // An idle connection that PostgreSQL ended (a restart) is dropped by the pool; without a
  // listener its error would end the process.
  pool.on('error', () => undefined);
  // So is one in use when PostgreSQL goes: its query fails and says so to its caller, and
  // the connection's own error event, unheard, would end the process too.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/** The store on a PostgreSQL database (its migrations are run by postgresMigrations.ts). */
export function postgresStore(url: string, options: { readonly max?: number; readonly timeouts?: PostgresTimeouts } = {}): SqlStore {
  const db = new Kysely<StoreTables>({ dialect: new PostgresDialect({ pool: postgresPool(url, options) }) });
  return { engine: 'postgres', db, sqlite: null, close: () => db.destroy() };
}
