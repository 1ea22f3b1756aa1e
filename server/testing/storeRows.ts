/**
 * Reading and writing the store directly in a test, on either engine (TEST_STORE=postgres
 * runs the server's tests on PostgreSQL): a test's own setup and checks go through the same
 * store as the server, never around it to the SQLite file.
 */
import type { RawBuilder } from 'kysely';
import type { SqlStore } from '../store/sqlStore.js';

interface WithStore {
  readonly store: SqlStore;
}

/** Every row a query answers. */
export async function rowsOf<T>(ctx: WithStore, query: RawBuilder<T>): Promise<T[]> {
  return (await query.execute(ctx.store.db)).rows;
}

/** The first row a query answers, or undefined. */
export async function rowOf<T>(ctx: WithStore, query: RawBuilder<T>): Promise<T | undefined> {
  return (await rowsOf(ctx, query))[0];
}

/** A count (`SELECT COUNT(*) AS n ...`) as a number on either engine. */
export async function countOf(ctx: WithStore, query: RawBuilder<{ n: number | string }>): Promise<number> {
  return Number((await rowOf(ctx, query))?.n ?? 0);
}

/** Runs a statement. */
export async function run(ctx: WithStore, query: RawBuilder<unknown>): Promise<void> {
  await query.execute(ctx.store.db);
}
