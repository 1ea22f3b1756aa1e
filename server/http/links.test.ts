import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isSafeLink } from './links.js';

describe('isSafeLink: links as a browser reads them', () => {
  it('takes http(s) addresses and paths on the page own origin', () => {
    for (const good of ['https://cdn.example.com/a.png', 'http://127.0.0.1:8080/x?y=1#z', 'HTTPS://EXAMPLE.COM/', '/uploads/a.png', '/', '/a//b', '/a?next=//x'])
      expect(isSafeLink(good), good).toBe(true);
  });

  it('refuses what a browser reads as another site or another scheme, whatever it looks like', () => {
    for (const bad of [
      '/\t/evil.test/240', // the probe's reproduction: the parser drops the tab, leaving //evil.test
      '/\n/evil.test/240',
      '/\r\n/evil.test',
      '/\\evil.test',
      '\\\\evil.test',
      '//evil.test/x',
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,x',
      'ftp://example.com/x',
      'mailto:a@b.c',
      'https://user:pw@example.com/',
      'https://example.com@evil.test/',
      'http://',
      'a.png',
      '',
      'https://a b/',
      '/a\u0000b',
    ])
      expect(isSafeLink(bad), JSON.stringify(bad)).toBe(false);
  });

  it('every link it takes parses, against any page, to http(s) or to that page own origin', () => {
    fc.assert(
      fc.property(fc.oneof(fc.webUrl(), fc.string(), fc.string().map((s) => `/${s}`), fc.string().map((s) => `http://${s}`)), (value) => {
        if (!isSafeLink(value)) return;
        const url = new URL(value, 'https://viewer.example:8443/live/video/1');
        expect(['http:', 'https:']).toContain(url.protocol);
        if (value.startsWith('/')) expect(url.origin).toBe('https://viewer.example:8443');
      }),
      { numRuns: 2000 },
    );
  });
});
