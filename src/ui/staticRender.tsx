/**
 * Server rendering of components for node tests (no DOM): the en_us catalogue, an API
 * whose calls never run (a server render runs no effect), and a router when the component
 * needs one. One setup for every feature's first-render tests.
 */
import { createInstance } from 'i18next';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import type { Api } from '../api';
import en_us from '../i18n/locales/en_us.json';
import { ApiProvider } from '../state/apiContext';

/** en_us, for tests that need translated words outside a render. */
export const testI18n = createInstance();
void testI18n.use(initReactI18next).init({ lng: 'en_us', resources: { en_us: { translation: en_us } }, interpolation: { escapeValue: false } });

const NO_API = {} as Api;

export interface StaticRenderOptions {
  readonly api?: Api;
  /** Wraps the node in a MemoryRouter at this path. */
  readonly path?: string;
}

export function renderStatic(node: ReactNode, options: StaticRenderOptions = {}): string {
  const routed = options.path === undefined ? node : <MemoryRouter initialEntries={[options.path]}>{node}</MemoryRouter>;
  return renderToStaticMarkup(
    <I18nextProvider i18n={testI18n}>
      <ApiProvider api={options.api ?? NO_API}>{routed}</ApiProvider>
    </I18nextProvider>,
  );
}
