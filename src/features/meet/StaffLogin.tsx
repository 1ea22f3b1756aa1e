/**
 * The console's door: a host or assistant logs in with the account the room server issues
 * (login type `staff`; the reference server seeds host<room>/host123 and
 * assistant<room>/assistant123, README). A viewer's login is not enough.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isStaff } from '../../domain/roles';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { useApi } from '../../state/apiContext';
import { enterRoom, setSession } from '../../state/session';
import { forgetSessionEnd } from '../../state/sessionEnd';
import { failureText } from '../../ui/failureText';
import { Field } from '../../ui/FormField';
import { ConsoleProblem } from './ConsoleProblem';

export function StaffLogin({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const api = useApi();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '' || password === '') {
      setFailure(t('console.login.required'));
      return;
    }
    setBusy(true);
    setFailure(null);
    api.live.login({ webcastId: roomId, type: 'staff', name: name.trim(), password }).then(
      (login) => {
        setBusy(false);
        if (!isStaff(login.role)) {
          setFailure(t('console.login.notStaff'));
          return;
        }
        enterRoom(roomId);
        setSession(login);
        forgetSessionEnd(roomId);
      },
      (error: unknown) => {
        setBusy(false);
        setFailure(failureText(error, t));
      },
    );
  };

  return (
    <form className="console-card console-login" aria-labelledby="console-login-title" onSubmit={submit} noValidate>
      <h2 id="console-login-title" className="console-card__title">
        {t('console.login.title')}
      </h2>
      <p className="console-card__note">{t('console.login.hint')}</p>
      <Field label={t('console.login.account')} name="account" value={name} onChange={setName} autoComplete="username" required />
      <Field label={t('console.login.password')} name="password" type="password" value={password} onChange={setPassword} autoComplete="current-password" required />
      <ConsoleProblem text={failure} />
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? t('console.login.busy') : t('console.login.submit')}
      </button>
    </form>
  );
}
