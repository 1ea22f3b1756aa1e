/**
 * A questionnaire or quiz in a replay (issue 36 item 2): the card says when the host
 * published it, and the viewer may try it in the page. A quiz is checked here against the
 * key the replay carries (src/domain/paperPractice.ts) and read back right or wrong; a
 * questionnaire is read back. Nothing is sent or scored on the server, and the card says so.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { answeredCount, type PaperDraft } from '../../domain/paperDraft';
import type { QuizResult } from '../../domain/paperFlow';
import { readAnswerKey, scorePractice } from '../../domain/paperPractice';
import { InteractionCard } from '../../ui/InteractionCard';
import { useModalDialog } from '../../ui/useModalDialog';
import { PaperForm, PaperReview } from './PaperForm';
import { PaperDialogHeader } from './PaperDialogHeader';
import { PaperProgress } from './PaperProgress';
import { readPaper } from './paperData';
import './paper.css';

export interface PaperPracticeProps {
  /** The paper as the replay's timeline gives it (`{id, title, quiz, items}`, items of a quiz with `correct`). */
  readonly paper: unknown;
  readonly quiz: boolean;
  readonly title: string;
  /** When it was published, and the way back there. */
  readonly when: ReactNode;
  readonly onClose: () => void;
}

export function PaperPractice({ paper: given, quiz, title, when, onClose }: PaperPracticeProps) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const paper = readPaper(typeof given === 'object' && given !== null ? { ...given, kind: quiz ? 'quiz' : 'questionnaire' } : null);
  const { open, show, close, onClose: onDialogClose, dialog, opener, titleId } = useModalDialog();
  const [draft, setDraft] = useState<PaperDraft>({});
  const [result, setResult] = useState<QuizResult | null>(null);
  const [checked, setChecked] = useState(false);
  const kind = quiz ? t('paper.kindQuiz') : t('paper.kindQuestionnaire');
  const questions = paper?.questions ?? [];
  const keys = readAnswerKey(given);
  const done = answeredCount(questions, draft);
  const mine = Object.fromEntries(questions.map((q) => [q.id, draft[q.id]?.text ? draft[q.id]!.text : (draft[q.id]?.chosen ?? [])]));
  const check = () => {
    setResult(quiz && keys.length > 0 ? scorePractice(keys, draft) : null);
    setChecked(true);
  };
  const again = () => {
    setDraft({});
    setResult(null);
    setChecked(false);
  };

  return (
    <>
      <InteractionCard name="replay-paper" kind={kind} title={paper?.title ?? title} tone="muted" onClose={onClose}>
        {when}
        <p className="paper-practice__note">{quiz && keys.length > 0 ? t('paper.practice.noteQuiz') : t('paper.practice.note')}</p>
        {questions.length > 0 && (
          <div className="interaction-card__row">
            <span>{checked && result !== null ? t('paper.practice.score', { score: result.score, total: result.total }) : t('paper.questionCount', { count: questions.length })}</span>
            <button ref={opener} type="button" className="button button--primary" onClick={show}>
              {checked ? t('paper.review') : t('paper.practice.try')}
            </button>
          </div>
        )}
      </InteractionCard>
      <dialog ref={dialog} className="panel-dialog interaction-dialog paper-dialog sheet" aria-labelledby={titleId} tabIndex={-1} onClose={onDialogClose}>
        {open && (
          <div className="paper-dialog__panel">
            <PaperDialogHeader kind={kind} title={paper?.title ?? title} titleId={titleId} onClose={close} />
            <p className="paper-dialog__note paper-dialog__note--bar">{t('paper.practice.notSent')}</p>
            {checked ? (
              <div className="paper-dialog__body">
                {result !== null && (
                  <p className="paper-dialog__score" role="status">
                    {t('paper.practice.score', { score: result.score, total: result.total })}
                  </p>
                )}
                <PaperReview questions={questions} mine={mine} result={result} />
                <footer className="paper-dialog__footer">
                  <button type="button" className="button" onClick={again}>
                    {t('paper.practice.again')}
                  </button>
                  <button type="button" className="button button--primary" onClick={close}>
                    {t('paper.practice.done')}
                  </button>
                </footer>
              </div>
            ) : (
              <>
                <PaperProgress done={done} total={questions.length} />
                <PaperForm questions={questions} draft={draft} problems={[]} disabled={false} onChange={(change) => setDraft(change)} />
                <footer className="paper-dialog__footer">
                  <button type="button" className="button" onClick={close}>
                    {t('paper.later')}
                  </button>
                  <button type="button" className="button button--primary" onClick={check} disabled={done === 0}>
                    {quiz && keys.length > 0 ? t('paper.practice.check') : t('paper.practice.finish')}
                  </button>
                </footer>
              </>
            )}
          </div>
        )}
      </dialog>
    </>
  );
}
