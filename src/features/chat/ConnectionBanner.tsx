/**
 * The state of the realtime connection when it is not simply fine: reconnecting (a passing
 * status), this login ended elsewhere, reconnecting gave up, or the login was refused
 * (alerts: the viewer has to act). Each banner carries data-state for tests.
 */
import { useTranslation } from 'react-i18next';
import { messageKeyForCode } from '../../domain/errorCatalogue';
import { useRealtime } from '../../state/roomFeed';
import { SafeLink } from '../../ui/SafeLink';
import { bannerIsAlert, bannerKind } from './connectionBanner';
import './chat.css';

export interface ConnectionBannerProps {
  /** The room whose guide page the "ended elsewhere" banner leads back to. */
  readonly roomId: string;
}

/** The room's guide (entry) page, SPEC 2. Not imported from features/live: features stay apart. */
const guidePath = (roomId: string): string => `/live/login/${encodeURIComponent(roomId)}`;

export function ConnectionBanner({ roomId }: ConnectionBannerProps) {
  const { t } = useTranslation();
  const { connection } = useRealtime();
  const kind = bannerKind(connection);
  if (kind === null) return null;

  let body;
  switch (kind) {
    case 'reconnecting':
      body = <span>{t('chat.banner.reconnecting', { attempt: connection.attempt })}</span>;
      break;
    case 'endedElsewhere':
      body = (
        <>
          <span>{t('chat.banner.endedElsewhere')}</span>
          <SafeLink className="button" to={guidePath(roomId)}>
            {t('chat.banner.backToEntry')}
          </SafeLink>
        </>
      );
      break;
    case 'failed':
      body = (
        <>
          <span>{t('chat.banner.failed')}</span>
          <button type="button" className="button" onClick={() => window.location.reload()}>
            {t('chat.banner.reload')}
          </button>
        </>
      );
      break;
    case 'loginRejected': {
      const key = connection.status === null ? null : messageKeyForCode(connection.status);
      const reason = key !== null ? t(key) : connection.msg !== null && connection.msg !== '' ? connection.msg : t('chat.banner.noReason');
      body = <span>{t('chat.banner.loginRejected', { reason })}</span>;
      break;
    }
  }

  return (
    <div className={`connection-banner connection-banner--${kind}`} role={bannerIsAlert(kind) ? 'alert' : 'status'} data-state={kind}>
      {body}
    </div>
  );
}
