import { describe, expect, it } from 'vitest';
import { definedColour, initialOf, roleBadge } from './entryStyle';
import { externalHref, isoTime } from './links';

describe('definedColour', () => {
  it('keeps only #rgb and #rrggbb', () => {
    expect(definedColour('#f00')).toBe('#f00');
    expect(definedColour('#2081EB')).toBe('#2081EB');
    for (const bad of [null, 'red', '#ff', '#ff0000ff', 'url(x)', '#fff;background:url(x)', ' #fff', 'vip-style']) {
      expect(definedColour(bad)).toBeNull();
    }
  });
});

describe('roleBadge', () => {
  it('is the custom role name with a validated colour', () => {
    expect(roleBadge({ definedRoleName: 'VIP', definedStyle: '#c00' })).toEqual({ custom: 'VIP', colour: '#c00' });
    expect(roleBadge({ definedRoleName: 'VIP', definedStyle: 'color:red' })).toEqual({ custom: 'VIP', colour: null });
  });

  it('is null without a custom name (the role label is shown)', () => {
    expect(roleBadge({ definedRoleName: null, definedStyle: '#c00' })).toBeNull();
    expect(roleBadge({ definedRoleName: '  ', definedStyle: null })).toBeNull();
  });
});

describe('initialOf', () => {
  it('is the first code point, upper-cased, or ?', () => {
    expect(initialOf('alice')).toBe('A');
    expect(initialOf(' 张三')).toBe('张');
    expect(initialOf('😀x')).toBe('😀');
    expect(initialOf('')).toBe('?');
  });

  it('skips invisible and punctuation characters a hostile name opens with', () => {
    expect(initialOf('\u202Eevil')).toBe('E');
    expect(initialOf('\u200B\u2067张三')).toBe('张');
    expect(initialOf('"><img')).toBe('I');
    expect(initialOf('"😀"')).toBe('😀');
    expect(initialOf('\u202E\u200B')).toBe('?');
  });
});

describe('externalHref', () => {
  it('keeps absolute http(s) links only', () => {
    expect(externalHref('https://example.com/a')).toBe('https://example.com/a');
    expect(externalHref('HTTP://example.com')).toBe('HTTP://example.com');
    expect(externalHref('/local/path')).toBeNull();
    expect(externalHref('javascript:alert(1)')).toBeNull();
    expect(externalHref('https://')).toBeNull();
    expect(externalHref(null)).toBeNull();
  });
});

describe('isoTime', () => {
  it('is undefined for a time no Date can hold, instead of throwing', () => {
    expect(isoTime(0)).toBe('1970-01-01T00:00:00.000Z');
    expect(isoTime(9e15)).toBeUndefined();
  });
});
