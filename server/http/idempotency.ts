/**
 * PROTOCOL 1.2: calls that spend money carry an Idempotency-Key; the first answer is
 * stored with the key and a repeat gets that same answer, so a retry or a double click
 * never charges twice. The work and the stored answer commit in one transaction.
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../store/db.js';
import { BizError, okEnvelope, type Envelope } from './envelope.js';

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

/**
 * Runs `work` once per (key, scope, user). A BizError from `work` is stored too: the repeat
 * of a refused payment is refused the same way, not tried again with the same key.
 */
export function once<T>(db: Db, now: () => number, key: string, scope: string, userId: string, work: () => T): Envelope {
  const find = db.prepare('SELECT response FROM idempotency_keys WHERE key = ? AND scope = ? AND user_id = ?');
  const previous = find.get(key, scope, userId) as { response: string } | undefined;
  if (previous) return JSON.parse(previous.response) as Envelope;
  // The work runs in a nested transaction (a savepoint): when it refuses with a BizError,
  // whatever it wrote is rolled back, and only the refusal is stored.
  const attempt = db.transaction(work);
  return db.transaction(() => {
    let envelope: Envelope;
    try {
      envelope = okEnvelope(attempt());
    } catch (e) {
      if (!(e instanceof BizError)) throw e;
      envelope = e.toEnvelope();
    }
    db.prepare('DELETE FROM idempotency_keys WHERE created_at < ?').run(now() - IDEMPOTENCY_TTL_MS);
    db.prepare('INSERT INTO idempotency_keys (key, scope, user_id, response, created_at) VALUES (?, ?, ?, ?, ?)').run(
      key,
      scope,
      userId,
      JSON.stringify(envelope),
      now(),
    );
    return envelope;
  })();
}
