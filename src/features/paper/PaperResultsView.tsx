/**
 * A questionnaire's results: how many answered, and for each choice question each option's
 * count and share as a bar. Text answers are never shown. The bars are decoration
 * (aria-hidden); each option's line says its figures in words.
 */
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import type { PaperQuestion } from '../../domain/paperDraft';
import { sharePercent, type PaperResults } from '../../domain/paperResults';

export function PaperResultsView({ questions, results }: { readonly questions: readonly PaperQuestion[]; readonly results: PaperResults }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const byId = new Map(results.questions.map((q) => [q.id, q.counts]));
  return (
    <section className="paper-results" aria-label={t('paper.results.title')}>
      <p className="paper-results__respondents">{t('paper.results.respondents', { count: results.respondents })}</p>
      {questions.map((question) => {
        const counts = byId.get(question.id);
        if (counts === undefined) return null;
        return (
          <div key={question.id} className="paper-results__question">
            <p className="paper-results__title">{question.title}</p>
            <ul className="paper-results__options">
              {question.options.map((option) => {
                const n = counts[option.number] ?? 0;
                const percent = sharePercent(n, results.respondents);
                return (
                  <li key={option.number} className="paper-results__option">
                    <span className="paper-results__label">
                      <span>{option.text || option.number}</span>
                      <span className="paper-results__figure">{t('paper.results.figure', { count: n, percent })}</span>
                    </span>
                    <span className="paper-results__bar" aria-hidden="true">
                      <span style={{ width: `${Math.min(100, percent)}%` }} />
                    </span>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </section>
  );
}
