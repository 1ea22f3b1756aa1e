/**
 * Pure rules for choosing the interface language; src/i18n/index.ts applies them.
 * Kept free of i18next and the DOM so node tests can cover them.
 */
import { LOCALES, type Locale } from '../domain/constants';

/** localStorage key of the viewer's explicit language choice. */
export const LOCALE_STORAGE_KEY = 'webcast.locale';

/** The fallback of every lookup: zh_cn is the complete reference catalogue (SPEC 1). */
export const FALLBACK_LOCALE: Locale = 'zh_cn';

/** BCP 47 tags for <html lang>: screen readers and fonts pick the right script from it. */
export const HTML_LANG: Readonly<Record<Locale, string>> = {
  zh_cn: 'zh-CN',
  tr_cn: 'zh-TW',
  en_us: 'en-US',
  ru_ru: 'ru-RU',
};

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** The BCP 47 tag for Intl formatting of an i18next language ("tr_cn" is not Turkish). */
export const intlLocaleOf = (language: string): string | undefined => (isLocale(language) ? HTML_LANG[language] : undefined);

/**
 * The language to start in: the persisted choice when it is still enabled, else the
 * configured default when enabled, else the first enabled locale. A locale switched off
 * after a viewer chose it must not come back through localStorage.
 */
export function pickInitialLocale(persisted: string | null, enabled: readonly Locale[], defaultLocale: Locale): Locale {
  if (isLocale(persisted) && enabled.includes(persisted)) return persisted;
  if (enabled.includes(defaultLocale)) return defaultLocale;
  return enabled[0] ?? FALLBACK_LOCALE;
}
