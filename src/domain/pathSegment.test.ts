import { describe, expect, it } from 'vitest';
import { pathSegment } from './pathSegment';

describe('pathSegment', () => {
  it('keeps a parameter inside its own segment', () => {
    expect(pathSegment('10001')).toBe('10001');
    expect(pathSegment('a/b?c#d')).toBe('a%2Fb%3Fc%23d');
    expect(pathSegment('...')).toBe('...');
    expect(new URL(`http://h/x/${pathSegment('a/../b')}/check`).pathname).toBe('/x/a%2F..%2Fb/check');
  });

  it('refuses what the URL parser would resolve away: empty, . and ..', () => {
    for (const value of ['', '.', '..']) expect(pathSegment(value)).toBeNull();
  });
});
