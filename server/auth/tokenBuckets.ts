/**
 * A rate per key as token buckets: each key holds up to `burst` tokens, gets `perSecond`
 * back every second, and an action spends one; an empty bucket refuses with 4203 and the
 * seconds until a token is back. A burst lets an honest person (or an office arriving
 * together) through at once, the rate bounds anyone who keeps going. In memory with a
 * bounded number of keys: a restart forgets, which gives a flooder one more burst.
 */
import { BizError } from '../http/envelope.js';

export interface BucketRate {
  readonly burst: number;
  readonly perSecond: number;
}

const MAX_KEYS = 100_000;

export class TokenBuckets {
  /** Per key: tokens left and when they were counted. Map order: least recently used first. */
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly now: () => number,
    private readonly rate: BucketRate,
    /** The refusal's msg, given the seconds to wait. */
    private readonly refusal: (waitSeconds: number) => string,
  ) {}

  /** Spends a token of `key`, or throws 4203 `{waitSeconds}`. A rate with no burst allows everything. */
  take(key: string): void {
    if (this.rate.burst <= 0) return;
    const now = this.now();
    const held = this.buckets.get(key);
    const tokens = held === undefined ? this.rate.burst : Math.min(this.rate.burst, held.tokens + ((now - held.at) / 1000) * this.rate.perSecond);
    if (tokens < 1) {
      this.buckets.set(key, { tokens, at: now });
      const waitSeconds = Math.max(1, Math.ceil((1 - tokens) / this.rate.perSecond));
      throw new BizError(4203, this.refusal(waitSeconds), { waitSeconds });
    }
    this.buckets.delete(key);
    this.buckets.set(key, { tokens: tokens - 1, at: now });
    if (this.buckets.size > MAX_KEYS) {
      const oldest = this.buckets.keys().next().value;
      if (oldest !== undefined) this.buckets.delete(oldest);
    }
  }
}
