/**
 * Slows down guessing of watch passwords, member codes, staff and directory passwords and
 * lottery passwords, without letting strangers close a room (issue 35 item 1).
 *
 * Per guesser, two budgets: the guesser's address with its device (FREE_FAILURES wrong
 * answers), and the address alone (ADDRESS_FREE_FAILURES: an office behind one address, or
 * a guesser who changes device ids). Past its free failures a budget backs off
 * exponentially: each further wrong answer locks it for BACKOFF_BASE_MS x 2^k, at most
 * BACKOFF_MAX_MS, and while locked a try is 4203 `{waitSeconds}` without a check. A budget
 * forgets its failures after FORGET_MS without one; a right answer clears the
 * address-and-device budget (a person who found their typo), never the address's.
 *
 * Per scope (a room, an account, a lottery) there is no budget: 200 addresses guessing 10
 * times each used to use one up, and from then on the right password was refused to
 * everyone. Instead, SCOPE_ALARM_FAILURES wrong answers within ALARM_WINDOW_MS raise an
 * alarm: every guesser's free failures drop to ALARM_FREE_FAILURES, a wrong answer is
 * answered only after ALARM_TARPIT_MS, and the room's staff see the alarm in the console
 * (`alarmOf`). A right answer is never refused because of what others did.
 *
 * An attempt is counted as in flight *before* its check runs: the checks are asynchronous
 * (scrypt on the thread pool), and counting after them let 100 simultaneous guesses all be
 * evaluated against a limit of 10. Kept in memory: a restart forgetting it costs an
 * attacker nothing they did not have.
 */
import type { ServerContext } from '../context.js';
import { BizError } from '../http/envelope.js';
import type { LoginOrigin } from './loginOrigin.js';

export const FREE_FAILURES = 10;
export const ADDRESS_FREE_FAILURES = 30;
export const ALARM_FREE_FAILURES = 3;
export const BACKOFF_BASE_MS = 30_000;
export const BACKOFF_MAX_MS = 60 * 60_000;
export const FORGET_MS = 60 * 60_000;
export const SCOPE_ALARM_FAILURES = 200;
export const ALARM_WINDOW_MS = 10 * 60_000;
export const ALARM_TARPIT_MS = 1500;
/** Budgets and scopes kept at most; the least recently used are dropped first. */
const MAX_KEYS = 50_000;
/** Failures remembered per scope for its alarm (enough to count well past the threshold). */
const MAX_SCOPE_FAILURES = 5_000;

/** Who is guessing what: `guesser` is an address (or a user, where the caller is signed in). */
export interface GuessPlan {
  readonly kind: string;
  readonly scope: string;
  readonly guesser: string;
  readonly deviceId: string | null;
}

export function guessPlan(kind: string, scope: string, guesser: string, deviceId: string | null = null): GuessPlan {
  return { kind, scope, guesser, deviceId };
}

/** A guess by the address and device a request comes from (a login, a password check). */
export const guessFrom = (kind: string, scope: string, origin: LoginOrigin): GuessPlan => guessPlan(kind, scope, origin.address ?? '', origin.deviceId);

/** What the console shows the room's staff. */
export interface GuessAlarm {
  readonly active: boolean;
  /** Wrong answers within the window. */
  readonly failures: number;
  /** Distinct guessers (addresses) among them. */
  readonly guessers: number;
  readonly windowSeconds: number;
  /** When the alarm was raised (ms), null while none. */
  readonly since: number | null;
}

interface Budget {
  failures: number;
  lastFailure: number;
  lockedUntil: number;
  inFlight: number;
}

interface Scope {
  failures: { at: number; guesser: string }[];
  since: number | null;
}

export class FailureLimiter {
  private readonly budgets = new Map<string, Budget>();
  private readonly scopes = new Map<string, Scope>();

  constructor(
    private readonly now: () => number,
    private readonly tarpitMs = ALARM_TARPIT_MS,
  ) {}

  private budget(key: string): Budget {
    let budget = this.budgets.get(key);
    if (budget !== undefined && budget.failures > 0 && this.now() - budget.lastFailure > FORGET_MS && budget.inFlight === 0) {
      budget = undefined;
    }
    budget ??= { failures: 0, lastFailure: 0, lockedUntil: 0, inFlight: 0 };
    // Re-inserted: the Map's order is least recently used first, for the eviction below.
    this.budgets.delete(key);
    this.budgets.set(key, budget);
    if (this.budgets.size > MAX_KEYS) {
      const oldest = this.budgets.keys().next().value;
      if (oldest !== undefined && oldest !== key) this.budgets.delete(oldest);
    }
    return budget;
  }

