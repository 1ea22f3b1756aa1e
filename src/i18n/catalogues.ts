/**
 * Where the interface texts come from. zh_cn ships inside the app's script: it is the
 * default language and the fallback of every lookup, so every page needs it. The other
 * catalogues are chunks of their own, loaded when a viewer (or a room's language) picks
 * them: the guide page's script carries one catalogue instead of four (issue 5's budget).
 *
 * i18next reads them through `catalogueBackend`, so `i18n.changeLanguage(locale)` loads a
 * catalogue first and switches every text at once when it is there; the current language
 * and the fallback are loaded before the first render.
 */
import type { BackendModule, ResourceKey } from 'i18next';
import type { Locale } from '../domain/constants';
import zh_cn from './locales/zh_cn.json';
import { isLocale } from './localeChoice';

/** The locale whose catalogue is part of the app's script. */
export const BUNDLED_LOCALE = 'zh_cn' satisfies Locale;
export const bundledCatalogue: ResourceKey = zh_cn;

type LoadedLocale = Exclude<Locale, typeof BUNDLED_LOCALE>;

// One literal import() per file, so the bundler makes each catalogue a chunk of its own;
// the Record type makes a new locale without a loader a compile error.
const loaders: Readonly<Record<LoadedLocale, () => Promise<{ default: ResourceKey }>>> = {
  tr_cn: () => import('./locales/tr_cn.json'),
  en_us: () => import('./locales/en_us.json'),
  ru_ru: () => import('./locales/ru_ru.json'),
};

/** The catalogue of `locale`: at once for zh_cn, else from its chunk. */
export async function loadCatalogue(locale: Locale): Promise<ResourceKey> {
  if (locale === BUNDLED_LOCALE) return bundledCatalogue;
  return (await loaders[locale]()).default;
}

/**
 * The texts of the room's interactions (questionnaires, lotteries, Q&A, answer sheets,
 * document sharing): a namespace of their own, in every language a chunk that loads with
 * the first interaction feature that asks for it (`useTranslation(INTERACTIONS_NS)`), so
 * the guide page's script carries none of them (issue 5's budget). Keys it lacks fall
 * back to the main namespace (`fallbackNS`): shared texts (errors, codes) live there.
 */
export const INTERACTIONS_NS = 'interactions';

const interactionLoaders: Readonly<Record<Locale, () => Promise<{ default: ResourceKey }>>> = {
  zh_cn: () => import('./locales/interactions/zh_cn.json'),
  tr_cn: () => import('./locales/interactions/tr_cn.json'),
  en_us: () => import('./locales/interactions/en_us.json'),
  ru_ru: () => import('./locales/interactions/ru_ru.json'),
};

/**
 * The video page's own texts (the chat, captions, the connection, likes, the room notice,
 * leaving, the splash advert): a namespace the guide page never loads (issue 5's budget,
 * issue 34). Their keys are looked up as main-catalogue keys (`t('chat.title')`): the main
 * namespace falls back to this one (i18n/index.ts `fallbackNS`), once it is loaded, which
 * the screens that show them wait for (`videoTexts()`).
 */
export const VIDEO_NS = 'video';

const videoLoaders: Readonly<Record<Locale, () => Promise<{ default: ResourceKey }>>> = {
  zh_cn: () => import('./locales/video/zh_cn.json'),
  tr_cn: () => import('./locales/video/tr_cn.json'),
  en_us: () => import('./locales/video/en_us.json'),
  ru_ru: () => import('./locales/video/ru_ru.json'),
};

export async function loadNamespace(locale: Locale, namespace: string): Promise<ResourceKey> {
  if (namespace === INTERACTIONS_NS) return (await interactionLoaders[locale]()).default;
  if (namespace === VIDEO_NS) return (await videoLoaders[locale]()).default;
  return loadCatalogue(locale);
}

/** The i18next backend that serves `loadCatalogue` (one namespace: "translation"). */
export const catalogueBackend: BackendModule = {
  type: 'backend',
  init() {
    // Nothing to set up: the catalogues are modules of the app.
  },
  read(language, namespace, callback) {
    if (!isLocale(language)) {
      callback(new Error(`no catalogue for "${language}"`), false);
      return;
    }
    loadNamespace(language, namespace).then(
      (catalogue) => callback(null, catalogue),
      // A chunk that did not arrive (network, a deployment that replaced the files): not
      // retried here; changeLocale refuses to switch to a language it could not load.
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};
