/** Server rendering of chat components for node tests (no DOM): en_us and an empty api. */
import { createInstance } from 'i18next';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import type { Api } from '../../api';
import en_us from '../../i18n/locales/en_us.json';
import { ApiProvider } from '../../state/apiContext';

/** en_us, for tests that need translated words outside a render (rowLabels). */
export const testI18n = createInstance();
const i18n = testI18n;
void i18n.use(initReactI18next).init({ lng: 'en_us', resources: { en_us: { translation: en_us } }, interpolation: { escapeValue: false } });

/** Never called in a server render: effects and handlers do not run. */
const api = {} as Api;

export function renderStatic(node: ReactNode): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <ApiProvider api={api}>
        <MemoryRouter initialEntries={['/live/video/10001']}>{node}</MemoryRouter>
      </ApiProvider>
    </I18nextProvider>,
  );
}
