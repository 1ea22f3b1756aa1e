import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { nicknameGate, validateNickname } from './nickname';
import { NICKNAME_MAX } from './constants';

const errorKey = (input: string) => {
  const r = validateNickname(input);
  return r.ok ? null : r.error.key;
};

describe('validateNickname', () => {
  it('accepts Chinese characters, letters of either case, digits and underscore', () => {
    expect(validateNickname('张三_Li4')).toEqual({ ok: true, value: '张三_Li4' });
    expect(validateNickname('abcXYZ')).toEqual({ ok: true, value: 'abcXYZ' });
    expect(validateNickname('_')).toEqual({ ok: true, value: '_' });
    expect(validateNickname('0123456789')).toEqual({ ok: true, value: '0123456789' });
    expect(validateNickname('𠀀')).toEqual({ ok: true, value: '𠀀' }); // Han outside the BMP
  });

  it('requires a nickname', () => {
    expect(validateNickname('')).toEqual({ ok: false, error: { key: 'validation.nickname.required' } });
  });

  it('rejects a nickname made only of spaces, full-width ones included', () => {
    expect(errorKey(' ')).toBe('validation.nickname.blank');
    expect(errorKey('    ')).toBe('validation.nickname.blank');
    expect(errorKey('\u3000')).toBe('validation.nickname.blank');
    expect(errorKey(' \u3000\t')).toBe('validation.nickname.blank');
  });

  it('allows exactly 20 characters and rejects 21', () => {
    expect(NICKNAME_MAX).toBe(20);
    expect(validateNickname('a'.repeat(20)).ok).toBe(true);
    expect(validateNickname('中'.repeat(20)).ok).toBe(true);
    expect(validateNickname('a'.repeat(21))).toEqual({
      ok: false,
      error: { key: 'validation.nickname.tooLong', params: { max: 20 } },
    });
    expect(errorKey('中'.repeat(21))).toBe('validation.nickname.tooLong');
  });

  it('counts code points, so 20 ideographs outside the BMP still fit', () => {
    const twenty = '𠀀'.repeat(20); // 40 UTF-16 code units
    expect(twenty.length).toBe(40);
    expect(validateNickname(twenty).ok).toBe(true);
    expect(errorKey('𠀀'.repeat(21))).toBe('validation.nickname.tooLong');
  });

  it('trims surrounding spaces, returns the trimmed name and measures it trimmed', () => {
    expect(validateNickname('  Tom  ')).toEqual({ ok: true, value: 'Tom' });
    expect(validateNickname('\u3000张三\u3000')).toEqual({ ok: true, value: '张三' });
    expect(validateNickname(` ${'a'.repeat(20)} `).ok).toBe(true);
  });

  it.each([
    ['inner space', 'Tom Li'],
    ['inner full-width space', '张\u3000三'],
    ['hyphen', 'a-b'],
    ['dot', 'a.b'],
    ['emoji', 'tom😀'],
    ['full-width letter', 'Ａbc'],
    ['full-width digit', '１23'],
    ['accented letter', 'José'],
    ['Cyrillic', 'Иван'],
    ['Japanese kana', 'さくら'],
    ['Hangul', '김'],
    ['Chinese punctuation', '你好！'],
    ['angle bracket', '<b>'],
    ['newline', 'a\nb'],
    ['lone surrogate', 'a\ud83d'],
  ])('rejects characters outside the allowed set (%s)', (_label, input) => {
    expect(errorKey(input)).toBe('validation.nickname.invalidChars');
  });

  it('reports length before characters', () => {
    expect(errorKey('!'.repeat(21))).toBe('validation.nickname.tooLong');
  });

  it('accepts every string built from the allowed alphabet up to 20 characters', () => {
    const allowed = fc.constantFrom(...'abcXYZ019_中文字𠀀'.split(/(?:)/u));
    fc.assert(
      fc.property(fc.array(allowed, { minLength: 1, maxLength: 20 }), (chars) => {
        expect(validateNickname(chars.join('')).ok).toBe(true);
      }),
    );
  });
});

describe('nicknameGate', () => {
  it('passes a changed, valid nickname', () => {
    expect(nicknameGate({ nickname: 'Tom', nicknameChanged: true })).toEqual({ ok: true, value: undefined });
  });

  it('refuses when the nickname was never changed', () => {
    expect(nicknameGate({ nickname: 'Tom', nicknameChanged: false })).toEqual({
      ok: false,
      error: { key: 'validation.nickname.mustChange' },
    });
  });

  it('refuses a changed but invalid nickname', () => {
    expect(nicknameGate({ nickname: 'a b', nicknameChanged: true })).toEqual({
      ok: false,
      error: { key: 'validation.nickname.mustChange' },
    });
    expect(nicknameGate({ nickname: '', nicknameChanged: true }).ok).toBe(false);
    expect(nicknameGate({ nickname: 'a'.repeat(21), nicknameChanged: true }).ok).toBe(false);
  });
});
