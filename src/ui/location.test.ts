import { describe, expect, it } from 'vitest';
import { isSameLocation, normalisePathname, parseLocation } from './location';

describe('isSameLocation', () => {
  it.each([
    ['/live/login/10001', '/live/login/10001'],
    ['/live/login/10001', '/live/login/10001/'],
    ['/live//login/10001', '/live/login/10001'],
    ['/live/login/%31%30%30%30%31', '/live/login/10001'],
    ['/live/login/10001?', '/live/login/10001'],
    ['/live/login/10001#', '/live/login/10001'],
    ['/getWxInfo?code=a&state=b', '/getWxInfo?code=a&state=b'],
    ['', '/'],
  ])('%j is the same as %j', (a, b) => {
    expect(isSameLocation(a, b)).toBe(true);
  });

  it.each([
    ['/live/login/10001', '/live/video/10001'],
    ['/live/login/10001', '/live/login/10002'],
    ['/getWxInfo?code=a', '/getWxInfo?code=b'],
    ['/getWxInfo?code=a&state=b', '/getWxInfo?state=b&code=a'],
    ['/live/login/10001#top', '/live/login/10001'],
    ['/live/login/10001', '/Live/login/10001'],
  ])('%j differs from %j', (a, b) => {
    expect(isSameLocation(a, b)).toBe(false);
  });

  it('compares router locations with path strings', () => {
    const current = { pathname: '/live/video/10001', search: '', hash: '' };
    expect(isSameLocation(current, '/live/video/10001/')).toBe(true);
    expect(isSameLocation(current, { pathname: '/live/video/10001', search: '?x=1' })).toBe(false);
    expect(isSameLocation({ pathname: '/a', search: 'x=1', hash: 'h' }, '/a?x=1#h')).toBe(true);
  });
});

describe('helpers', () => {
  it('normalises a pathname', () => {
    expect(normalisePathname('//a/b//')).toBe('/a/b');
    expect(normalisePathname('/a/%zz')).toBe('/a/%zz');
  });

  it('splits a path, a hash may hold "?"', () => {
    expect(parseLocation('/a?b=1#c?d')).toEqual({ pathname: '/a', search: '?b=1', hash: '#c?d' });
    expect(parseLocation('/a')).toEqual({ pathname: '/a', search: '', hash: '' });
  });
});
