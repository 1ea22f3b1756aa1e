/**
 * Enterprise-messaging authorisation (SPEC 6: enterprise-internal rooms). "Authorise"
 * asks workwx/oauth/info where to go and leaves for the provider's consent page; the
 * provider sends the viewer back to this login page with `?code=…&state={roomId}`; the
 * panel hands that code here and the login (type enterprise) finishes the entry. The
 * privacy consent given before leaving is remembered for the way back (session storage).
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../state/apiContext';
import { errorText, Failure, useLoginRunner, type EntryFormProps } from '../entryKit';
import { rememberConsent } from '../consentMemory';
import { safeHttpUrl } from '../roomInfo';

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

  // Back from the provider: finish the login once.
  const used = useRef<string | null>(null);
  useEffect(() => {
    if (returnedCode === null || used.current === returnedCode) return;
    used.current = returnedCode;
    finish(returnedCode);
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
      {returnedCode !== null && runner.failure === null && <p role="status">{t('entry.enterprise.finishing')}</p>}
      <Failure text={runner.failure ?? failure} />
      {returnedCode !== null && runner.failure === null && !runner.busy ? (
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
