/**
 * Text measures shared by the rules. SPEC counts "characters"; we count Unicode code
 * points, so a character outside the BMP (an emoji, a rare ideograph) is one character and
 * never half of one, while a lone surrogate (broken input) still counts as one.
 */

const isHighSurrogate = (c: number): boolean => c >= 0xd800 && c <= 0xdbff;
const isLowSurrogate = (c: number): boolean => c >= 0xdc00 && c <= 0xdfff;

/** Number of code points in `s`, without allocating (no spread, no iterator). */
export function codePointLength(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length - 1; i++) {
    if (isHighSurrogate(s.charCodeAt(i)) && isLowSurrogate(s.charCodeAt(i + 1))) {
      n--;
      i++;
    }
  }
  return n;
}

/**
 * Code units taken by the code point starting at `i`: 2 for a well-formed surrogate pair,
 * otherwise 1. Used by scanners that walk a string by code point without splitting pairs.
 */
export function codePointWidthAt(s: string, i: number): 1 | 2 {
  return isHighSurrogate(s.charCodeAt(i)) && isLowSurrogate(s.charCodeAt(i + 1)) ? 2 : 1;
}

/**
 * True when `s` is empty or only whitespace. Uses String.prototype.trim, whose whitespace
 * set covers every Unicode space separator, so the full-width space U+3000 is blank too.
 */
export function isBlank(s: string): boolean {
  return s.trim().length === 0;
}
