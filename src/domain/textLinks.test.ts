import { describe, expect, it } from 'vitest';
import { splitLinks } from './textLinks';

describe('links in message text', () => {
  it('makes http(s) addresses links and keeps the rest text, losing nothing', () => {
    const text = 'see https://example.com/a?b=1, and http://x.cn/y。then javascript:alert(1) or ftp://z';
    const runs = splitLinks(text);
    expect(runs.filter((r) => r.kind === 'link').map((r) => r.text)).toEqual(['https://example.com/a?b=1', 'http://x.cn/y']);
    expect(runs.map((r) => r.text).join('')).toBe(text);
  });

  it('leaves sentence punctuation outside, and a bare scheme as text', () => {
    expect(splitLinks('(https://a.io/x).')).toEqual([
      { kind: 'text', text: '(' },
      { kind: 'link', text: 'https://a.io/x', href: 'https://a.io/x' },
      { kind: 'text', text: ').' },
    ]);
    expect(splitLinks('https://')).toEqual([{ kind: 'text', text: 'https://' }]);
    expect(splitLinks('')).toEqual([]);
  });
});
