/**
 * Sign-in with the organiser's third-party app (SPEC 7.1: the third-party login address and
 * auth url). "Sign in with <app>" asks third/login/url where to go and leaves for the app's
 * consent page, which sends the viewer back to this login page with `?code=…&state={roomId}`;
 * who the code belongs to is asked first (third/auth/url, which does not spend it), then the
 * login (type third, with the app's code) enters as that app user. The privacy consent given
 * before leaving is remembered for the way back (session storage), as for enterprise messaging.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../../i18n/catalogues';
import { useApi } from '../../../state/apiContext';
import { errorText, Failure, loginThrough, useLoginRunner, type EntryFormProps } from '../entryKit';
import { rememberConsent } from '../consentMemory';
import { safeHttpUrl, type ThirdPartyApp } from '../roomInfo';

/** The app user a code belongs to (third/auth/url), by the name the panel says. */
export function readAppUserName(data: unknown): string | null {
  const name = typeof data === 'object' && data !== null ? (data as Record<string, unknown>).name : null;
  return typeof name === 'string' && name.trim() !== '' ? name.trim().slice(0, 64) : null;
}

interface ThirdPartyEntryProps extends EntryFormProps {
  /** The room's app; null when the room names none (nobody can enter then). */
  readonly app: ThirdPartyApp | null;
  /** The authorisation code the app sent back, when this page is the way back. */
  readonly returnedCode: string | null;
}

export function ThirdPartyEntry({ roomId, onEntered, consent, series, app, returnedCode }: ThirdPartyEntryProps) {
  // Its texts load with this form (the interactions' namespace): the guide page of every
  // other room carries none of them.
  const { t } = useTranslation(INTERACTIONS_NS);
  const api = useApi();
  const runner = useLoginRunner(roomId, onEntered);
  const [leaving, setLeaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [who, setWho] = useState<string | null>(null);

  const finish = (code: string) => {
    const agreed = consent.check();
    if (agreed === null || app === null) return;
    void runner.run((signal) => loginThrough(api, series, { webcastId: roomId, type: 'third', code, appCode: app.appCode, ...agreed }, signal));
  };

  // Back from the app: whose account the code is, then the login, once.
  const used = useRef<string | null>(null);
  useEffect(() => {
    if (returnedCode === null || app === null || used.current === returnedCode) return;
    used.current = returnedCode;
    api.live.thirdPartyAuthUrl({ code: returnedCode, appCode: app.appCode }).then(
      (data) => {
        setWho(readAppUserName(data));
        finish(returnedCode);
      },
      () => finish(returnedCode), // the login itself says what is wrong with the code
    );
    // finish reads the latest consent; running it again on its change would log in twice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [returnedCode, app]);

  const authorise = async () => {
    if (app === null) return;
    const agreed = consent.check();
    if (agreed === null) return;
    setFailure(null);
    setLeaving(true);
    try {
      const data = await api.live.thirdPartyLoginUrl({ webcastId: roomId, appCode: app.appCode });
      const raw = typeof data === 'object' && data !== null ? (data as Record<string, unknown>).url : null;
      const url = safeHttpUrl(raw, window.location.href);
      if (url === null) throw new Error('third/login/url: no usable url');
      rememberConsent(roomId, agreed.privacyAccepted === true);
      window.location.assign(url);
    } catch (error) {
      setLeaving(false);
      setFailure(errorText(error, t));
    }
  };

  if (app === null) {
    return (
      <section className="entry-form" aria-label={t('thirdEntry.unnamed')}>
        <Failure text={t('thirdEntry.noApp')} />
      </section>
    );
  }
  const title = t('thirdEntry.title', { app: app.appName });
  return (
    <section className="entry-form" aria-label={title}>
      <h2 className="entry-form__title">{title}</h2>
      <p className="entry-form__hint">{t('thirdEntry.hint', { app: app.appName })}</p>
      {returnedCode !== null && runner.failure === null && <p role="status">{who === null ? t('thirdEntry.finishing') : t('thirdEntry.finishingAs', { name: who })}</p>}
      <Failure text={runner.failure ?? failure} />
      {returnedCode !== null && runner.failure === null && !runner.busy ? (
        <button type="button" className="button button--primary" onClick={() => finish(returnedCode)}>
          {t('thirdEntry.finish')}
        </button>
      ) : (
        <button type="button" className="button button--primary" disabled={leaving || runner.busy} onClick={() => void authorise()}>
          {t('thirdEntry.authorise', { app: app.appName })}
        </button>
      )}
    </section>
  );
}
