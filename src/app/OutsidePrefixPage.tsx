import { useTranslation } from 'react-i18next';
import { AppHeader } from './AppHeader';
import { NotFoundMessage } from './pages/NotFoundPage';

/**
 * The page was opened outside the application prefix (a server that falls back to
 * index.html for every path): the router cannot render there, so this 404 is shown
 * without it, and its link loads the app under the prefix.
 */
export function OutsidePrefixPage({ homeHref }: { readonly homeHref: string }) {
  const { t } = useTranslation();
  return (
    <div className="app">
      <AppHeader homePath={null} />
      <main className="app-main">
        <NotFoundMessage
          action={
            <a className="button button--primary" href={homeHref}>
              {t('common.backHome')}
            </a>
          }
        />
      </main>
    </div>
  );
}
