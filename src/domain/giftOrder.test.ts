import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { giftOrder, parseGiftCount, payIntentId, rewardOrder } from './giftOrder';

/** Yuan from whole fen, by integer arithmetic only: the independent reference. */
const fromFen = (fen: bigint): string => `${fen / 100n}.${(fen % 100n).toString().padStart(2, '0')}`;

describe('gift orders', () => {
  it('price x count is exact for any price and count (integer fen as the reference)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10_000_000n }), fc.integer({ min: 1, max: 9999 }), (fen, count) => {
        const order = giftOrder({ gift: 'rose', title: 'Rose', price: fromFen(fen) }, count);
        expect(order).toEqual({ gift: 'rose', count, amount: fromFen(fen * BigInt(count)) });
      }),
    );
  });

  it('binary floats would get these wrong; the order does not', () => {
    expect(giftOrder({ gift: 'heart', title: 'Heart', price: '0.10' }, 3).amount).toBe('0.30');
    expect(giftOrder({ gift: 'rocket', title: 'Rocket', price: '1.15' }, 100).amount).toBe('115.00');
    expect(giftOrder({ gift: 'rose', title: 'Rose', price: '0.07' }, 9999).amount).toBe('699.93');
  });

  it('a typed count is a whole number from 1 to 9999', () => {
    expect(parseGiftCount(' 66 ')).toEqual({ ok: true, value: 66 });
    expect(parseGiftCount('9999')).toEqual({ ok: true, value: 9999 });
    for (const bad of ['0', '10000', '1.5', '-1', '1e3', 'abc', '٣']) expect(parseGiftCount(bad).ok).toBe(false);
    expect(parseGiftCount('')).toEqual({ ok: false, error: { key: 'commerce.giftCount.required' } });
  });

  it('a reward is at least 0.01 with at most two decimals, rounded nowhere', () => {
    expect(rewardOrder('0.01')).toEqual({ ok: true, value: { gift: 'reward', count: 1, amount: '0.01' } });
    expect(rewardOrder('8.8')).toEqual({ ok: true, value: { gift: 'reward', count: 1, amount: '8.80' } });
    expect(rewardOrder('0.009').ok).toBe(false);
    expect(rewardOrder('0.001').ok).toBe(false);
    expect(rewardOrder('1.005').ok).toBe(false);
    expect(rewardOrder('').ok).toBe(false);
    expect(rewardOrder('1,5').ok).toBe(false);
  });

  it('an intent is its room, kind, count and amount', () => {
    const a = payIntentId('10001', { gift: 'rose', count: 10, amount: '1.00' });
    expect(a).toBe(payIntentId('10001', { gift: 'rose', count: 10, amount: '1.00' }));
    expect(a).not.toBe(payIntentId('10001', { gift: 'rose', count: 1, amount: '0.10' }));
    expect(a).not.toBe(payIntentId('10002', { gift: 'rose', count: 10, amount: '1.00' }));
  });
});
