/**
 * Slows down guessing of watch passwords, member codes and staff passwords: after
 * MAX_FAILURES wrong answers from one address for one room within the window, further
 * tries are refused with 4203 until the oldest failure leaves the window. Kept in memory:
 * a restart forgetting it costs an attacker nothing they did not have.
 */
import { BizError } from '../http/envelope.js';

export const MAX_FAILURES = 10;
export const FAILURE_WINDOW_MS = 10 * 60 * 1000;
/** Keys kept at most; the oldest are dropped first, so memory stays bounded. */
const MAX_KEYS = 50_000;

export class FailureLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly now: () => number) {}

  private recent(key: string): number[] {
    const since = this.now() - FAILURE_WINDOW_MS;
    const kept = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (kept.length === 0) this.failures.delete(key);
    else this.failures.set(key, kept);
    return kept;
  }

  /** 4203 `{waitSeconds}` while the key has used up its failures. */
  assertAllowed(key: string): void {
    const recent = this.recent(key);
    if (recent.length < MAX_FAILURES) return;
    const oldest = recent[0] ?? this.now();
    const waitSeconds = Math.max(1, Math.ceil((oldest + FAILURE_WINDOW_MS - this.now()) / 1000));
    throw new BizError(4203, `too many wrong tries, wait ${waitSeconds} s`, { waitSeconds });
  }

  recordFailure(key: string): void {
    const recent = this.recent(key);
    recent.push(this.now());
    this.failures.delete(key);
    this.failures.set(key, recent);
    if (this.failures.size > MAX_KEYS) {
      const oldestKey = this.failures.keys().next().value;
      if (oldestKey !== undefined) this.failures.delete(oldestKey);
    }
  }

  /** Runs a check; a BizError of one of `codes` counts as a failure. */
  async guard<T>(key: string, codes: readonly number[], check: () => T | Promise<T>): Promise<T> {
    this.assertAllowed(key);
    try {
      return await check();
    } catch (e) {
      if (e instanceof BizError && codes.includes(e.code)) this.recordFailure(key);
      throw e;
    }
  }
}
