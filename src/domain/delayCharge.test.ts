import { describe, expect, it } from 'vitest';
import { delayPhase, readDelayCharge } from './delayCharge';

const answer = { enabled: true, freeSeconds: 300, priceYuan: '9.90', startedAt: 1, remainingSeconds: 120, due: false, paid: false };

describe('delayed charging', () => {
  it('reads the server answer and refuses a malformed one', () => {
    expect(readDelayCharge(answer)).toEqual({ enabled: true, freeSeconds: 300, price: '9.90', started: true, remainingSeconds: 120, due: false, paid: false });
    expect(readDelayCharge({ ...answer, priceYuan: 9.9 })).toBeNull();
    expect(readDelayCharge({ ...answer, remainingSeconds: -1 })).toBeNull();
    expect(readDelayCharge(null)).toBeNull();
  });

  it('counts down between answers; due and paid come from the server', () => {
    const charge = readDelayCharge(answer);
    expect(delayPhase(charge, 0)).toEqual({ phase: 'free', remaining: 120 });
    expect(delayPhase(charge, 30_500)).toEqual({ phase: 'free', remaining: 90 });
    expect(delayPhase(charge, 200_000)).toEqual({ phase: 'free', remaining: 0 });
    expect(delayPhase(readDelayCharge({ ...answer, remainingSeconds: 0, due: true }), 0)).toEqual({ phase: 'due' });
    expect(delayPhase(readDelayCharge({ ...answer, paid: true }), 0)).toEqual({ phase: 'paid' });
    expect(delayPhase(readDelayCharge({ ...answer, enabled: false }), 0)).toEqual({ phase: 'off' });
    expect(delayPhase(null, 0)).toEqual({ phase: 'off' });
  });
});
