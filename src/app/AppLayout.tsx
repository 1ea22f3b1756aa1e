import { useTranslation } from 'react-i18next';
import { lazy, Suspense } from 'react';
import { Outlet, useSearchParams } from 'react-router-dom';
import { AppHeader } from './AppHeader';
import { Toasts } from '../ui/Toasts';
import { useHomePath } from './useHomePath';

// The error reporting self-test, loaded only when the address asks for it.
const ReportSelfTest = lazy(() => import('./ReportSelfTest'));

interface AppLayoutProps {
  readonly defaultRoomId: string;
}

/** Frame of every route: skip link, header (app name, language), the screen, notices. No nav menu: routes are hidden from menus (SPEC 2). */
export function AppLayout({ defaultRoomId }: AppLayoutProps) {
  const { t } = useTranslation();
  const homePath = useHomePath(defaultRoomId);
  const [params] = useSearchParams();
  const selfTest = params.get('reportSelfTest') === '1';
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <AppHeader homePath={homePath} />
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Toasts />
      {selfTest && (
        <Suspense fallback={null}>
          <ReportSelfTest />
        </Suspense>
      )}
    </div>
  );
}
