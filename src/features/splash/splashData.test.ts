import { describe, expect, it } from 'vitest';
import { DEFAULT_SECONDS, readSplashAdverts, readSplashConfig, safeHttpUrl } from './splashData';

const ORIGIN = 'https://live.example';

describe('advert addresses', () => {
  it('keeps http(s), resolving root-relative ones against the page origin', () => {
    expect(safeHttpUrl('https://cdn.example/a.png', ORIGIN)).toBe('https://cdn.example/a.png');
    expect(safeHttpUrl('http://cdn.example/a.png', ORIGIN)).toBe('http://cdn.example/a.png');
    expect(safeHttpUrl('/favicon.svg', ORIGIN)).toBe('https://live.example/favicon.svg');
    expect(safeHttpUrl('HTTPS://CDN.example/x', ORIGIN)).toBe('https://cdn.example/x');
  });

  it('drops every other scheme and malformed input', () => {
    for (const bad of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:image/png;base64,AA', 'ftp://x/y', 'mailto:a@b.c', 'https://a b/', 'java\tscript:x', '\\\\evil', '', 'x'.repeat(3000)]) {
      expect(safeHttpUrl(bad, ORIGIN)).toBeNull();
    }
    expect(safeHttpUrl(42, ORIGIN)).toBeNull();
    expect(safeHttpUrl(null, ORIGIN)).toBeNull();
  });
});

describe('splash config', () => {
  it('reads enabled, seconds and skippable with defaults and bounds', () => {
    expect(readSplashConfig({ enabled: true, seconds: 5, skippable: true, count: 1 })).toEqual({ enabled: true, seconds: 5, skippable: true });
    expect(readSplashConfig({ enabled: true })).toEqual({ enabled: true, seconds: DEFAULT_SECONDS, skippable: true });
    expect(readSplashConfig({ enabled: 1, seconds: 0, skippable: false })).toEqual({ enabled: false, seconds: 1, skippable: false });
    expect(readSplashConfig({ enabled: true, seconds: 3600 })?.seconds).toBe(60);
    expect(readSplashConfig({ enabled: true, seconds: 2.6 })?.seconds).toBe(3);
    expect(readSplashConfig(null)).toBeNull();
    expect(readSplashConfig([1])).toBeNull();
  });
});

describe('splash list', () => {
  it('keeps the adverts that can be shown, in order', () => {
    const adverts = readSplashAdverts(
      {
        adverts: [
          { id: 'ad-1', title: ' Spring  launch ', imageUrl: '/favicon.svg', linkUrl: '/', clicks: 3 },
          { id: 7, title: 'Text only', imageUrl: 'javascript:alert(1)', linkUrl: 'https://shop.example/x' },
          { id: 'ad-3', title: '', imageUrl: 'data:image/png;base64,AA' },
          { title: 'no id', imageUrl: 'https://cdn.example/a.png' },
          'junk',
        ],
      },
      ORIGIN,
    );
    expect(adverts).toEqual([
      { id: 'ad-1', title: 'Spring launch', imageUrl: 'https://live.example/favicon.svg', linkUrl: 'https://live.example/' },
      { id: '7', title: 'Text only', imageUrl: null, linkUrl: 'https://shop.example/x' },
    ]);
  });

  it('answers nothing for an answer that is not a list', () => {
    expect(readSplashAdverts(null, ORIGIN)).toEqual([]);
    expect(readSplashAdverts({ adverts: 'x' }, ORIGIN)).toEqual([]);
    expect(readSplashAdverts([], ORIGIN)).toEqual([]);
  });
});
