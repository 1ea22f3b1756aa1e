import { describe, expect, it } from 'vitest';
import { canPay, checkDelayMs, nextPayment, PAYMENT_IDLE, type PaymentState } from './payment';

const order = { gift: 'rose' as const, count: 1, amount: '0.10' };

describe('payment machine', () => {
  it('pays: idle -> paying -> paid -> idle', () => {
    const paying = nextPayment<typeof order, unknown>(PAYMENT_IDLE, { type: 'pay', key: 'k1', order });
    expect(paying).toEqual({ phase: 'paying', key: 'k1', order });
    const paid = nextPayment(paying, { type: 'paid', answer: null });
    expect(paid).toEqual({ phase: 'paid', key: 'k1', order, answer: null });
    expect(nextPayment(paid, { type: 'dismiss' })).toBe(PAYMENT_IDLE);
  });

  it('an unknown outcome is checking with the same key, never a failure, until an answer comes', () => {
    let s: PaymentState<typeof order, unknown> = nextPayment(PAYMENT_IDLE, { type: 'pay', key: 'k1', order });
    s = nextPayment(s, { type: 'unknown' });
    expect(s).toEqual({ phase: 'checking', key: 'k1', order, checks: 0 });
    s = nextPayment(s, { type: 'unknown' });
    expect(s).toMatchObject({ phase: 'checking', key: 'k1', checks: 1 });
    // No new payment while the money may have moved; dismissing does nothing either.
    expect(canPay(s)).toBe(false);
    expect(nextPayment(s, { type: 'pay', key: 'k2', order })).toBe(s);
    expect(nextPayment(s, { type: 'dismiss' })).toBe(s);
    expect(nextPayment(s, { type: 'paid', answer: { amount: '1.00' } })).toEqual({ phase: 'paid', key: 'k1', order, answer: { amount: '1.00' } });
  });

  it('a refusal says why, and the next press may pay again', () => {
    const refused = nextPayment(nextPayment<typeof order, unknown>(PAYMENT_IDLE, { type: 'pay', key: 'k1', order }), { type: 'refused', reason: 'Rewards disabled' });
    expect(refused).toEqual({ phase: 'refused', key: 'k1', order, reason: 'Rewards disabled' });
    expect(nextPayment(refused, { type: 'pay', key: 'k2', order })).toEqual({ phase: 'paying', key: 'k2', order });
  });

  it('answers that do not belong to a state are ignored', () => {
    expect(nextPayment<typeof order, unknown>(PAYMENT_IDLE, { type: 'paid', answer: null })).toBe(PAYMENT_IDLE);
    expect(nextPayment<typeof order, unknown>(PAYMENT_IDLE, { type: 'unknown' })).toBe(PAYMENT_IDLE);
    const paying = nextPayment<typeof order, unknown>(PAYMENT_IDLE, { type: 'pay', key: 'k1', order });
    expect(nextPayment(paying, { type: 'pay', key: 'k2', order })).toBe(paying);
  });

  it('asks again after 2, 4, 8 s ... at most 30 s', () => {
    expect([0, 1, 2, 3, 4, 10].map(checkDelayMs)).toEqual([2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
