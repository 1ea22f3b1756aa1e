/**
 * Signing in with the organisation's account (SPEC 7.4): the directory's location lookup,
 * then its login for this room, whose session becomes the room's (the chat speaks with the
 * account's name from then on, and every tab of the room follows). A new account can be
 * registered first. Failures say what happened, in the viewer's language, and keep the form.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { codePointLength } from '../../domain/text';
import { readDirectoryLogin } from '../../domain/directoryLogin';
import { rememberDirectoryAccount } from './directoryAccount';
import type { Problem } from '../../domain/result';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { useApi } from '../../state/apiContext';
import { session, setSession } from '../../state/session';
import { useSnapshot } from 'valtio';
import { Field } from '../../ui/FormField';
import { failureText } from '../../ui/failureText';

/** The reference server's limits (server/directory/routes.ts): a name of up to 32, a password of 6 to 64. */
export const ACCOUNT_NAME_MAX = 32;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 64;

type Mode = 'signIn' | 'register';

interface Problems {
  readonly name?: Problem;
  readonly password?: Problem;
}

/** The captcha in the service's answer (`{captcha}`), or null when it names none. */
export function readCaptcha(data: unknown): number | null {
  const value = (data as { captcha?: unknown } | null)?.captcha;
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

function check(mode: Mode, name: string, password: string): Problems {
  const problems: { name?: Problem; password?: Problem } = {};
  const trimmed = name.trim();
  if (trimmed === '') problems.name = { key: 'validation.required' };
  else if (codePointLength(trimmed) > ACCOUNT_NAME_MAX) problems.name = { key: 'interactions:groups.signIn.nameTooLong', params: { max: ACCOUNT_NAME_MAX } };
  const length = codePointLength(password);
  if (mode === 'register' && password !== '' && (length < PASSWORD_MIN || length > PASSWORD_MAX)) {
    problems.password = { key: 'interactions:groups.signIn.passwordLength', params: { min: PASSWORD_MIN, max: PASSWORD_MAX } };
  }
  return problems;
}

export function DirectorySignIn({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const { t: tMain } = useTranslation();
  const api = useApi();
  const [mode, setMode] = useState<Mode>('signIn');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Signed in to the room already (a guest, say): offer to tie that identity to the account.
  const viewerId = useSnapshot(session).userId;
  const [link, setLink] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = check(mode, name, password);
    setProblems(found);
    setFailure(null);
    if (found.name !== undefined || found.password !== undefined) return;
    setBusy(true);
    try {
      const directory = await api.directory();
      const addresses = await directory.lookup();
      const account = name.trim();
      const secret = password === '' ? undefined : password;
      if (mode === 'register') await directory.register(addresses, { name: account, ...(secret === undefined ? {} : { password: secret }) });
      // The captcha the login service asks for (SPEC 7.4 captcha fetch), then the login; with
      // "link" ticked, the bind login, which ties this viewing identity to the account.
      const captcha = readCaptcha(await directory.captcha(addresses));
      const input = { name: account, ...(secret === undefined ? {} : { password: secret }), webcastId: roomId, ...(captcha === null ? {} : { captcha }) };
      const viewer = link ? session.userId : null;
      const login = readDirectoryLogin(viewer === null ? await directory.auth(addresses, input) : await directory.bindLogin(addresses, { ...input, id: viewer }));
      rememberDirectoryAccount(roomId, { userId: login.userId, name: login.name });
      setSession({ token: login.token, sid: login.sid, userId: login.userId, role: login.role, ws: login.ws });
    } catch (error) {
      setFailure(failureText(error, tMain));
      setBusy(false);
    }
  };

  return (
    <section className="groups-sign-in" aria-labelledby="groups-sign-in-title">
      <h2 id="groups-sign-in-title" className="groups-sign-in__title">
        {t(mode === 'signIn' ? 'groups.signIn.title' : 'groups.signIn.registerTitle')}
      </h2>
      <p className="groups-sign-in__lead">{t('groups.signIn.lead')}</p>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Field label={t('groups.signIn.name')} name="account" value={name} onChange={setName} problem={problems.name} autoComplete="username" required />
        <Field
          label={t(mode === 'signIn' ? 'groups.signIn.password' : 'groups.signIn.newPassword')}
          name="password"
          type="password"
          value={password}
          onChange={setPassword}
          problem={problems.password}
          autoComplete={mode === 'signIn' ? 'current-password' : 'new-password'}
        />
        {viewerId !== null && (
          <label className="groups-sign-in__link">
            <input type="checkbox" checked={link} onChange={(event) => setLink(event.target.checked)} />
            {t('groups.signIn.link')}
          </label>
        )}
        {failure !== null && (
          <p className="groups-problem" role="alert">
            {failure}
          </p>
        )}
        <div className="groups-sign-in__actions">
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
            {t(mode === 'signIn' ? 'groups.signIn.submit' : 'groups.signIn.register')}
          </button>
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setMode(mode === 'signIn' ? 'register' : 'signIn');
              setProblems({});
              setFailure(null);
            }}
          >
            {t(mode === 'signIn' ? 'groups.signIn.toRegister' : 'groups.signIn.toSignIn')}
          </button>
        </div>
      </form>
    </section>
  );
}
