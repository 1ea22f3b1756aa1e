/**
 * The room's questionnaires and quizzes (SPEC 7.1 paper publishing list): every paper the
 * host published in this room, newest first, with whether the viewer answered it; a press
 * opens it in the paper card's dialog (paperRequests.ts), to answer one still open or to
 * review one answered or closed. Read again when the host publishes or the viewer answers.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { intlLocaleOf } from '../../i18n/localeChoice';
import { useApi } from '../../state/apiContext';
import { useRoomStateKey } from '../../state/roomFeed';
import { paperActedKey, readPublishedPapers, type PublishedPaper } from './paperData';

const PAPER_ACTED_PREFIX = paperActedKey('');
import { requestPaper } from './paperRequests';
import './paper.css';

type Listing = { readonly phase: 'loading' } | { readonly phase: 'failed' } | { readonly phase: 'shown'; readonly papers: readonly PublishedPaper[] };

export function PaperList({ roomId }: { readonly roomId: string }) {
  const { t, i18n } = useTranslation(INTERACTIONS_NS);
  const api = useApi();
  // Read again when the host publishes a paper or the viewer answers one (in any tab), not at every other change.
  const pushed = useRoomStateKey(roomId, 'paper');
  const published = pushed?.kind === 'paper' ? pushed.id : null;
  const acted = useRoomStateKey(roomId, 'acted');
  const answeredHere = Object.keys(acted ?? {}).filter((key) => key.startsWith(PAPER_ACTED_PREFIX)).length;
  const [listing, setListing] = useState<Listing>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const time = useMemo(() => new Intl.DateTimeFormat(intlLocaleOf(i18n.language), { month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' }), [i18n.language]);

  useEffect(() => {
    const controller = new AbortController();
    api.live.paperPublishList({ webcastId: roomId }, { signal: controller.signal, background: true }).then(
      (data) => setListing({ phase: 'shown', papers: readPublishedPapers(data) }),
      () => {
        if (!controller.signal.aborted) setListing({ phase: 'failed' });
      },
    );
    return () => controller.abort();
  }, [api, roomId, published, answeredHere, attempt]);

  if (listing.phase === 'loading') return <p className="paper-list__note">{t('paper.list.loading')}</p>;
  if (listing.phase === 'failed') {
    return (
      <p className="paper-list__note" role="alert">
        {t('paper.list.failed')}{' '}
        <button type="button" className="link-button" onClick={() => setAttempt((n) => n + 1)}>
          {t('paper.list.retry')}
        </button>
      </p>
    );
  }
  if (listing.papers.length === 0) return <p className="paper-list__note">{t('paper.list.none')}</p>;
  return (
    <ul className="paper-list" aria-label={t('paper.list.label')}>
      {listing.papers.map((paper) => (
        <li key={paper.id} className="paper-list__row" data-answered={paper.answered}>
          <span className="paper-list__kind">{paper.quiz ? t('paper.kindQuiz') : t('paper.kindQuestionnaire')}</span>
          <span className="paper-list__body">
            <bdi className="paper-list__title">{paper.title}</bdi>
            <span className="paper-list__meta">
              {paper.publishedAt !== null && <span>{time.format(paper.publishedAt)}</span>}
              <span className={paper.answered ? 'paper-list__state paper-list__state--done' : 'paper-list__state'}>{paper.answered ? t('paper.list.answered') : t('paper.list.open')}</span>
            </span>
          </span>
          <button type="button" className="button" aria-label={t(paper.answered ? 'paper.list.reviewOf' : 'paper.list.answerOf', { title: paper.title })} onClick={() => requestPaper(roomId, paper.id)}>
            {paper.answered ? t('paper.review') : t('paper.start')}
          </button>
        </li>
      ))}
    </ul>
  );
}
