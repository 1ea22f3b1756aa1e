import { useTranslation } from 'react-i18next';
import { StatusPage } from '../ui/StatusPage';
import { AppHeader } from './AppHeader';

/** Why the app could not start: no config, a config with errors, or an unexpected failure. */
export type StartupProblem =
  | { readonly status: 'missing' }
  | { readonly status: 'invalid'; readonly details: readonly string[] }
  | { readonly status: 'failed'; readonly details: readonly string[] };

const SUMMARY_KEY = {
  missing: 'startup.configMissing',
  invalid: 'startup.configInvalid',
  failed: 'startup.failed',
} as const;

/**
 * Shown instead of the app when it cannot start, so the page is never blank. The details
 * are the configuration checker's own words (they name config.js fields) under a
 * localized heading.
 */
export function StartupError({ problem }: { readonly problem: StartupProblem }) {
  const { t } = useTranslation();
  const details = problem.status === 'missing' ? [] : problem.details;
  return (
    <div className="app">
      <AppHeader homePath={null} />
      <main className="app-main">
        <StatusPage
          tone="error"
          title={t('startup.title')}
          actions={
            <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
              {t('common.reload')}
            </button>
          }
        >
          <p>{t(SUMMARY_KEY[problem.status])}</p>
          {details.length > 0 && (
            <ul className="startup-details">
              {details.map((detail, index) => (
                <li key={index}>{detail}</li>
              ))}
            </ul>
          )}
          {problem.status !== 'failed' && <p>{t('startup.hint')}</p>}
        </StatusPage>
      </main>
    </div>
  );
}
