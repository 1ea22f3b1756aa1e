import { describe, it, expect } from 'vitest';
import { validateKeyword, validateLotteryPassword } from './limits';
import { KEYWORD_MAX, LOTTERY_PASSWORD_MAX } from './constants';

describe('validateLotteryPassword', () => {
  it('accepts 20 characters and rejects 21', () => {
    expect(LOTTERY_PASSWORD_MAX).toBe(20);
    expect(validateLotteryPassword('p'.repeat(20))).toEqual({ ok: true, value: 'p'.repeat(20) });
    expect(validateLotteryPassword('p'.repeat(21))).toEqual({
      ok: false,
      error: { key: 'validation.lotteryPassword.tooLong', params: { max: 20 } },
    });
    expect(validateLotteryPassword('抽'.repeat(20)).ok).toBe(true);
    expect(validateLotteryPassword('😀'.repeat(20)).ok).toBe(true); // code points, not UTF-16 units
    expect(validateLotteryPassword('😀'.repeat(21)).ok).toBe(false);
  });

  it('requires a password', () => {
    const required = { ok: false, error: { key: 'validation.lotteryPassword.required' } };
    expect(validateLotteryPassword('')).toEqual(required);
    expect(validateLotteryPassword('  \u3000')).toEqual(required);
  });

  it('trims surrounding spaces before measuring', () => {
    expect(validateLotteryPassword(`  ${'p'.repeat(20)}  `)).toEqual({ ok: true, value: 'p'.repeat(20) });
    expect(validateLotteryPassword(' a b ')).toEqual({ ok: true, value: 'a b' });
  });
});

describe('validateKeyword', () => {
  it('accepts 20 characters and rejects 21', () => {
    expect(KEYWORD_MAX).toBe(20);
    expect(validateKeyword('k'.repeat(20))).toEqual({ ok: true, value: 'k'.repeat(20) });
    expect(validateKeyword('关'.repeat(21))).toEqual({
      ok: false,
      error: { key: 'validation.keyword.tooLong', params: { max: 20 } },
    });
  });

  it('trims, and lets an empty keyword through', () => {
    expect(validateKeyword(` ${'k'.repeat(20)} `)).toEqual({ ok: true, value: 'k'.repeat(20) });
    expect(validateKeyword('')).toEqual({ ok: true, value: '' });
    expect(validateKeyword('   ')).toEqual({ ok: true, value: '' });
  });
});
