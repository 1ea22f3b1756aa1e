// The first render of GuestEntry in node (no DOM): which view it shows. The form's
// behaviour in the browser (submit, errors, room info) is covered end to end.
import { createInstance } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { Api } from '../../api';
import en_us from '../../i18n/locales/en_us.json';
import { ApiProvider } from '../../state/apiContext';
import { initialSession, session } from '../../state/session';
import { GuestEntry } from './GuestEntry';

const i18n = createInstance();
await i18n.use(initReactI18next).init({ lng: 'en_us', resources: { en_us: { translation: en_us } }, interpolation: { escapeValue: false } });

// Never called in a server render: effects and handlers do not run.
const api = {} as Api;

const render = (roomId: string) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <ApiProvider api={api}>
        <GuestEntry roomId={roomId} onEntered={() => undefined} />
      </ApiProvider>
    </I18nextProvider>,
  );

afterEach(() => void Object.assign(session, initialSession()));

describe('GuestEntry first render', () => {
  it('shows the guest form without a login: optional nickname, the enter button', () => {
    const html = render('10001');
    expect(html).toContain('<form');
    expect(html).toContain('Nickname (optional)');
    expect(html).toContain('name="nickname"');
    expect(html).toContain('Enter as guest');
    expect(html).not.toContain('type="checkbox"');
    expect(html).not.toContain('role="alert"');
  });

  it('offers to enter when the room already has a login', () => {
    Object.assign(session, { currentRoomId: '10001', liveToken: 'tok', userId: 'u123' });
    const html = render('10001');
    expect(html).not.toContain('<form');
    expect(html).toContain('You are signed in as u123');
    expect(html).toContain('Enter the room');
  });

  it("shows the form for a room other than the one logged in", () => {
    Object.assign(session, { currentRoomId: '10001', liveToken: 'tok', userId: 'u123' });
    expect(render('20002')).toContain('<form');
  });
});
