/**
 * Slows down guessing of watch passwords, member codes, staff and directory passwords and
 * lottery passwords: after MAX_FAILURES wrong answers from one address for one room within
 * the window, further tries are refused with 4203 until the oldest failure leaves the
 * window. A second, wider budget counts every address together per room
 * (ROOM_MAX_FAILURES), so a farm of addresses cannot walk a 6-digit password either.
 *
 * An attempt is counted *before* its check runs and given back only when the check
 * passes (or fails for a reason that is not a wrong guess): the checks are asynchronous
 * (scrypt on the thread pool), and counting after them let 100 simultaneous guesses all
 * be evaluated against a limit of 10. Kept in memory: a restart forgetting it costs an
 * attacker nothing they did not have.
 */
import type { ServerContext } from '../context.js';
import { BizError } from '../http/envelope.js';

export const MAX_FAILURES = 10;
/**
 * Wrong answers per room from all addresses together. High enough that one noisy office
 * behind one NAT never meets it before its own per-address limit; low enough that a
 * 6-digit password takes months to walk (10^6 / 200 per 10 minutes).
 */
export const ROOM_MAX_FAILURES = 200;
export const FAILURE_WINDOW_MS = 10 * 60 * 1000;
/** Keys kept at most; the oldest are dropped first, so memory stays bounded. */
const MAX_KEYS = 50_000;

/** One budget a guarded check spends from: a key and how many failures it allows. */
export interface GuessBudget {
  readonly key: string;
  readonly max: number;
}

/**
 * The usual pair: per guesser (an address, or a user) within a scope (a room, a lottery,
 * an account), and per scope across guessers.
 */
export function guessBudgets(kind: string, scope: string, guesser: string): readonly GuessBudget[] {
  return [
    { key: `${kind}:${scope}:${guesser}`, max: MAX_FAILURES },
    { key: `${kind}:${scope}:*`, max: ROOM_MAX_FAILURES },
  ];
}

export class FailureLimiter {
  /** Per key, the times of failures and of attempts still being checked, oldest first. */
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly now: () => number) {}

  private recent(key: string): number[] {
    const since = this.now() - FAILURE_WINDOW_MS;
    const kept = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (kept.length === 0) this.failures.delete(key);
    else this.failures.set(key, kept);
    return kept;
  }

  private refusal(recent: readonly number[]): BizError {
    const oldest = recent[0] ?? this.now();
    const waitSeconds = Math.max(1, Math.ceil((oldest + FAILURE_WINDOW_MS - this.now()) / 1000));
    return new BizError(4203, `too many wrong tries, wait ${waitSeconds} s`, { waitSeconds });
  }

  /** 4203 `{waitSeconds}` while the key has used up its failures. */
  assertAllowed(key: string, max = MAX_FAILURES): void {
    const recent = this.recent(key);
    if (recent.length >= max) throw this.refusal(recent);
  }

  recordFailure(key: string): number {
    const recent = this.recent(key);
    const at = this.now();
    recent.push(at);
    // Re-inserted so the Map's order is least recently failed first, for the eviction below.
    this.failures.delete(key);
    this.failures.set(key, recent);
    if (this.failures.size > MAX_KEYS) {
      const oldestKey = this.failures.keys().next().value;
      if (oldestKey !== undefined) this.failures.delete(oldestKey);
    }
    return at;
  }

  /** Gives back one reserved attempt (the one stamped `at`). */
  private release(key: string, at: number): void {
    const list = this.failures.get(key);
    if (!list) return;
    const i = list.lastIndexOf(at);
    if (i >= 0) list.splice(i, 1);
    if (list.length === 0) this.failures.delete(key);
  }

  /**
   * Runs a check that spends from every budget: each is reserved first (4203 when one is
   * used up, and then nothing is reserved), kept when the check throws a BizError of one
   * of `codes` (a wrong guess), given back otherwise.
   */
  async guard<T>(budgets: readonly GuessBudget[], codes: readonly number[], check: () => T | Promise<T>): Promise<T> {
    for (const { key, max } of budgets) this.assertAllowed(key, max);
    const reserved = budgets.map(({ key }) => ({ key, at: this.recordFailure(key) }));
    let wrongGuess = false;
    try {
      return await check();
    } catch (e) {
      wrongGuess = e instanceof BizError && codes.includes(e.code);
      throw e;
    } finally {
      if (!wrongGuess) for (const { key, at } of reserved) this.release(key, at);
    }
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
