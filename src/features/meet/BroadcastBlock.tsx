/**
 * The host's encoder settings (stream/push/url, SPEC 7.1 "push stream url"): the RTMP
 * address and the stream key that OBS or a hardware encoder needs, each with a copy button.
 * The key is a secret (whoever has it can broadcast into the room): hidden until asked.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { useApi } from '../../state/apiContext';
import { failureText } from '../../ui/failureText';
import { readPushAddress, type PushAddress } from './consoleData';
import { ConsoleProblem } from './ConsoleProblem';

type Copied = { readonly what: 'url' | 'key'; readonly ok: boolean } | null;

export function BroadcastBlock({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const api = useApi();
  const [address, setAddress] = useState<PushAddress | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [shown, setShown] = useState(false);
  const [copied, setCopied] = useState<Copied>(null);

  useEffect(() => {
    const controller = new AbortController();
    api.live.pushStreamUrl({ webcastId: roomId }, { signal: controller.signal, background: true }).then(
      (data) => {
        const read = readPushAddress(data);
        setAddress(read);
        setFailure(read === null ? t('console.broadcast.unreadable') : null);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setFailure(failureText(error, t));
      },
    );
    return () => controller.abort();
  }, [api, roomId, t]);

  const copy = (what: 'url' | 'key', text: string) => {
    const clipboard = navigator.clipboard as Clipboard | undefined;
    if (clipboard === undefined) {
      setCopied({ what, ok: false });
      return;
    }
    clipboard.writeText(text).then(
      () => setCopied({ what, ok: true }),
      () => setCopied({ what, ok: false }),
    );
  };

  return (
    <div className="interaction-desk__block broadcast-block">
      <h3 className="console-card__subtitle">{t('console.broadcast.title')}</h3>
      {address === null && failure === null && <p className="console-card__empty">{t('console.loading')}</p>}
      {address !== null && (
        <dl className="broadcast-block__list">
          <dt>{t('console.broadcast.server')}</dt>
          <dd className="broadcast-block__row">
            <code className="broadcast-block__value" data-testid="broadcast-url">
              {address.url}
            </code>
            <button type="button" className="button" onClick={() => copy('url', address.url)}>
              {t('console.broadcast.copy')}
            </button>
          </dd>
          <dt>{t('console.broadcast.key')}</dt>
          <dd className="broadcast-block__row">
            <code className="broadcast-block__value" data-testid="broadcast-key">
              {shown ? address.streamKey : '•'.repeat(12)}
            </code>
            <button type="button" className="button" aria-pressed={shown} onClick={() => setShown((now) => !now)}>
              {shown ? t('console.broadcast.hideKey') : t('console.broadcast.showKey')}
            </button>
            <button type="button" className="button" onClick={() => copy('key', address.streamKey)}>
              {t('console.broadcast.copy')}
            </button>
          </dd>
        </dl>
      )}
      {address !== null && <p className="console-card__note">{t('console.broadcast.keySecret')}</p>}
      <p className="console-card__note" role="status">
        {copied === null ? '' : copied.ok ? t(copied.what === 'url' ? 'console.broadcast.copiedUrl' : 'console.broadcast.copiedKey') : t('console.broadcast.copyFailed')}
      </p>
      <ConsoleProblem text={failure} />
    </div>
  );
}
