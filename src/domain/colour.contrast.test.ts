import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contrastRatio, DARK_SURFACE, readableShade, readableTint, TEXT_CONTRAST } from './colour';

describe('contrast', () => {
  it('measures WCAG contrast', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#2081eb', '#ffffff')).toBeCloseTo(contrastRatio('#ffffff', '#2081eb'), 10);
  });

  it('keeps a dark enough theme as it is and darkens a light one until text on it reads', () => {
    expect(readableShade('#1f2329')).toBe('#1f2329');
    const shade = readableShade('#2081eb');
    expect(shade).not.toBe('#2081eb');
    expect(contrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(readableShade('not a colour')).toBe(readableShade('#2081eb'));
  });

  it('gives every theme colour a shade that reads on white and under white text', () => {
    const hex = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`);
    fc.assert(fc.property(hex, (colour) => contrastRatio(readableShade(colour), '#ffffff') >= TEXT_CONTRAST));
  });

  it('gives every theme colour a tint that reads on the dark theme, keeping a light one as it is', () => {
    expect(readableTint('#ffd666')).toBe('#ffd666');
    expect(readableTint('#2081eb')).not.toBe('#2081eb');
    const hex = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`);
    fc.assert(fc.property(hex, (colour) => contrastRatio(readableTint(colour, DARK_SURFACE, 5.5), DARK_SURFACE) >= 5.5));
  });
});
