import { useTranslation } from 'react-i18next';
import { ColourSchemeSwitch } from '../ui/ColourSchemeSwitch';
import { LanguageSwitch } from '../ui/LanguageSwitch';
import { SafeLink } from '../ui/SafeLink';

interface AppHeaderProps {
  /** The app name links to the current room's guide page; null where there is no router (startup screen). */
  readonly homePath: string | null;
}

export function AppHeader({ homePath }: AppHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="app-header">
      {homePath === null ? (
        <span className="app-header__name">{t('app.name')}</span>
      ) : (
        <SafeLink className="app-header__name" to={homePath}>
          {t('app.name')}
        </SafeLink>
      )}
      <span className="app-header__switches">
        <ColourSchemeSwitch />
        <LanguageSwitch />
      </span>
    </header>
  );
}
