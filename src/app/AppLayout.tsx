import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { AppHeader } from './AppHeader';
import { Toasts } from '../ui/Toasts';
import { useHomePath } from './useHomePath';


interface AppLayoutProps {
  readonly defaultRoomId: string;
}

/** Frame of every route: skip link, header (app name, language), the screen, notices. No nav menu: routes are hidden from menus (SPEC 2). */
export function AppLayout({ defaultRoomId }: AppLayoutProps) {
  const { t } = useTranslation();
  const homePath = useHomePath(defaultRoomId);
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
    </div>
  );
}
