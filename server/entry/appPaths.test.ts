import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sameSitePath, withQuery } from './appPaths';

/** What a browser does with the answer: resolve it against the page it is on. */
const resolvedHost = (path: string): string => new URL(path, 'https://room.example/live/1').host;

describe('sameSitePath', () => {
  it('keeps ordinary paths and their queries', () => {
    expect(sameSitePath('/live/login/1?x=2')).toBe('/live/login/1?x=2');
    expect(sameSitePath('/a/./b/../c')).toBe('/a/c');
  });

  it.each(['/.//evil.example', '/a/..//evil.example', '/%2e//evil.example', '/%2E/%2e//evil.example', '//evil.example', '/\\evil.example', 'https://evil.example', '/./\\/evil.example'])(
    'refuses %s, which would lead off the site',
    (candidate) => {
      expect(sameSitePath(candidate)).toBeNull();
    },
  );

  it('never answers anything a browser would resolve to another host, also after withQuery', () => {
    const segment = fc.constantFrom('', '.', '..', '%2e', '%2E', '%2e%2e', '/', '\\', 'evil.example', '@', ':', 'a', '%2f', '?', '#');
    const candidate = fc.oneof(
      fc.array(segment, { maxLength: 8 }).map((parts) => `/${parts.join('/')}`),
      fc.array(segment, { maxLength: 8 }).map((parts) => parts.join('')),
      fc.string({ maxLength: 40 }),
    );
    fc.assert(
      fc.property(candidate, (text) => {
        const path = sameSitePath(text);
        if (path === null) return;
        expect(path.startsWith('/')).toBe(true);
        expect(path.startsWith('//')).toBe(false);
        expect(resolvedHost(path)).toBe('room.example');
        expect(resolvedHost(withQuery(path, { state: '1' }))).toBe('room.example');
      }),
      { numRuns: 3000 },
    );
  });
});
