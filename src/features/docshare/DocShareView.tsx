/**
 * What the host shares (slides, whiteboard) beside the video: the current page, its title
 * and place in the document, following the host's page turns; SPEC 8's "no sharing content"
 * once the host stops. On a phone the viewer switches between the video and the document
 * (the video's sound plays on). A room that never shares shows nothing here.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { useSnapshot } from 'valtio';
import { useApi } from '../../state/apiContext';
import { setDocumentShared, watchModeOf, watchModes } from '../../state/watchMode';
import { useDocShare } from './useDocShare';
import { useReplayShare } from './useReplayShare';
import './docShare.css';

export function DocShareView({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const api = useApi();
  // A recording turns the live's pages at their moments; the live's share is not read meanwhile.
  const replay = useReplayShare(roomId);
  const live = useDocShare(roomId, replay === null);
  const view = replay ?? live;
  const [chosenPrimary, setPrimary] = useState(false);
  // Slides only (a weak network's mode): the document takes the stage, the video plays sound only.
  const slidesOnly = watchModeOf(useSnapshot(watchModes), roomId) === 'slides';
  const primary = chosenPrimary || slidesOnly;
  // The player offers "slides only" while there is a document to show.
  const shared = view.kind === 'sharing';
  useEffect(() => {
    setDocumentShared(roomId, shared);
    return () => setDocumentShared(roomId, false);
  }, [roomId, shared]);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  if (view.kind === 'none') return null;
  const doc = view.kind === 'sharing' ? view.doc : null;
  const src = doc === null ? null : api.resourceUrl(doc.url);
  return (
    <section className="doc-share" data-stage-primary={primary} aria-label={t('docShare.region')}>
      <header className="doc-share__bar">
        {doc !== null ? (
          <>
            <span className="doc-share__title">{doc.title || t('docShare.untitled')}</span>
            <span className="doc-share__page" aria-live="polite">
              {t('docShare.page', { page: doc.page, pages: doc.pages })}
            </span>
            {view.kind === 'sharing' && view.whiteboard && <span className="doc-share__badge">{t('docShare.whiteboard')}</span>}
          </>
        ) : (
          <span className="doc-share__title">{t('docShare.title')}</span>
        )}
        <button type="button" className="doc-share__switch" aria-pressed={primary} onClick={() => setPrimary((p) => !p)}>
          {primary ? t('docShare.showVideo') : t('docShare.showDocument')}
        </button>
      </header>
      <div className="doc-share__surface">
        {src === null ? (
          <p className="doc-share__empty" role="status">
            {t('error.noShareContent')}
          </p>
        ) : failedUrl === src ? (
          <p className="doc-share__empty" role="alert">
            {t('error.loadFailed')}{' '}
            <button
              type="button"
              className="button"
              onClick={() => {
                setFailedUrl(null);
                setAttempt((n) => n + 1);
              }}
            >
              {t('docShare.retry')}
            </button>
          </p>
        ) : (
          <img key={`${src}#${attempt}`} className="doc-share__image" src={src} alt={t('docShare.pageAlt', { title: doc?.title ?? '', page: doc?.page ?? 0 })} onError={() => setFailedUrl(src)} />
        )}
      </div>
    </section>
  );
}
