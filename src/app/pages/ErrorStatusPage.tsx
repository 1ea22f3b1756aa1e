import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { messageKeyForHttpStatus } from '../../domain/errorCatalogue';
import { SafeLink } from '../../ui/SafeLink';
import { StatusPage } from '../../ui/StatusPage';
import { useHomePath } from '../useHomePath';
import { parseHttpStatus } from './httpStatus';
import { NotFoundPage } from './NotFoundPage';

interface ErrorStatusPageProps {
  /** The configured room, for "back to the live room" when no room was shown yet. */
  readonly defaultRoomId: string;
}

/** /error/{httpStatus}: where a request that failed with a response sends the viewer (SPEC 8). */
export function ErrorStatusPage({ defaultRoomId }: ErrorStatusPageProps) {
  const { t } = useTranslation();
  const homePath = useHomePath(defaultRoomId);
  const status = parseHttpStatus(useParams<'httpStatus'>().httpStatus);
  if (status === null) return <NotFoundPage defaultRoomId={defaultRoomId} />;

  const key = messageKeyForHttpStatus(status);
  return (
    <StatusPage
      tone="error"
      title={t('errorPage.title')}
      actions={
        <SafeLink className="button button--primary" to={homePath}>
          {t('common.backHome')}
        </SafeLink>
      }
    >
      <p className="status-page__message">{key === null ? t('errorPage.unknownStatus', { status }) : t(key)}</p>
      <p className="status-page__detail">{t('errorPage.status', { status })}</p>
    </StatusPage>
  );
}
