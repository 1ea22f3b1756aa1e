import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SafeLink } from '../../ui/SafeLink';
import { StatusPage } from '../../ui/StatusPage';
import { useHomePath } from '../useHomePath';

/** The 404 message with a way back (`action`). */
export function NotFoundMessage({ action }: { readonly action: ReactNode }) {
  const { t } = useTranslation();
  return (
    <StatusPage title={t('notFound.title')} actions={action}>
      <p>{t('notFound.body')}</p>
    </StatusPage>
  );
}

interface NotFoundPageProps {
  /** The configured room, for "back to the live room" when no room was shown yet. */
  readonly defaultRoomId: string;
}

/** ErrorRoom (/404) and every path no route matches. */
export function NotFoundPage({ defaultRoomId }: NotFoundPageProps) {
  const { t } = useTranslation();
  const homePath = useHomePath(defaultRoomId);
  return (
    <NotFoundMessage
      action={
        <SafeLink className="button button--primary" to={homePath}>
          {t('common.backHome')}
        </SafeLink>
      }
    />
  );
}
