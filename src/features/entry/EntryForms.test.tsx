// First renders in node (no DOM): what the guest form and the nickname panel show. Their
// behaviour against the server is covered by the browser tests (tests/e2e/entry-*.spec.ts).
import { createInstance } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { Api } from '../../api';
import en_us from '../../i18n/locales/en_us.json';
import { ApiProvider } from '../../state/apiContext';
import { initialSession, session } from '../../state/session';
import type { Consent } from './entryKit';
import { GuestForm } from './forms/GuestForm';
import { NicknamePanel } from './NicknamePanel';

const i18n = createInstance();
await i18n.use(initReactI18next).init({ lng: 'en_us', resources: { en_us: { translation: en_us } }, interpolation: { escapeValue: false } });

// Never called in a server render: effects and handlers do not run.
const api = {} as Api;
const consent: Consent = { ready: true, check: () => ({}) };

const render = (node: React.ReactNode) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <ApiProvider api={api}>{node}</ApiProvider>
    </I18nextProvider>,
  );

afterEach(() => void Object.assign(session, initialSession()));

describe('GuestForm', () => {
  it('shows the optional nickname and the enter button, no checkbox and no problem', () => {
    const html = render(<GuestForm roomId="10001" onEntered={() => undefined} consent={consent} />);
    expect(html).toContain('<form');
    expect(html).toContain('Nickname (optional)');
    expect(html).toContain('name="nickname"');
    expect(html).toContain('Enter as guest');
    expect(html).not.toContain('type="checkbox"');
    expect(html).not.toContain('role="alert"');
  });
});

describe('NicknamePanel', () => {
  it('shows nothing without a login', () => {
    expect(render(<NicknamePanel />)).toBe('');
  });

  it('offers the nickname field with the rules and a save button when signed in', () => {
    Object.assign(session, { currentRoomId: '10001', liveToken: 'tok', userId: 'u-render' });
    const html = render(<NicknamePanel onCancel={() => undefined} />);
    expect(html).toContain('New nickname');
    expect(html).toContain('Up to 20 characters');
    expect(html).toContain('Save');
    expect(html).toContain('Cancel');
  });
});
