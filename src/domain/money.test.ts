import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import Decimal from 'decimal.js';
import {
  Yuan,
  addYuan,
  formatYuan,
  multiplyYuan,
  parseAmount,
  sumYuan,
  validateRedPacketAmount,
  validateRewardAmount,
} from './money';
import { MAX_AMOUNT_YUAN, MIN_AMOUNT_YUAN } from './constants';

const errorOf = (r: { ok: boolean; error?: unknown }) => (r.ok ? null : r.error);
const parsed = (input: string) => {
  const r = parseAmount(input);
  return r.ok ? r.value.toString() : r.error.key;
};

describe('Yuan constructor', () => {
  it('uses 20 significant digits and half-up rounding', () => {
    expect(Yuan.precision).toBe(20);
    expect(Yuan.rounding).toBe(Decimal.ROUND_HALF_UP);
    expect(new Yuan(1).div(3).toString()).toBe('0.33333333333333333333');
    expect(new Yuan(2).div(3).toString()).toBe('0.66666666666666666667');
  });

  it('is independent of the global decimal.js settings', () => {
    const saved = { precision: Decimal.precision, rounding: Decimal.rounding };
    try {
      Decimal.set({ precision: 5, rounding: Decimal.ROUND_HALF_EVEN });
      expect(Yuan).not.toBe(Decimal);
      expect(formatYuan('2.345')).toBe('2.35');
      expect(new Yuan(1).div(3).toString()).toBe('0.33333333333333333333');
    } finally {
      Decimal.set(saved);
    }
  });
});

describe('parseAmount', () => {
  it('parses plain decimal strings', () => {
    expect(parsed('0.01')).toBe('0.01');
    expect(parsed('12.50')).toBe('12.5');
    expect(parsed('12')).toBe('12');
    expect(parsed('007')).toBe('7');
    expect(parsed('  3.5 ')).toBe('3.5');
    expect(parsed('0')).toBe('0');
  });

  it('requires an amount', () => {
    expect(errorOf(parseAmount(''))).toEqual({ key: 'validation.amount.required' });
    expect(errorOf(parseAmount(' '))).toEqual({ key: 'validation.amount.required' });
    expect(errorOf(parseAmount('\u3000'))).toEqual({ key: 'validation.amount.required' });
  });

  it.each(['1e3', '1E3', '-1', '+1', 'abc', '1.2.3', '∞', 'Infinity', 'NaN', '.5', '5.', '.', '1,000', '0x10', '１', '1 0', '¥1', '1元'])(
    'rejects %j as not a plain decimal number',
    (input) => {
      expect(errorOf(parseAmount(input))).toEqual({ key: 'validation.amount.invalid' });
    },
  );

  it('allows two decimal places and rejects three', () => {
    expect(parsed('1.23')).toBe('1.23');
    expect(errorOf(parseAmount('1.234'))).toEqual({ key: 'validation.amount.tooPrecise' });
    expect(errorOf(parseAmount('0.009'))).toEqual({ key: 'validation.amount.tooPrecise' });
  });

  it('judges precision on the value, so trailing zeros do not count', () => {
    expect(parsed('1.200')).toBe('1.2');
    expect(parsed('1.0000000')).toBe('1');
  });

  it('stays exact on long inputs', () => {
    expect(parsed('12345678901234567890123.45')).toBe('1.234567890123456789012345e+22');
  });
});

