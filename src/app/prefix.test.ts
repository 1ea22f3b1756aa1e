import { describe, expect, it } from 'vitest';
import { isUnderPrefix, withPrefix } from './prefix';

describe('isUnderPrefix', () => {
  it('takes every path under the root prefix', () => {
    expect(isUnderPrefix('/anything', '/')).toBe(true);
  });

  it.each(['/webcast', '/webcast/', '/webcast/live/login/1', '/WebCast/live'])('%j is under /webcast', (path) => {
    expect(isUnderPrefix(path, '/webcast')).toBe(true);
  });

  it.each(['/', '/elsewhere', '/webcasts', '/web'])('%j is not under /webcast', (path) => {
    expect(isUnderPrefix(path, '/webcast')).toBe(false);
  });
});

describe('withPrefix', () => {
  it('joins without doubling slashes', () => {
    expect(withPrefix('/', '/live/login/1')).toBe('/live/login/1');
    expect(withPrefix('/webcast', '/live/login/1')).toBe('/webcast/live/login/1');
  });
});
