import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redPacketPhase, validateWithdrawal, withDraw, withPushedState, type RedPacketView } from './redPacket';

const packet = (over: Partial<RedPacketView> = {}): RedPacketView => ({ id: 'rp1', title: 'Thanks', state: 1, count: 3, remaining: 3, drawn: false, amount: null, ...over });

describe('red packet card', () => {
  it("open to grab, the viewer's share, grabbed out, not yet sent", () => {
    expect(redPacketPhase(packet())).toBe('open');
    expect(redPacketPhase(packet({ drawn: true, amount: '0.50' }))).toBe('mine');
    expect(redPacketPhase(packet({ drawn: true, amount: '0.50', state: 2 }))).toBe('mine');
    expect(redPacketPhase(packet({ state: 2, remaining: 0 }))).toBe('out');
    expect(redPacketPhase(packet({ remaining: 0 }))).toBe('out');
    expect(redPacketPhase(packet({ state: 0 }))).toBe('notStarted');
  });

  it('pushes move a packet on, never back', () => {
    expect(withPushedState(packet({ state: 0 }), 1).state).toBe(1);
    expect(withPushedState(packet(), 2)).toMatchObject({ state: 2, remaining: 0 });
    const out = packet({ state: 2, remaining: 0 });
    expect(withPushedState(out, 1)).toBe(out);
  });

  it("a draw's answer: the share, or grabbed out", () => {
    expect(withDraw(packet(), { got: true, amount: '1.23', state: 1 })).toMatchObject({ drawn: true, amount: '1.23', remaining: 2, state: 1 });
    expect(withDraw(packet({ remaining: 1 }), { got: true, amount: '1.23', state: 2 })).toMatchObject({ drawn: true, state: 2, remaining: 0 });
    expect(withDraw(packet(), { got: false, amount: null, state: 2 })).toMatchObject({ drawn: false, state: 2, remaining: 0 });
  });
});

describe('withdrawal rules', () => {
  it('at least 0.01, two decimals at most, not more than the balance (decimal comparison)', () => {
    expect(validateWithdrawal('0.01', '0.01').ok).toBe(true);
    expect(validateWithdrawal('0.30', '0.3').ok).toBe(true);
    expect(validateWithdrawal('0.31', '0.30')).toEqual({ ok: false, error: { key: 'commerce.withdraw.overBalance', params: { balance: '0.30' } } });
    expect(validateWithdrawal('0.001', '5').ok).toBe(false);
    expect(validateWithdrawal('0', '5').ok).toBe(false);
    expect(validateWithdrawal('abc', '5').ok).toBe(false);
  });

  it('any amount up to the balance passes and any above fails (integer fen as the reference)', () => {
    const yuan = (fen: number) => `${Math.trunc(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 1, max: 10_000_000 }), (want, have) => {
        expect(validateWithdrawal(yuan(want), yuan(have)).ok).toBe(want <= have);
      }),
    );
  });
});
