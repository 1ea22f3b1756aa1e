/**
 * Money calls (PROTOCOL 1.2): reward pay gift, red packet draw and withdrawal, goods
 * purchase. Each needs an Idempotency-Key; the work runs once per key, caller and call, and
 * a repeat gets the first answer. `fresh` tells the route whether this request did the work,
 * so side effects outside the store (room pushes) happen once too.
 */
import type { FastifyRequest } from 'fastify';
import { validateRewardAmount, type Problem, type Result, type YuanAmount } from '../../../src/domain';
import type { ServerContext } from '../../context.js';
import type { Envelope } from '../../http/envelope.js';
import { idempotencyKeyOf, once } from '../../http/idempotency.js';
import { invalidBy } from './problems.js';
import type { StoreTransaction } from '../../store/sqlStore.js';

export interface SpentOnce<T> {
  readonly envelope: Envelope;
  /** True when this request ran the work and it succeeded (not a replay, not a refusal). */
  readonly fresh: boolean;
  readonly result: T | undefined;
}

/** `params`: what the request asks for (its body, as validated): a key is bound to them. */
/**
 * `work` runs in the call's transaction (`tx`): what it reads and writes through `tx` is the
 * same on either engine. Work that still writes through `ctx.db` shares the transaction only
 * on SQLite.
 */
export async function spendOnce<T>(
  ctx: ServerContext,
  request: FastifyRequest,
  scope: string,
  userId: string,
  params: unknown,
  work: (tx: StoreTransaction) => T | Promise<T>,
): Promise<SpentOnce<T>> {
  const key = idempotencyKeyOf(request);
  let fresh = false;
  let result: T | undefined;
  const envelope = await once(ctx.store, ctx.now, key, scope, userId, params, async (tx) => {
    result = await work(tx);
    fresh = true;
    return result;
  });
  return { envelope, fresh, result };
}

/** An amount field checked by a domain money rule; 4501 naming the field otherwise. */
export function checkedAmount(field: string, input: string, rule: (s: string) => Result<YuanAmount, Problem> = validateRewardAmount): YuanAmount {
  const checked = rule(input);
  if (!checked.ok) throw invalidBy(field, checked.error);
  return checked.value;
}
