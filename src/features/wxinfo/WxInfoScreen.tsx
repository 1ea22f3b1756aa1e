import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { apiErrorText, isApiError } from '../../api';
import { useApi } from '../../state/apiContext';
import { SafeLink } from '../../ui/SafeLink';
import { StatusPage } from '../../ui/StatusPage';
import { readWxCallback, readWxUser, roomOfState, type WxUser } from './wxCallback';

type Outcome = { readonly kind: 'user'; readonly user: WxUser } | { readonly kind: 'failed'; readonly text: string };

/**
 * WxInfo (/getWxInfo): the messaging app sends the viewer back here with `code` and
 * `state` (the room the flow started from) after authorisation. The code is exchanged once
 * with open/userInfo for the account (nickname, avatar); the page then offers the way back
 * to the room. A missing or spent code says the link is unusable.
 */
export function WxInfoScreen() {
  const { t } = useTranslation();
  const api = useApi();
  const [params] = useSearchParams();
  // Read once: the code is spent by the exchange.
  const [callback] = useState(() => readWxCallback(params));
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    if (callback === null) return;
    const controller = new AbortController();
    api.commerce.openUserInfo({ code: callback.code }, { signal: controller.signal }).then(
      (data) => {
        const user = readWxUser(data, window.location.href);
        setOutcome(user === null ? { kind: 'failed', text: t('error.loadFailed') } : { kind: 'user', user });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setOutcome({ kind: 'failed', text: isApiError(error) ? apiErrorText(error, t) : t('error.loadFailed') });
      },
    );
    return () => controller.abort();
  }, [api, callback, t]);

  const room = callback === null ? null : roomOfState(callback.state);
  const back =
    room === null ? undefined : (
      <SafeLink className="button button--primary" to={`/live/login/${room}`}>
        {t('entry.wxinfo.backToRoom')}
      </SafeLink>
    );

  if (callback === null) {
    return (
      <StatusPage title={t('screen.wxInfoTitle')} tone="error">
        <p role="alert">{t('code.4301')}</p>
      </StatusPage>
    );
  }
  if (outcome === null) {
    return (
      <StatusPage title={t('screen.wxInfoTitle')}>
        <p role="status">{t('screen.wxInfoWorking')}</p>
      </StatusPage>
    );
  }
  if (outcome.kind === 'failed') {
    return (
      <StatusPage title={t('screen.wxInfoTitle')} tone="error" actions={back}>
        <p role="alert">{outcome.text}</p>
      </StatusPage>
    );
  }
  return (
    <StatusPage title={t('screen.wxInfoTitle')} actions={back}>
      {outcome.user.headImgUrl !== null && <img src={outcome.user.headImgUrl} alt="" width={64} height={64} />}
      <p role="status">{t('entry.wxinfo.authorised', { name: outcome.user.nickname || outcome.user.openId })}</p>
    </StatusPage>
  );
}
