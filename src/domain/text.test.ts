import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { codePointLength, codePointWidthAt, isBlank } from './text';

describe('codePointLength', () => {
  it('counts BMP characters one each', () => {
    expect(codePointLength('')).toBe(0);
    expect(codePointLength('abc')).toBe(3);
    expect(codePointLength('你好')).toBe(2);
  });

  it('counts a surrogate pair as one', () => {
    expect(codePointLength('😀')).toBe(1);
    expect(codePointLength('a😀b')).toBe(3);
    expect(codePointLength('𠀀')).toBe(1); // CJK extension B
  });

  it('counts a lone surrogate as one', () => {
    expect(codePointLength('\ud83d')).toBe(1);
    expect(codePointLength('\ude00')).toBe(1);
    expect(codePointLength('\ude00\ud83d')).toBe(2); // low then high is not a pair
    expect(codePointLength('a\ud83d')).toBe(2);
  });

  it('agrees with the string iterator for any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(codePointLength(s)).toBe([...s].length);
      }),
    );
    const surrogateHeavy = fc.string({
      unit: fc.integer({ min: 0xd7ff, max: 0xe000 }).map((c) => String.fromCharCode(c)),
    });
    fc.assert(
      fc.property(surrogateHeavy, (s) => {
        expect(codePointLength(s)).toBe([...s].length);
      }),
    );
  });
});

describe('codePointWidthAt', () => {
  it('is 2 on a surrogate pair and 1 otherwise', () => {
    expect(codePointWidthAt('😀', 0)).toBe(2);
    expect(codePointWidthAt('a', 0)).toBe(1);
    expect(codePointWidthAt('\ud83d', 0)).toBe(1);
    expect(codePointWidthAt('\ud83dx', 0)).toBe(1);
  });
});

describe('isBlank', () => {
  it('treats empty and every kind of space as blank', () => {
    expect(isBlank('')).toBe(true);
    expect(isBlank('   ')).toBe(true);
    expect(isBlank('\u3000\u3000')).toBe(true);
    expect(isBlank('\t\n\u00a0')).toBe(true);
  });

  it('is false when anything else is present', () => {
    expect(isBlank(' a ')).toBe(false);
    expect(isBlank('\u3000中')).toBe(false);
  });
});
