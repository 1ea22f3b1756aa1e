/**
 * i18next setup. Only the zh_cn catalogue (the default and the fallback of every lookup) is
 * part of the app's script; the others load on demand (./catalogues.ts): the current
 * language before the first render, another one when it is picked, before i18next switches,
 * so a language switch still changes every visible text at once. Only the locales the
 * runtime configuration enables can be selected.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALES_ENABLED_BY_DEFAULT, type Locale } from '../domain/constants';
import { BUNDLED_LOCALE, bundledCatalogue, catalogueBackend, VIDEO_NS } from './catalogues';
import { FALLBACK_LOCALE, HTML_LANG, LOCALE_STORAGE_KEY, isLocale, pickInitialLocale } from './localeChoice';

const NAMESPACE = 'translation';

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
  // init resolves once the catalogues of `lng` and of the fallback are in.
  await i18n
    .use(catalogueBackend)
    .use(initReactI18next)
    .init({
      resources: { [BUNDLED_LOCALE]: { [NAMESPACE]: bundledCatalogue } },
      // The bundled catalogue is a part of the resources only: the backend loads the rest.
      partialBundledLanguages: true,
      lng,
      fallbackLng: FALLBACK_LOCALE,
      ns: [NAMESPACE],
      defaultNS: NAMESPACE,
      // A feature namespace (catalogues.ts INTERACTIONS_NS) finds the shared texts here, and
      // every namespace the video page's (VIDEO_NS) once loaded.
      fallbackNS: [NAMESPACE, VIDEO_NS],
      // React escapes text nodes itself; escaping here would show "&amp;" to viewers.
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  // A catalogue that could not be loaded: the fallback's texts under its own name, rather
  // than a language switch that shows the wrong language.
  if (!i18n.hasResourceBundle(i18n.language, NAMESPACE)) await i18n.changeLanguage(FALLBACK_LOCALE);
  applyHtmlLang(i18n.language);
  return i18n;
}

/** The locales the language switch offers (the enabled ones only). */
export const getSelectableLocales = (): readonly Locale[] => selectable;

/**
 * Switches every visible text at once and remembers the choice; disabled locales are refused.
 * The catalogue is loaded first (i18n.changeLanguage would too, but would switch even when it
 * failed to arrive): a language that cannot be loaded leaves the texts as they are.
 */
export async function changeLocale(locale: string): Promise<void> {
  if (!isLocale(locale) || !selectable.includes(locale)) return;
  await i18n.loadLanguages(locale);
  if (!i18n.hasResourceBundle(locale, NAMESPACE)) {
    console.warn(`The texts of ${locale} could not be loaded; the language stays ${i18n.language}.`);
    return;
  }
  persistLocale(locale);
  await i18n.changeLanguage(locale);
}

let videoLoad: Promise<void> | null = null;

/**
 * Loads the video page's texts (catalogues.ts VIDEO_NS) in the current language and the
 * fallback; the same promise for every caller, so a screen can wait for it with React's
 * `use` (LiveScreen's video mode, the console, the chat window). Once loaded, i18next loads
 * them with any language switched to. A load that fails is told and tried again by the
 * next caller; the screen shows meanwhile (with the keys of what is missing).
 */
export function videoTexts(): Promise<void> {
  videoLoad ??= i18n.loadNamespaces(VIDEO_NS).then(
    () => {
      if (!i18n.hasResourceBundle(FALLBACK_LOCALE, VIDEO_NS)) throw new Error('the video texts did not load');
    },
  ).catch((error: unknown) => {
    console.warn('The video page texts could not be loaded:', error);
    videoLoad = null;
  });
  return videoLoad;
}

export const currentLocale = (): Locale => (isLocale(i18n.language) ? i18n.language : FALLBACK_LOCALE);

export { i18n };
