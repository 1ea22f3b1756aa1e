/**
 * The Q&A tab: the switch's state (not yet opened, closed, or the box to ask in), then the
 * threads newest first: each question with who asked it, its review state (a pending one is
 * marked as seen by its asker only), the answer, the follow-ups, and a follow-up box; the
 * consultation form last.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { canAsk, type QaQuestion, type QaThread } from '../../domain/qa';
import { QUESTION_MIN } from '../../domain/constants';
import type { Problem } from '../../domain/result';
import { session } from '../../state/session';
import { ConsultForm } from './ConsultForm';
import { useQa, type AskOutcome } from './useQa';
import '../../ui/interactionCard.css';
import './qa.css';

function AskForm({ label, placeholder, action, submit, onDone }: { readonly label: string; readonly placeholder: string; readonly action: string; readonly submit: (text: string) => Promise<AskOutcome>; readonly onDone?: () => void }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const outcome = await submit(text);
    setBusy(false);
    setProblem(outcome !== null && 'problem' in outcome ? outcome.problem : null);
    setFailure(outcome !== null && 'failure' in outcome ? outcome.failure : null);
    setSent(outcome === null);
    if (outcome === null) {
      setText('');
      onDone?.();
    }
  };
  return (
    <form className="qa-ask" noValidate aria-label={label} onSubmit={(event) => void send(event)}>
      <textarea
        id={`${id}-text`}
        className="qa-ask__text"
        rows={2}
        maxLength={500}
        value={text}
        placeholder={placeholder}
        aria-label={label}
        aria-invalid={problem !== null}
        aria-describedby={problem !== null || failure !== null ? `${id}-problem` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setSent(false);
        }}
      />
      {(problem !== null || failure !== null) && (
        <p id={`${id}-problem`} className="qa-ask__problem" role="alert">
          {problem !== null ? t(problem.key, problem.params) : failure}
        </p>
      )}
      {sent && (
        <p className="qa-ask__sent" role="status">
          {t('qa.sent')}
        </p>
      )}
      <div className="qa-ask__bar">
        <span className="qa-ask__hint">{t('qa.hint', { min: QUESTION_MIN })}</span>
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          {busy ? t('qa.sending') : action}
        </button>
      </div>
    </form>
  );
}

function QuestionItem({ question, follow, onVote }: { readonly question: QaQuestion; readonly follow?: boolean; readonly onVote?: (qaId: string, up: boolean) => void }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const mine = question.uid === session.userId;
  const votes = question.votes ?? 0;
  const voted = question.voted === true;
  return (
    <div className={follow === true ? 'qa-question qa-question--follow' : 'qa-question'} data-status={question.status} data-qa-id={question.qaId}>
      <p className="qa-question__meta">
        {follow === true && <span className="qa-question__tag">{t('qa.followUp')}</span>}
        <bdi className="qa-question__name">{mine ? t('qa.me') : question.name}</bdi>
        {question.status === 'pending' && <span className="qa-question__pending">{t('qa.pending')}</span>}
        {question.status === 'answered' && <span className="qa-question__answered">{t('qa.answered')}</span>}
        {onVote !== undefined && question.status !== 'pending' && (
          <button type="button" className="qa-question__vote" aria-pressed={voted} aria-label={voted ? t('qa.unvote', { count: votes }) : t('qa.vote', { count: votes })} onClick={() => onVote(question.qaId, !voted)}>
            <span aria-hidden="true">▲</span> {votes}
          </button>
        )}
      </p>
      <p className="qa-question__content">{question.content}</p>
      {question.answer !== null && (
        <p className="qa-question__answer">
          <span className="qa-question__answer-label">{t('qa.answer')}</span>
          {/* Isolated: the host's text may carry a bidi override, which must stay inside it. */}
          <bdi>{question.answer}</bdi>
        </p>
      )}
    </div>
  );
}

function Thread({ thread, open, ask, vote }: { readonly thread: QaThread; readonly open: boolean; readonly ask: (text: string, qaId: string) => Promise<AskOutcome>; readonly vote: (qaId: string, up: boolean) => void }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const [following, setFollowing] = useState(false);
  return (
    <li className="qa-thread">
      <QuestionItem question={thread.question} onVote={vote} />
      {thread.followUps.map((f) => (
        <QuestionItem key={f.qaId} question={f} follow />
      ))}
      {open && !following && (
        <button type="button" className="interaction-link" onClick={() => setFollowing(true)}>
          {t('qa.followUpAction')}
        </button>
      )}
      {open && following && <AskForm label={t('qa.followUpLabel')} placeholder={t('qa.followUpPlaceholder')} action={t('qa.sendFollowUp')} submit={(text) => ask(text, thread.question.qaId)} onDone={() => setFollowing(false)} />}
    </li>
  );
}

export function QaPanel({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const view = useQa(roomId);
  const open = canAsk(view.state);
  return (
    <div className="qa-panel" data-qa-state={view.state ?? 'unknown'}>
      {view.state === 'unopened' && <p className="qa-panel__notice">{t('qa.unopened')}</p>}
      {view.state === 'off' && <p className="qa-panel__notice">{t('qa.closed')}</p>}
      {open && <AskForm label={t('qa.askLabel')} placeholder={t('qa.placeholder')} action={t('qa.ask')} submit={(text) => view.ask(text)} />}
      {view.load === 'failed' && (
        <p className="qa-ask__problem" role="alert">
          {t('qa.loadFailed')}{' '}
          <button type="button" className="button" onClick={view.loadMore}>
            {t('qa.retry')}
          </button>
        </p>
      )}
      {view.load === 'loaded' && view.threads.length === 0 && view.state !== 'unopened' && <p className="qa-panel__empty">{t('qa.empty')}</p>}
      {view.threads.length > 1 && (
        <div className="qa-panel__order" role="radiogroup" aria-label={t('qa.order')}>
          {(['newest', 'votes'] as const).map((order) => (
            <button key={order} type="button" role="radio" aria-checked={view.order === order} className="qa-panel__order-option" onClick={() => view.setOrder(order)}>
              {t(order === 'newest' ? 'qa.orderNewest' : 'qa.orderVotes')}
            </button>
          ))}
        </div>
      )}
      <ol className="qa-panel__list" aria-label={t('qa.listLabel')}>
        {view.threads.map((thread) => (
          <Thread key={thread.question.qaId} thread={thread} open={open} ask={view.ask} vote={view.vote} />
        ))}
      </ol>
      {view.more && view.load !== 'failed' && (
        <button type="button" className="button qa-panel__more" onClick={view.loadMore} disabled={view.load === 'loading'}>
          {t('qa.more')}
        </button>
      )}
      <ConsultForm roomId={roomId} />
    </div>
  );
}
