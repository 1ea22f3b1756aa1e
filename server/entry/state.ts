/**
 * Entry's per-server helpers (verification codes, the guessing limiter), made once per
 * ServerContext so that every route module of one server shares them and two servers in
 * one test process never do.
 */
import type { ServerContext } from '../context.js';
import { VerificationCodes } from './verification.js';
import { guessLimiterOf, type FailureLimiter } from '../auth/failureLimiter.js';
import { TokenBuckets } from '../auth/tokenBuckets.js';

/** New guests from a signalled address: 10 at once, then one every 6 s (10 a minute). */
export const SIGNALLED_GUEST_RATE = { burst: 10, perSecond: 1 / 6 } as const;

export interface EntryState {
  readonly codes: VerificationCodes;
  readonly limiter: FailureLimiter;
  /** New guests per address (GUEST_LOGIN_RATE): each guest login makes a user row. */
  readonly newGuests: TokenBuckets;
  /** New guests per room and address a kicked guest used lately (chat/kicks.ts): slow. */
  readonly signalledGuests: TokenBuckets;
}

const states = new WeakMap<ServerContext, EntryState>();

export function entryState(ctx: ServerContext): EntryState {
  let state = states.get(ctx);
  if (!state) {
    const rate = ctx.config.guestLoginRate;
    state = {
      codes: new VerificationCodes(ctx.store, ctx.now),
      limiter: guessLimiterOf(ctx),
      newGuests: new TokenBuckets(ctx.now, rate, (wait) => `too many new guests from this address (${rate.perSecond} a second after ${rate.burst}), wait ${wait} s`),
      signalledGuests: new TokenBuckets(ctx.now, SIGNALLED_GUEST_RATE, (wait) => `someone was removed from the room from this address lately: new guests from it are let in slowly, wait ${wait} s`),
    };
    states.set(ctx, state);
  }
  return state;
}
