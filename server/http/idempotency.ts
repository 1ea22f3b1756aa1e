/**
 * PROTOCOL 1.2: calls that spend money carry an Idempotency-Key; the first answer is
 * stored with the key and a repeat gets that same answer, so a retry or a double click
 * never charges twice. The work and the stored answer commit in one transaction.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { SqlStore, StoreTransaction } from '../store/sqlStore.js';
import { BizError, okEnvelope, type Envelope, type NotAPromise } from './envelope.js';

/** Keys are kept at least this long (PROTOCOL: 24 h). */
export const IDEMPOTENCY_TTL_MS = 48 * 3600 * 1000;

const KEY = /^[0-9A-Za-z_-]{16,64}$/;

export function idempotencyKeyOf(request: FastifyRequest): string {
  const raw = request.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key) throw new BizError(4501, 'Idempotency-Key: this call spends money and needs the header');
  if (!KEY.test(key)) throw new BizError(4501, 'Idempotency-Key: 16 to 64 letters, digits, - or _');
  return key;
}

/** JSON with object keys in order, so equal parameters hash the same whatever their order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The hash stored with a key: what the request asked for. */
export const requestHash = (params: unknown): string => createHash('sha256').update(canonical(params)).digest('hex');

/**
 * Runs `work` once per (key, scope, user). A BizError from `work` is stored too: the repeat
 * of a refused payment is refused the same way, not tried again with the same key. The key
 * is bound to `params` (what the request asked for): the same key with other parameters is
 * a client's mistake, refused with 4501, never answered with another payment's outcome.
 *
 * The key is claimed first, by inserting its row inside the transaction that will hold the
 * answer: a second request with the key, on this node or another, waits on that row's unique
 * key until the first commits (PostgreSQL), or on the write lock (SQLite), then finds the
 * first answer instead of running the work again. The work runs in a savepoint: when it
 * refuses with a BizError, whatever it wrote is rolled back and only the refusal is stored.
 * It is given the transaction; work that still writes through `ctx.db` shares it on SQLite
 * (one connection), which is why it must be moved before PostgreSQL can run it.
 */
export async function once<T>(
  store: SqlStore,
  now: () => number,
  key: string,
  scope: string,
  userId: string,
  params: unknown,
  work: (tx: StoreTransaction) => T | Promise<T>,
): Promise<Envelope> {
  const hash = requestHash(params);
  const trx = await store.db.startTransaction().execute();
  try {
    const claimed = await sql`INSERT INTO idempotency_keys (key, scope, user_id, response, request_hash, created_at)
      VALUES (${key}, ${scope}, ${userId}, '', ${hash}, ${now()}) ON CONFLICT DO NOTHING RETURNING key`.execute(trx);
    if (claimed.rows.length === 0) {
      const previous = (
        await sql<{ response: string; requestHash: string | null }>`SELECT response, request_hash AS "requestHash" FROM idempotency_keys
          WHERE key = ${key} AND scope = ${scope} AND user_id = ${userId}`.execute(trx)
      ).rows[0]!;
      await trx.commit().execute();
      if (previous.requestHash !== null && previous.requestHash !== hash) {
        throw new BizError(4501, 'Idempotency-Key: already used for a request with other parameters; a new payment needs a new key');
      }
      return JSON.parse(previous.response) as Envelope;
    }
    let envelope: Envelope;
    const attempt = await trx.savepoint('work').execute();
    try {
      const result = await work(attempt);
      await attempt.releaseSavepoint('work').execute();
      envelope = okEnvelope(result as NotAPromise<Awaited<T>>);
    } catch (e) {
      await attempt.rollbackToSavepoint('work').execute();
      if (!(e instanceof BizError)) throw e;
      envelope = e.toEnvelope();
    }
    await sql`UPDATE idempotency_keys SET response = ${JSON.stringify(envelope)} WHERE key = ${key} AND scope = ${scope} AND user_id = ${userId}`.execute(trx);
    await sql`DELETE FROM idempotency_keys WHERE created_at < ${now() - IDEMPOTENCY_TTL_MS}`.execute(trx);
    await trx.commit().execute();
    return envelope;
  } catch (e) {
    if (!trx.isCommitted && !trx.isRolledBack) await trx.rollback().execute();
    throw e;
  }
}
