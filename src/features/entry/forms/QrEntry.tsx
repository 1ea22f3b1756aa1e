/**
 * Social-messaging QR scan login (loaded only for rooms that use it, with the QR library):
 * follow/qrcode gives a ticket and the address to encode; the page polls follow/result
 * until the viewer confirmed on the phone, then logs in with type qrScan and the code. The
 * code expires (a countdown is shown); an expired or invalid one (4302) can be renewed.
 */
import { useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api';
import { useApi } from '../../../state/apiContext';
import { errorText, storeLogin, type EntryFormProps } from '../entryKit';
import { initialQr, qrReducer, qrResultEvent, readQrTicket } from '../machines/qrLogin';
import { useClock } from '../../../ui/clock';

/** How often follow/result is asked while waiting for the scan. */
export const QR_POLL_MS = 1500;
const QR_INVALID = 4302;

export default function QrEntry({ roomId, onEntered, consent }: EntryFormProps) {
  const clock = useClock();
  const { t } = useTranslation();
  const api = useApi();
  const [state, dispatch] = useReducer(qrReducer, initialQr);
  const [now, setNow] = useState(() => clock.now());
  const [image, setImage] = useState<{ url: string; src: string } | null>(null);

  // Ask for a code whenever the machine is loading (first time and after RENEW).
  useEffect(() => {
    if (state.kind !== 'loading') return;
    const controller = new AbortController();
    api.commerce.followQrcode({ liveId: roomId }, { signal: controller.signal }).then(
      (data) => {
        const ticket = readQrTicket(data);
        dispatch(ticket === null ? { type: 'ERROR', message: t('error.loadFailed') } : { type: 'ISSUED', ...ticket });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) dispatch({ type: 'ERROR', message: errorText(error, t) });
      },
    );
    return () => controller.abort();
  }, [state.kind, api, roomId, t]);

  // Draw the code (the library is loaded on first use).
  const scanUrl = state.kind === 'waiting' || state.kind === 'scanned' ? state.scanUrl : null;
  useEffect(() => {
    if (scanUrl === null) return;
    let live = true;
    import('qrcode')
      .then((qrcode) => qrcode.toDataURL(scanUrl, { margin: 1, width: 200, errorCorrectionLevel: 'M' }))
      .then(
        (src) => {
          if (live) setImage({ url: scanUrl, src });
        },
        () => {
          if (live) dispatch({ type: 'ERROR', message: t('error.loadFailed') });
        },
      );
    return () => {
      live = false;
    };
  }, [scanUrl, t]);

  // Poll the result and count down the expiry while the code is shown.
  const ticket = state.kind === 'waiting' || state.kind === 'scanned' ? state.ticket : null;
  useEffect(() => {
    if (ticket === null) return;
    const controller = new AbortController();
    let inFlight = false;
    const poll = clock.setInterval(() => {
      if (inFlight) return;
      inFlight = true;
      api.commerce
        .followResult({ liveId: roomId, ticket }, { signal: controller.signal })
        .then(
          (data) => {
            const event = qrResultEvent(data);
            if (event !== null) dispatch(event);
          },
          (error: unknown) => {
            if (controller.signal.aborted) return;
            if (isApiError(error) && error.code === QR_INVALID) dispatch({ type: 'INVALID' });
            // Other failures (a network blip) are retried at the next poll.
          },
        )
        .finally(() => {
          inFlight = false;
        });
    }, QR_POLL_MS);
    const ticking = clock.setInterval(() => {
      const time = clock.now();
      setNow(time);
      dispatch({ type: 'TICK', now: time });
    }, 1000);
    return () => {
      clock.clearInterval(poll);
      clock.clearInterval(ticking);
      controller.abort();
    };
  }, [ticket, api, clock, roomId]);

  // Confirmed on the phone: log in with the code.
  const loggingIn = useRef<string | null>(null);
  const code = state.kind === 'loggingIn' ? state.code : null;
  // The agreement not yet ticked when the phone confirmed: the code waits for it (ticking
  // it changes `consent`, which runs this again).
  const needsConsent = code !== null && !consent.ready;
  useEffect(() => {
    if (code === null || loggingIn.current === code || !consent.ready) return;
    const agreed = consent.check();
    if (agreed === null) return;
    loggingIn.current = code;
    api.live.login({ webcastId: roomId, type: 'qrScan', code, ...agreed }).then(
      (login) => {
        storeLogin(roomId, login);
        onEntered();
      },
      (error: unknown) => {
        if (isApiError(error) && error.code === QR_INVALID) dispatch({ type: 'INVALID' });
        else dispatch({ type: 'LOGIN_FAILED', message: errorText(error, t) });
      },
    );
  }, [code, api, roomId, consent, onEntered, t]);

  const renew = (
    <button type="button" className="button button--primary" onClick={() => dispatch({ type: 'RENEW' })}>
      {t('entry.qrScan.renew')}
    </button>
  );

  let body;
  switch (state.kind) {
    case 'loading':
      body = <p role="status">{t('entry.loading')}</p>;
      break;
    case 'waiting':
    case 'scanned': {
      const seconds = Math.max(0, Math.ceil((state.expiresAt - now) / 1000));
      body = (
        <>
          {image !== null && image.url === state.scanUrl ? (
            <img className="entry-qr__image" src={image.src} width={200} height={200} alt={t('entry.qrScan.imageAlt')} />
          ) : (
            <div className="entry-qr__image" aria-hidden="true" />
          )}
          <p role="status">{state.kind === 'scanned' ? t('entry.qrScan.scanned') : t('entry.qrScan.waiting')}</p>
          <p className="entry-form__hint">{t('entry.qrScan.expiresIn', { seconds })}</p>
          <a className="entry-qr__link" href={state.scanUrl} target="_blank" rel="noopener noreferrer">
            {t('entry.qrScan.openLink')}
          </a>
        </>
      );
      break;
    }
    case 'loggingIn':
      body = needsConsent ? (
        <>
          <p className="entry-problem" role="alert">
            {t('validation.privacy.required')}
          </p>
          <p className="entry-form__hint">{t('entry.qrScan.tickToContinue')}</p>
        </>
      ) : (
        <p role="status">{t('entry.guest.entering')}</p>
      );
      break;
    case 'expired':
      body = (
        <>
          <p className="entry-problem" role="alert">
            {t('entry.qrScan.expired')}
          </p>
          {renew}
        </>
      );
      break;
    case 'invalid':
      body = (
        <>
          <p className="entry-problem" role="alert">
            {t('code.4302')}
          </p>
          {renew}
        </>
      );
      break;
    case 'failed':
      body = (
        <>
          <p className="entry-problem" role="alert">
            {state.message}
          </p>
          {renew}
        </>
      );
      break;
  }
  return (
    <section className="entry-form entry-qr" aria-label={t('entry.qrScan.title')}>
      <h2 className="entry-form__title">{t('entry.qrScan.title')}</h2>
      {body}
    </section>
  );
}
