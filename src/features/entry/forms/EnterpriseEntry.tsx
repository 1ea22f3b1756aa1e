/**
 * Enterprise-messaging authorisation (SPEC 6: enterprise-internal rooms). "Authorise"
 * asks workwx/oauth/info where to go and leaves for the provider's consent page; the
 * provider sends the viewer back to this login page with `?code=…&state={roomId}`; the
 * panel hands that code here; who it belongs to is asked first (SPEC 7.1 work-messaging user
 * info, which does not spend the code): someone of another organisation is told so by name
 * and no login is tried; an employee sees whose account enters while the login (type
 * enterprise) finishes the entry. The privacy consent given before leaving is remembered for
 * the way back (session storage).
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../state/apiContext';
import { errorText, Failure, useLoginRunner, type EntryFormProps } from '../entryKit';
import { rememberConsent } from '../consentMemory';
import { rememberWorkAccount } from '../workAccount';
import { safeHttpUrl } from '../roomInfo';

/** Whose enterprise-messaging account a code is (workwx/user/info), as the panel says it. */
export interface WorkAccount {
  /** The account's id in enterprise messaging ('' when the answer has none). */
  readonly userId: string;
  readonly name: string;
  readonly corp: string;
  /** False when the account is not of the room's organisation. */
  readonly allowed: boolean;
}

export function readWorkAccount(data: unknown): WorkAccount | null {
  const body = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const name = typeof body.name === 'string' ? body.name.trim().slice(0, 64) : '';
  if (name === '' || typeof body.allowed !== 'boolean') return null;
  return {
    userId: typeof body.workWxUserId === 'string' ? body.workWxUserId.slice(0, 64) : '',
    name,
    corp: typeof body.corpId === 'string' ? body.corpId.slice(0, 64) : '',
    allowed: body.allowed,
  };
}

interface EnterpriseEntryProps extends EntryFormProps {
  /** The authorisation code the provider sent back, when this page is the way back. */
  readonly returnedCode: string | null;
}

export function EnterpriseEntry({ roomId, onEntered, consent, returnedCode }: EnterpriseEntryProps) {
  const { t } = useTranslation();
  const api = useApi();
  const runner = useLoginRunner(roomId, onEntered);
  const [leaving, setLeaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const finish = (code: string) => {
    const agreed = consent.check();
    if (agreed === null) return;
    void runner.run((signal) => api.live.login({ webcastId: roomId, type: 'enterprise', code, ...agreed }, { signal }));
  };

  // Back from the provider: whose account the code is, then the login, once.
  const [who, setWho] = useState<WorkAccount | null>(null);
  const used = useRef<string | null>(null);
  useEffect(() => {
    if (returnedCode === null || used.current === returnedCode) return;
    used.current = returnedCode;
    api.live.workWxUserInfo({ webcastId: roomId, code: returnedCode }).then(
      (data) => {
        const account = readWorkAccount(data);
        setWho(account);
        // The start reminder can then go to this account (features/entry/workAccount.ts).
        if (account?.allowed === true && account.userId !== '') rememberWorkAccount(roomId, { workWxUserId: account.userId, name: account.name });
        if (account?.allowed !== false) finish(returnedCode);
      },
      () => finish(returnedCode), // the login itself says what is wrong with the code
    );
    // finish reads the latest consent; running it again on its change would log in twice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [returnedCode]);

  const authorise = async () => {
    const agreed = consent.check();
    if (agreed === null) return;
    setFailure(null);
    setLeaving(true);
    try {
      const data = await api.live.workWxOauthInfo({ webcastId: roomId });
      const raw = typeof data === 'object' && data !== null ? (data as Record<string, unknown>).authorizeUrl : null;
      const url = safeHttpUrl(raw, window.location.href);
      if (url === null) throw new Error('workwx/oauth/info: no usable authorizeUrl');
      rememberConsent(roomId, agreed.privacyAccepted === true);
      window.location.assign(url);
    } catch (error) {
      setLeaving(false);
      setFailure(errorText(error, t));
    }
  };

  return (
    <section className="entry-form" aria-label={t('entry.enterprise.title')}>
      <h2 className="entry-form__title">{t('entry.enterprise.title')}</h2>
      <p className="entry-form__hint">{t('entry.enterprise.hint')}</p>
      {who !== null && who.allowed === false ? (
        <Failure text={t('entry.enterprise.otherOrganisation', { name: who.name, corp: who.corp })} />
      ) : (
        returnedCode !== null && runner.failure === null && <p role="status">{who === null ? t('entry.enterprise.finishing') : t('entry.enterprise.finishingAs', { name: who.name })}</p>
      )}
      <Failure text={runner.failure ?? failure} />
      {returnedCode !== null && runner.failure === null && !runner.busy && who?.allowed !== false ? (
        <button type="button" className="button button--primary" onClick={() => finish(returnedCode)}>
          {t('entry.enterprise.finish')}
        </button>
      ) : (
        <button type="button" className="button button--primary" disabled={leaving || runner.busy} onClick={() => void authorise()}>
          {t('entry.enterprise.authorise')}
        </button>
      )}
    </section>
  );
}