describe('validateRewardAmount and validateRedPacketAmount', () => {
  const validators = [
    ['reward', validateRewardAmount],
    ['red packet', validateRedPacketAmount],
  ] as const;

  it.each(validators)('%s: accepts exactly the minimum 0.01', (_name, validate) => {
    expect(MIN_AMOUNT_YUAN).toBe('0.01');
    const r = validate('0.01');
    expect(r.ok && r.value.toString()).toBe('0.01');
  });

  it.each(validators)('%s: rejects amounts below 0.01', (_name, validate) => {
    const tooSmall = { key: 'validation.amount.tooSmall', params: { min: '0.01' } };
    expect(errorOf(validate('0'))).toEqual(tooSmall);
    expect(errorOf(validate('0.00'))).toEqual(tooSmall);
    expect(errorOf(validate('0.009'))).toEqual({ key: 'validation.amount.tooPrecise' });
  });

  it.each(validators)('%s: accepts the maximum and rejects one fen more', (_name, validate) => {
    expect(validate(MAX_AMOUNT_YUAN).ok).toBe(true);
    expect(validate('99999.99').ok).toBe(true);
    expect(errorOf(validate('100000.01'))).toEqual({
      key: 'validation.amount.tooLarge',
      params: { max: MAX_AMOUNT_YUAN },
    });
  });

  it.each(validators)('%s: passes parse errors through', (_name, validate) => {
    expect(errorOf(validate(''))).toEqual({ key: 'validation.amount.required' });
    expect(errorOf(validate('-1'))).toEqual({ key: 'validation.amount.invalid' });
    expect(errorOf(validate('1.001'))).toEqual({ key: 'validation.amount.tooPrecise' });
  });

  it.each(validators)('%s: accepts every whole-fen amount in range', (_name, validate) => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (fen) => {
        const text = `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
        const r = validate(text);
        expect(r.ok).toBe(true);
        expect(r.ok && formatYuan(r.value)).toBe(text);
      }),
    );
  });
});

describe('formatYuan', () => {
  it('always shows two decimals', () => {
    expect(formatYuan('12.5')).toBe('12.50');
    expect(formatYuan('0')).toBe('0.00');
    expect(formatYuan('7')).toBe('7.00');
    expect(formatYuan(new Yuan('0.01'))).toBe('0.01');
    expect(formatYuan(new Decimal('3.1'))).toBe('3.10');
  });

  it('rounds half up', () => {
    expect(formatYuan('2.345')).toBe('2.35');
    expect(formatYuan('2.344')).toBe('2.34');
    expect(formatYuan('2.3449999')).toBe('2.34');
    expect(formatYuan('0.005')).toBe('0.01');
    expect(formatYuan('0.004')).toBe('0.00');
    expect(formatYuan('1.995')).toBe('2.00');
    // half-even would give 2.34 here; half-up must not
    expect(formatYuan('2.335')).toBe('2.34');
    expect(formatYuan('2.325')).toBe('2.33');
  });

  it('throws on a string that is not a number', () => {
    expect(() => formatYuan('abc')).toThrow();
  });
});

describe('addYuan, sumYuan and multiplyYuan', () => {
  it('adds exactly: 0.1 + 0.2 is 0.30', () => {
    expect(0.1 + 0.2).not.toBe(0.3); // the float problem this module exists for
    expect(addYuan('0.1', '0.2')).toBe('0.30');
    expect(new Yuan('0.1').plus('0.2').equals('0.3')).toBe(true);
    expect(addYuan('0.01', '99999.99')).toBe('100000.00');
  });

  it('sums a list exactly', () => {
    expect(sumYuan([])).toBe('0.00');
    expect(sumYuan(Array.from({ length: 10 }, () => '0.1'))).toBe('1.00');
    expect(sumYuan(['0.01', new Yuan('0.02'), '12.5'])).toBe('12.53');
  });

  it('multiplies a unit price by a count', () => {
    expect(multiplyYuan('0.1', 3)).toBe('0.30');
    expect(multiplyYuan('19.99', 3)).toBe('59.97');
    expect(multiplyYuan('1.11', 0)).toBe('0.00');
    expect(multiplyYuan('0.01', 1_000_000)).toBe('10000.00');
  });

  it('refuses a count that is not a non-negative integer', () => {
    expect(() => multiplyYuan('1', -1)).toThrow(RangeError);
    expect(() => multiplyYuan('1', 1.5)).toThrow(RangeError);
    expect(() => multiplyYuan('1', Number.NaN)).toThrow(RangeError);
    expect(() => multiplyYuan('1', Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('matches integer fen arithmetic for any whole-fen amounts', () => {
    const fenToYuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 1000 }),
        (a, b, n) => {
          expect(addYuan(fenToYuan(a), fenToYuan(b))).toBe(fenToYuan(a + b));
          expect(multiplyYuan(fenToYuan(a), n)).toBe(fenToYuan(a * n));
        },
      ),
    );
  });
});
