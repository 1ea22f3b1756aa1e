/**
 * The answer sheet (答题卡): the host's one question with lettered options, answered in the
 * card itself with one tap and a submit; then the viewer's answer and, where the sheet has
 * a key, whether it was right and the right options.
 */
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { InteractionCard } from '../../ui/InteractionCard';
import { useAnswerSheet } from './useAnswerSheet';
import './answerSheet.css';

export function AnswerSheetCard({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const view = useAnswerSheet(roomId);
  const { sheet, flow, chosen } = view;
  if (sheet === null || flow === null || view.dismissed) return null;
  const submitted = flow.phase === 'submitted';
  const busy = flow.phase === 'submitting';
  const letters = (list: readonly string[]) => list.join(sheet.multiple ? '、' : '');
  const tone = !submitted ? 'default' : sheet.right === false ? 'muted' : 'success';
  return (
    <InteractionCard name="answerSheet" kind={t('answerSheet.kind')} title={sheet.title} tone={tone} onClose={view.dismiss}>
      <div className="answer-sheet__options" role={sheet.multiple ? 'group' : 'radiogroup'} aria-label={sheet.multiple ? t('answerSheet.multiple') : t('answerSheet.single')}>
        {sheet.options.map((option) => {
          const mine = submitted ? sheet.mine.includes(option.number) : chosen.includes(option.number);
          const key = submitted && sheet.correct !== null && sheet.correct.includes(option.number);
          return (
            <button
              key={option.number}
              type="button"
              role={sheet.multiple ? 'checkbox' : 'radio'}
              aria-checked={mine}
              className="answer-sheet__option"
              data-chosen={mine}
              data-key={key}
              disabled={submitted || busy}
              onClick={() => view.choose(option.number)}
            >
              <span className="answer-sheet__letter">{option.number}</span>
              <span className="answer-sheet__text">{option.text}</span>
            </button>
          );
        })}
      </div>
      {!submitted && (
        <div className="interaction-card__row">
          <span className="answer-sheet__hint">{sheet.multiple ? t('answerSheet.multiple') : t('answerSheet.single')}</span>
          <button type="button" className="button button--primary" onClick={view.submit} disabled={busy || chosen.length === 0} aria-busy={busy}>
            {busy ? t('answerSheet.submitting') : t('answerSheet.submit')}
          </button>
        </div>
      )}
      {submitted && (
        <p className="answer-sheet__result" role="status">
          {t('answerSheet.yourAnswer', { answer: letters(sheet.mine) })}
          {sheet.right === true && <strong className="answer-sheet__right"> {t('answerSheet.right')}</strong>}
          {sheet.right === false && sheet.correct !== null && <strong className="answer-sheet__wrong"> {t('answerSheet.wrong', { answer: letters(sheet.correct) })}</strong>}
        </p>
      )}
      {flow.failure !== null && (
        <p className="interaction-card__error" role="alert">
          {flow.failure}
        </p>
      )}
    </InteractionCard>
  );
}
