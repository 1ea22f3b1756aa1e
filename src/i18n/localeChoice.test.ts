import { describe, expect, it } from 'vitest';
import { HTML_LANG, intlLocaleOf, isLocale, pickInitialLocale } from './localeChoice';

const enabled = ['zh_cn', 'tr_cn', 'en_us'] as const;

describe('pickInitialLocale', () => {
  it('prefers an enabled persisted choice', () => {
    expect(pickInitialLocale('en_us', enabled, 'zh_cn')).toBe('en_us');
  });

  it('ignores a persisted choice that is switched off or unknown', () => {
    expect(pickInitialLocale('ru_ru', enabled, 'tr_cn')).toBe('tr_cn');
    expect(pickInitialLocale('xx', enabled, 'tr_cn')).toBe('tr_cn');
    expect(pickInitialLocale(null, enabled, 'zh_cn')).toBe('zh_cn');
  });

  it('falls back to the first enabled locale when the default is off', () => {
    expect(pickInitialLocale(null, ['en_us', 'ru_ru'], 'zh_cn')).toBe('en_us');
  });

  it('falls back to zh_cn when nothing is enabled', () => {
    expect(pickInitialLocale(null, [], 'en_us')).toBe('zh_cn');
  });
});

describe('locale helpers', () => {
  it('maps every locale to its html lang tag', () => {
    expect(HTML_LANG).toEqual({ zh_cn: 'zh-CN', tr_cn: 'zh-TW', en_us: 'en-US', ru_ru: 'ru-RU' });
  });

  it('recognises locale codes', () => {
    expect(isLocale('ru_ru')).toBe(true);
    expect(isLocale('ru')).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });
});

describe('intlLocaleOf', () => {
  it('gives the BCP 47 tag of each locale (tr_cn is traditional Chinese, not Turkish)', () => {
    expect(intlLocaleOf('tr_cn')).toBe('zh-TW');
    expect(intlLocaleOf('zh_cn')).toBe('zh-CN');
    expect(intlLocaleOf('xx')).toBeUndefined();
  });
});
