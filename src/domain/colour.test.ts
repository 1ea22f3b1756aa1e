import { describe, it, expect } from 'vitest';
import { isColour, themeColourOrDefault, validateColour } from './colour';
import { DEFAULT_THEME_COLOUR } from './constants';

const valid = ['#2081eb', '#2081EB', '#fff', '#FFF', '#000000', '#aBc', '#a1B2c3'];
const invalid = ['#2081e', '#2081ebff', '#ffff', '#ff', '#', 'red', '2081eb', ' #fff', '#fff ', '#ggg', '#12345g', 'rgb(0,0,0)', '##fff', '#fff\n', ''];

describe('isColour', () => {
  it.each(valid)('accepts %j', (s) => expect(isColour(s)).toBe(true));
  it.each(invalid)('rejects %j', (s) => expect(isColour(s)).toBe(false));
  it('rejects non-strings', () => {
    for (const v of [null, undefined, 0x2081eb, {}, ['#fff']]) expect(isColour(v)).toBe(false);
  });
});

describe('themeColourOrDefault', () => {
  it('keeps a valid colour and falls back to #2081eb otherwise', () => {
    expect(DEFAULT_THEME_COLOUR).toBe('#2081eb');
    expect(themeColourOrDefault('#ff0000')).toBe('#ff0000');
    expect(themeColourOrDefault('#F00')).toBe('#F00');
    expect(themeColourOrDefault('red')).toBe('#2081eb');
    expect(themeColourOrDefault('#2081ebff')).toBe('#2081eb');
    expect(themeColourOrDefault(undefined)).toBe('#2081eb');
    expect(themeColourOrDefault(null)).toBe('#2081eb');
    expect(themeColourOrDefault(123)).toBe('#2081eb');
  });
});

describe('validateColour', () => {
  it('returns a valid colour as given', () => {
    expect(validateColour('#2081eb')).toEqual({ ok: true, value: '#2081eb' });
    expect(validateColour('#ABC')).toEqual({ ok: true, value: '#ABC' });
  });
  it.each(invalid)('rejects %j', (s) => {
    expect(validateColour(s)).toEqual({ ok: false, error: { key: 'validation.colour.invalid' } });
  });
});
