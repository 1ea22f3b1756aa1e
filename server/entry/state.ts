/**
 * Entry's per-server helpers (verification codes, the guessing limiter), made once per
 * ServerContext so that every route module of one server shares them and two servers in
 * one test process never do.
 */
import type { ServerContext } from '../context.js';
import { VerificationCodes } from './verification.js';
import { guessLimiterOf, type FailureLimiter } from '../auth/failureLimiter.js';
import { TokenBuckets } from '../auth/tokenBuckets.js';

export interface EntryState {
  readonly codes: VerificationCodes;
  readonly limiter: FailureLimiter;
  /** New guests per address (GUEST_LOGIN_RATE): each guest login makes a user row. */
  readonly newGuests: TokenBuckets;
}

const states = new WeakMap<ServerContext, EntryState>();

export function entryState(ctx: ServerContext): EntryState {
  let state = states.get(ctx);
  if (!state) {
    const rate = ctx.config.guestLoginRate;
    state = {
      codes: new VerificationCodes(ctx.db, ctx.now),
      limiter: guessLimiterOf(ctx),
      newGuests: new TokenBuckets(ctx.now, rate, (wait) => `too many new guests from this address (${rate.perSecond} a second after ${rate.burst}), wait ${wait} s`),
    };
    states.set(ctx, state);
  }
  return state;
}
