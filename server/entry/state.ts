/**
 * Entry's per-server helpers (verification codes, the guessing limiter), made once per
 * ServerContext so that every route module of one server shares them and two servers in
 * one test process never do.
 */
import type { ServerContext } from '../context.js';
import { VerificationCodes } from './verification.js';
import { guessLimiterOf, type FailureLimiter } from '../auth/failureLimiter.js';

export interface EntryState {
  readonly codes: VerificationCodes;
  readonly limiter: FailureLimiter;
}

const states = new WeakMap<ServerContext, EntryState>();

export function entryState(ctx: ServerContext): EntryState {
  let state = states.get(ctx);
  if (!state) {
    state = { codes: new VerificationCodes(ctx.db, ctx.now), limiter: guessLimiterOf(ctx) };
    states.set(ctx, state);
  }
  return state;
}
