import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale, getSelectableLocales } from '../i18n';

/** Offers only the locales the runtime configuration enables; the choice is remembered. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <span className="header-switch language-switch">
      <label htmlFor={id} className="visually-hidden-phone">{t('app.language')}</label>
      <select id={id} value={i18n.language} onChange={(event) => void changeLocale(event.target.value)}>
        {getSelectableLocales().map((locale) => (
          <option key={locale} value={locale}>
            {t(`locale.${locale}`)}
          </option>
        ))}
      </select>
    </span>
  );
}
