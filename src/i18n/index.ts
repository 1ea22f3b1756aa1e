/**
 * i18next setup. All four catalogues are bundled (they are small and a language switch must
 * change every visible text at once, without a network round trip); only the locales the
 * runtime configuration enables can be selected.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALES_ENABLED_BY_DEFAULT, type Locale } from '../domain/constants';
import en_us from './locales/en_us.json';
import ru_ru from './locales/ru_ru.json';
import tr_cn from './locales/tr_cn.json';
import zh_cn from './locales/zh_cn.json';
import { FALLBACK_LOCALE, HTML_LANG, LOCALE_STORAGE_KEY, isLocale, pickInitialLocale } from './localeChoice';

export interface I18nSetup {
  /** Selectable locales, in display order. */
  readonly enabled: readonly Locale[];
  readonly defaultLocale: Locale;
}

let selectable: readonly Locale[] = LOCALES_ENABLED_BY_DEFAULT;

// Storage can be unavailable (privacy modes, blocked cookies): a language choice that
// cannot be remembered must not stop the app.
function readPersistedLocale(): string | null {
  try {
    return window.localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
}

function persistLocale(locale: Locale): void {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Not remembered across reloads; the switch itself still works.
  }
}

function applyHtmlLang(language: string): void {
  if (isLocale(language)) document.documentElement.lang = HTML_LANG[language];
}

export async function initI18n(setup: I18nSetup): Promise<typeof i18n> {
  selectable = setup.enabled.length > 0 ? [...setup.enabled] : [FALLBACK_LOCALE];
  const lng = pickInitialLocale(readPersistedLocale(), selectable, setup.defaultLocale);
  i18n.on('languageChanged', applyHtmlLang);
  await i18n.use(initReactI18next).init({
    resources: {
      zh_cn: { translation: zh_cn },
      tr_cn: { translation: tr_cn },
      en_us: { translation: en_us },
      ru_ru: { translation: ru_ru },
    },
    lng,
    fallbackLng: FALLBACK_LOCALE,
    // React escapes text nodes itself; escaping here would show "&amp;" to viewers.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  applyHtmlLang(i18n.language);
  return i18n;
}

/** The locales the language switch offers (the enabled ones only). */
export const getSelectableLocales = (): readonly Locale[] => selectable;

/** Switches every visible text at once and remembers the choice; disabled locales are refused. */
export async function changeLocale(locale: string): Promise<void> {
  if (!isLocale(locale) || !selectable.includes(locale)) return;
  persistLocale(locale);
  await i18n.changeLanguage(locale);
}

export const currentLocale = (): Locale => (isLocale(i18n.language) ? i18n.language : FALLBACK_LOCALE);

export { i18n };
