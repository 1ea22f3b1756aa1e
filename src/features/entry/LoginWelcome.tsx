/**
 * The room's own welcome on its guide page (SPEC 7.1 login resource): the organiser's logo
 * and welcome line above the ways in. Nothing when the room set neither, or the call fails
 * (the page works without it). The logo is shown only from an http(s) or same-origin address.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { safeUrl } from '../../domain/safeUrl';
import { useApi } from '../../state/apiContext';

interface Welcome {
  readonly logo: string | null;
  readonly text: string;
}

/** The answer's logo and welcome line (at most 200 characters), or null when it has neither. */
export function readWelcome(data: unknown): Welcome | null {
  const body = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const logo = safeUrl(body.logo);
  const text = typeof body.welcome === 'string' ? body.welcome.trim().slice(0, 200) : '';
  return logo === null && text === '' ? null : { logo, text };
}

export function LoginWelcome({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const [welcome, setWelcome] = useState<Welcome | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api.live.loginResource({ id: roomId }, { signal: controller.signal, background: true }).then(
      (data) => setWelcome(readWelcome(data)),
      () => undefined,
    );
    return () => controller.abort();
  }, [api, roomId]);
  if (welcome === null) return null;
  return (
    <div className="entry-welcome">
      {welcome.logo !== null && <img className="entry-welcome__logo" src={welcome.logo} alt={t('entry.welcomeLogo')} height={40} referrerPolicy="no-referrer" />}
      {welcome.text !== '' && <p className="entry-welcome__text">{welcome.text}</p>}
    </div>
  );
}
