import { createInstance } from 'i18next';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { Api } from '../../api';
import en_us from '../../i18n/locales/en_us.json';
import { ApiProvider } from '../../state/apiContext';
import { clearSession, enterRoom, setSession } from '../../state/session';
import { CountsBar } from './CountsBar';

const i18n = createInstance();
void i18n.use(initReactI18next).init({ lng: 'en_us', resources: { en_us: { translation: en_us } }, interpolation: { escapeValue: false } });

// A server render runs no effect: the api is never called.
const render = (node: ReactNode) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <ApiProvider api={{} as Api}>{node}</ApiProvider>
    </I18nextProvider>,
  );

afterEach(() => clearSession());

describe('counts bar', () => {
  it('shows placeholders until the counts arrive, and the default heart', () => {
    const html = render(<CountsBar roomId="10001" />);
    expect(html).toContain('Online: –');
    expect(html).toContain('Likes: –');
    expect(html).toContain('aria-label="Like"');
    expect(html).toContain('<svg class="room-counts__icon"');
  });

  it('lets only a viewer with a login for this room like', () => {
    expect(render(<CountsBar roomId="10001" />)).toMatch(/<button[^>]*title="Enter the room to like"[^>]*disabled=""/);
    enterRoom('10001');
    setSession({ token: 't', sid: 's', userId: 'u', role: 5, ws: 'ws://x/ws' });
    const html = render(<CountsBar roomId="10001" />);
    expect(html).not.toMatch(/<button[^>]*disabled/);
    expect(html).toContain('title="Like"');
  });
});
