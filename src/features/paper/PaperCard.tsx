/**
 * A questionnaire or quiz the host published: a card in the interactions region ("answer
 * now", then "submitted" or the quiz's score), and the paper itself in a dialog (a bottom
 * sheet on phones) with the progress through it. After answering, the dialog reads back the
 * viewer's answers and, for a quiz, the right ones.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { answeredCount } from '../../domain/paperDraft';
import { InteractionCard } from '../../ui/InteractionCard';
import { useModalDialog } from '../../ui/useModalDialog';
import { PaperForm, PaperReview } from './PaperForm';
import { PaperDialogHeader } from './PaperDialogHeader';
import { PaperProgress } from './PaperProgress';
import { PaperResultsView } from './PaperResultsView';
import { usePaper } from './usePaper';
import './paper.css';

export function PaperCard({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const view = usePaper(roomId);
  const { paper, flow, draft, problems } = view;
  const { open, show, close, onClose, dialog, opener, titleId } = useModalDialog();
  const [reviewing, setReviewing] = useState(false);
  const phase = flow?.phase ?? null;

  // Asked for from the room's list of papers: opened to answer, or to review once answered or
  // closed (the request stands until that review's dialog closes).
  const requested = view.requestedId !== null && paper?.id === view.requestedId;
  const requestHandled = view.requestHandled;
  const openPaper = view.open;
  useEffect(() => {
    if (!requested || phase !== 'offered') return;
    openPaper();
    requestHandled();
  }, [requested, phase, openPaper, requestHandled]);
  const reviewAsked = reviewing || (requested && (phase === 'submitted' || phase === 'closed'));
  // The dialog follows the machine: open while answering or submitting, or while reviewing
  // (the answers and results after submitting, the results of a closed paper).
  const wanted = phase === 'answering' || phase === 'submitting' || (reviewAsked && (phase === 'submitted' || phase === 'closed'));
  useEffect(() => {
    if (wanted && !open) show();
    if (!wanted && open) close();
  }, [wanted, open, show, close]);
  // The first problem found is scrolled to, so a long paper shows what is missing.
  useEffect(() => {
    if (problems.length === 0) return;
    dialog.current?.querySelector('[aria-invalid="true"]')?.scrollIntoView({ block: 'center' });
  }, [problems, dialog]);

  if (paper === null || flow === null || view.dismissed) return null;
  const ended = phase === 'closed';
  // A closed paper the viewer did not answer is worth a card only for its results.
  if (ended && view.results === null) return null;
  const kind = paper.quiz ? t('paper.kindQuiz') : t('paper.kindQuestionnaire');
  const total = paper.questions.length;
  const done = answeredCount(paper.questions, draft);
  const submitted = phase === 'submitted';
  const onDialogClose = () => {
    onClose();
    setReviewing(false);
    requestHandled();
    view.close();
  };

  return (
    <>
      <InteractionCard name="paper" kind={kind} title={paper.title} tone={submitted ? 'success' : ended ? 'muted' : 'default'} onClose={view.dismiss}>
        {ended ? (
          <div className="interaction-card__row">
            <span role="status">{t('paper.closed')}</span>
            <button ref={opener} type="button" className="button" onClick={() => setReviewing(true)}>
              {t('paper.results.open')}
            </button>
          </div>
        ) : submitted ? (
          <div className="interaction-card__row">
            <span role="status">
              {flow.result !== null ? t('paper.score', { score: flow.result.score, total: flow.result.total }) : t('paper.submitted')}
            </span>
            <button ref={opener} type="button" className="button" onClick={() => setReviewing(true)}>
              {t('paper.review')}
            </button>
          </div>
        ) : (
          <div className="interaction-card__row">
            <span>{t('paper.questionCount', { count: total })}</span>
            <button ref={opener} type="button" className="button button--primary" onClick={view.open}>
              {done > 0 ? t('paper.continue') : t('paper.start')}
            </button>
          </div>
        )}
      </InteractionCard>
      <dialog ref={dialog} className="panel-dialog interaction-dialog paper-dialog sheet" aria-labelledby={titleId} tabIndex={-1} onClose={onDialogClose}>
        {open && (
          <div className="paper-dialog__panel">
            <PaperDialogHeader kind={kind} title={paper.title} titleId={titleId} onClose={close} />
            {submitted || ended ? (
              <div className="paper-dialog__body">
                {flow.result !== null && <p className="paper-dialog__score">{t('paper.score', { score: flow.result.score, total: flow.result.total })}</p>}
                {view.results !== null ? (
                  <PaperResultsView questions={paper.questions} results={view.results} />
                ) : (
                  submitted && paper.resultsVisibility === 'closed' && <p className="paper-dialog__note">{t('paper.results.whenClosed')}</p>
                )}
                {submitted && (paper.anonymous ? <p className="paper-dialog__note">{t('paper.anonymousReview')}</p> : <PaperReview questions={paper.questions} mine={paper.mine} result={flow.result} />)}
              </div>
            ) : (
              <>
                {(paper.anonymous || !paper.quiz) && (
                  <p className="paper-dialog__note paper-dialog__note--bar">
                    {paper.anonymous && t('paper.anonymous')} {!paper.quiz && (paper.resultsVisibility === 'closed' ? t('paper.results.whenClosed') : t('paper.results.afterAnswer'))}
                  </p>
                )}
                <PaperProgress done={done} total={total} />
                {total === 0 ? <p>{t('paper.noQuestions')}</p> : <PaperForm questions={paper.questions} draft={draft} problems={problems} disabled={phase === 'submitting'} onChange={view.setDraft} />}
                {problems.some((p) => p.itemId === null) && (
                  <p className="paper-question__problem" role="alert">
                    {t('validation.paper.empty')}
                  </p>
                )}
                {flow.failure !== null && (
                  <p className="paper-question__problem" role="alert">
                    {flow.failure}
                  </p>
                )}
                <footer className="paper-dialog__footer">
                  <button type="button" className="button" onClick={close}>
                    {t('paper.later')}
                  </button>
                  <button type="button" className="button button--primary" onClick={view.submit} disabled={phase === 'submitting'} aria-busy={phase === 'submitting'}>
                    {phase === 'submitting' ? t('paper.submitting') : t('paper.submit')}
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
