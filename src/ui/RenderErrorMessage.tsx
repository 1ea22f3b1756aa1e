import { useTranslation } from 'react-i18next';
import { StatusPage } from './StatusPage';

/** What a viewer sees when a screen failed to render: what happened and a reload button. */
export function RenderErrorMessage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      tone="error"
      title={t('errorBoundary.title')}
      actions={
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </button>
      }
    >
      <p>{t('errorBoundary.body')}</p>
    </StatusPage>
  );
}
