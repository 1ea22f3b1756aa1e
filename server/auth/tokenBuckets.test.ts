import { describe, expect, it } from 'vitest';
import type { BizError } from '../http/envelope.js';
import { TokenBuckets } from './tokenBuckets.js';

const refusalOf = (f: () => void): BizError | null => {
  try {
    f();
    return null;
  } catch (e) {
    return e as BizError;
  }
};

describe('TokenBuckets', () => {
  it('lets a burst through, then the rate, per key, and says how long to wait', () => {
    let now = 0;
    const buckets = new TokenBuckets(() => now, { burst: 5, perSecond: 1 }, (s) => `wait ${s} s`);
    for (let i = 0; i < 5; i++) buckets.take('a');
    const refused = refusalOf(() => buckets.take('a'));
    expect(refused).toMatchObject({ code: 4203, message: 'wait 1 s', data: { waitSeconds: 1 } });
    buckets.take('b');
    now = 1000;
    buckets.take('a');
    expect(refusalOf(() => buckets.take('a'))?.code).toBe(4203);
    now = 10_000;
    for (let i = 0; i < 5; i++) buckets.take('a');
    expect(refusalOf(() => buckets.take('a'))?.code).toBe(4203);
  });

  it('accepts burst + rate x seconds of a flood, whatever its speed', () => {
    let now = 0;
    const buckets = new TokenBuckets(() => now, { burst: 5, perSecond: 1 }, () => 'slow down');
    let accepted = 0;
    // 121 a second for 5 s, as the probe sent.
    for (let i = 0; i < 605; i++) {
      now = Math.floor((i * 5000) / 605);
      if (refusalOf(() => buckets.take('flooder')) === null) accepted++;
    }
    expect(accepted).toBeGreaterThanOrEqual(9);
    expect(accepted).toBeLessThanOrEqual(10);
  });

  it('allows everything with no burst (the limit switched off)', () => {
    const buckets = new TokenBuckets(() => 0, { burst: 0, perSecond: 0 }, () => 'never');
    for (let i = 0; i < 1000; i++) buckets.take('x');
  });
});
