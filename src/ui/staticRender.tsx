/**
 * Server rendering of components for node tests (no DOM): the en_us catalogue (zh_cn on
 * request), the interactions and video namespaces with it, an API
 * whose calls never run (a server render runs no effect), and a router when the component
 * needs one. One setup for every feature's first-render tests.
 */
import { createInstance } from 'i18next';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import type { Api } from '../api';
import { INTERACTIONS_NS, VIDEO_NS } from '../i18n/catalogues';
import en_us from '../i18n/locales/en_us.json';
import enInteractions from '../i18n/locales/interactions/en_us.json';
import enVideo from '../i18n/locales/video/en_us.json';
import zh_cn from '../i18n/locales/zh_cn.json';
import zhInteractions from '../i18n/locales/interactions/zh_cn.json';
import zhVideo from '../i18n/locales/video/zh_cn.json';
import { ApiProvider } from '../state/apiContext';

/** en_us, for tests that need translated words outside a render. */
export const testI18n = createInstance();
void testI18n.use(initReactI18next).init({
  lng: 'en_us',
  fallbackNS: ['translation', VIDEO_NS],
  resources: {
    en_us: { translation: en_us, [INTERACTIONS_NS]: enInteractions, [VIDEO_NS]: enVideo },
    zh_cn: { translation: zh_cn, [INTERACTIONS_NS]: zhInteractions, [VIDEO_NS]: zhVideo },
  },
  interpolation: { escapeValue: false },
});

const NO_API = {} as Api;

export interface StaticRenderOptions {
  readonly api?: Api;
  /** Wraps the node in a MemoryRouter at this path. */
  readonly path?: string;
  /** The language (en_us unless said). */
  readonly lng?: 'en_us' | 'zh_cn';
}

export function renderStatic(node: ReactNode, options: StaticRenderOptions = {}): string {
  const routed = options.path === undefined ? node : <MemoryRouter initialEntries={[options.path]}>{node}</MemoryRouter>;
  return renderToStaticMarkup(
    <I18nextProvider i18n={options.lng === undefined ? testI18n : testI18n.cloneInstance({ lng: options.lng })}>
      <ApiProvider api={options.api ?? NO_API}>{routed}</ApiProvider>
    </I18nextProvider>,
  );
}