  private scope(key: string): Scope {
    let scope = this.scopes.get(key);
    if (scope === undefined) {
      scope = { failures: [], since: null };
      this.scopes.set(key, scope);
      if (this.scopes.size > MAX_KEYS) {
        const oldest = this.scopes.keys().next().value;
        if (oldest !== undefined && oldest !== key) this.scopes.delete(oldest);
      }
    }
    const after = this.now() - ALARM_WINDOW_MS;
    while (scope.failures.length > 0 && scope.failures[0]!.at <= after) scope.failures.shift();
    if (scope.failures.length < SCOPE_ALARM_FAILURES) scope.since = null;
    return scope;
  }

  /** The alarm of a scope: `kind` as in the plan, e.g. ('password', roomId). */
  alarmOf(kind: string, scope: string): GuessAlarm {
    const state = this.scope(`${kind}:${scope}`);
    return {
      active: state.since !== null,
      failures: state.failures.length,
      guessers: new Set(state.failures.map((f) => f.guesser)).size,
      windowSeconds: ALARM_WINDOW_MS / 1000,
      since: state.since,
    };
  }

  private wait(seconds: number): BizError {
    const waitSeconds = Math.max(1, Math.ceil(seconds));
    return new BizError(4203, `too many wrong tries, wait ${waitSeconds} s`, { waitSeconds });
  }

  /** 4203 when the budget is locked, or when its remaining free tries are all in flight. */
  private assertOpen(budget: Budget, free: number): void {
    const now = this.now();
    if (budget.lockedUntil > now) throw this.wait((budget.lockedUntil - now) / 1000);
    const left = Math.max(1, free - budget.failures);
    if (budget.inFlight >= left) throw this.wait(1);
  }

  private fail(budget: Budget, free: number): void {
    const now = this.now();
    budget.failures += 1;
    budget.lastFailure = now;
    if (budget.failures >= free) {
      const doublings = Math.min(30, budget.failures - free);
      budget.lockedUntil = now + Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** doublings);
    }
  }

  /**
   * Runs a check as one guess of `plan`: refused with 4203 (and not run) while one of the
   * guesser's budgets is locked; a BizError of one of `codes` is a wrong guess and counts,
   * anything else (a right answer, another refusal) does not.
   */
  async guard<T>(plan: GuessPlan, codes: readonly number[], check: () => T | Promise<T>): Promise<T> {
    const scopeKey = `${plan.kind}:${plan.scope}`;
    const alarmed = this.scope(scopeKey).since !== null;
    const pairKey = `${scopeKey}:${plan.guesser}:${plan.deviceId ?? '-'}`;
    const addressKey = `${scopeKey}:${plan.guesser}`;
    const pair = { budget: this.budget(pairKey), free: alarmed ? ALARM_FREE_FAILURES : FREE_FAILURES };
    const address = { budget: this.budget(addressKey), free: alarmed ? ALARM_FREE_FAILURES : ADDRESS_FREE_FAILURES };
    const budgets = [pair, address];
    for (const { budget, free } of budgets) this.assertOpen(budget, free);
    for (const { budget } of budgets) budget.inFlight += 1;
    let outcome: 'right' | 'wrong' | 'other' = 'other';
    try {
      const result = await check();
      outcome = 'right';
      return result;
    } catch (e) {
      if (e instanceof BizError && codes.includes(e.code)) {
        outcome = 'wrong';
        if (this.recordScopeFailure(scopeKey, plan.guesser) && this.tarpitMs > 0) await new Promise((resolve) => setTimeout(resolve, this.tarpitMs));
      }
      throw e;
    } finally {
      for (const { budget } of budgets) budget.inFlight -= 1;
      if (outcome === 'wrong') for (const { budget, free } of budgets) this.fail(budget, free);
      // A person who found their typo: the address's own count stays (a farm knows no right answer).
      if (outcome === 'right') {
        pair.budget.failures = 0;
        pair.budget.lockedUntil = 0;
      }
    }
  }

  /** Counts a wrong answer in its scope; true when the scope is (now) alarmed. */
  private recordScopeFailure(scopeKey: string, guesser: string): boolean {
    const scope = this.scope(scopeKey);
    scope.failures.push({ at: this.now(), guesser });
    if (scope.failures.length > MAX_SCOPE_FAILURES) scope.failures.shift();
    if (scope.since === null && scope.failures.length >= SCOPE_ALARM_FAILURES) scope.since = this.now();
    return scope.since !== null;
  }
}

const limiters = new WeakMap<ServerContext, FailureLimiter>();

/** The server's one limiter (one per ServerContext, so two servers in a test never share). */
export function guessLimiterOf(ctx: ServerContext): FailureLimiter {
  let limiter = limiters.get(ctx);
  if (!limiter) {
    limiter = new FailureLimiter(ctx.now);
    limiters.set(ctx, limiter);
  }
  return limiter;
}
