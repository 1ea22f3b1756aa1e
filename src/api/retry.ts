import { RETRY_BASE_DELAY_MS, RETRY_DEFAULT_ATTEMPTS } from '../domain/constants';

/**
 * Retry with exponential delay (SPEC 7 / 9: "3 retries, exponential delay").
 *
 * `retries` counts the extra attempts after the first one, so the default makes at most
 * 4 attempts, waiting base, 2 x base and 4 x base between them.
 *
 * Only for operations that are safe to repeat: the HTTP client uses it for GET calls and
 * for money calls that carry an Idempotency-Key, on transport failures only. A business
 * answer is final and is never retried (shouldRetry decides).
 */

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface RetryOptions {
  /** Extra attempts after the first. */
  readonly retries?: number;
  readonly baseDelayMs?: number;
  readonly sleep?: Sleep;
  /** Whether the failure of attempt number `attempt` (1-based) is worth another try. */
  readonly shouldRetry?: (error: unknown, attempt: number) => boolean;
  /** Stops waiting and retrying once aborted; the last error is rethrown. */
  readonly signal?: AbortSignal;
}

/** Delay before retry number n (1-based): base * 2^(n-1). */
export const retryDelay = (baseDelayMs: number, retryNumber: number): number => baseDelayMs * 2 ** (retryNumber - 1);

/** setTimeout-based sleep that ends early (resolving) when the signal aborts. */
export const defaultSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) {
      resolve();
      return;
    }
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

export async function retry<T>(fn: (attempt: number) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const retries = Math.max(0, Math.floor(options.retries ?? RETRY_DEFAULT_ATTEMPTS));
  const baseDelayMs = options.baseDelayMs ?? RETRY_BASE_DELAY_MS;
  const sleep = options.sleep ?? defaultSleep;
  const shouldRetry = options.shouldRetry ?? (() => true);

  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fn(attempt);
    } catch (error) {
      const last = attempt > retries;
      if (last || options.signal?.aborted || !shouldRetry(error, attempt)) throw error;
      await sleep(retryDelay(baseDelayMs, attempt), options.signal);
      if (options.signal?.aborted) throw error;
    }
  }
}
