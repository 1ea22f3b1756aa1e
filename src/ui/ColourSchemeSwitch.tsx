import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { COLOUR_SCHEMES, colourScheme, setColourScheme, type ColourScheme } from '../state/colourScheme';

/** The page's light or dark theme, or the system's; beside the language in the header. */
export function ColourSchemeSwitch() {
  const { t } = useTranslation();
  const { current } = useSnapshot(colourScheme);
  const id = useId();
  return (
    <span className="header-switch colour-scheme-switch">
      <label htmlFor={id} className="visually-hidden-phone">{t('app.colourScheme')}</label>
      <select id={id} value={current} onChange={(event) => setColourScheme(event.target.value as ColourScheme)}>
        {COLOUR_SCHEMES.map((scheme) => (
          <option key={scheme} value={scheme}>
            {t(`colourScheme.${scheme}`)}
          </option>
        ))}
      </select>
    </span>
  );
}
