/**
 * Sharing a document beside the video, as a presenter does: the room's documents (SPEC 7.3
 * cloud info) to choose from, the pages turned, the whiteboard, the share stopped; and a
 * presenter's view: the page the viewers see now, and the next page before it is turned
 * (its address from SPEC 7.3 cdn url), so the host never turns blind.
 */
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { useApi } from '../../state/apiContext';
import { readCloudDocuments, readShare, type CloudDocument, type ShareNow } from './consoleData';
import { ConsoleProblem } from './ConsoleProblem';
import { useHostCall } from './useHostCall';
import { useHostCalls } from './useHostCalls';

/** A page's picture (its resource-host address from cdn/url), or null while unknown or when there is none. */
function usePageUrl(roomId: string, docId: string, page: number | null): string | null {
  const api = useApi();
  const [url, setUrl] = useState<{ readonly key: string; readonly url: string | null } | null>(null);
  const key = page === null || docId === '' ? '' : `${docId}/${page}`;
  useEffect(() => {
    if (key === '') return undefined;
    const controller = new AbortController();
    api.resource.cdnUrl({ webcastId: roomId, file: key }, { signal: controller.signal, background: true }).then(
      (data) => setUrl({ key, url: api.resourceUrl((data as { url?: unknown } | null)?.url) }),
      () => setUrl({ key, url: null }),
    );
    return () => controller.abort();
  }, [api, roomId, key]);
  return url !== null && url.key === key ? url.url : null;
}

export function DocumentShareBlock({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const api = useApi();
  const host = useHostCalls();
  const call = useHostCall();
  const ids = useId();
  const [share, setShare] = useState<ShareNow | null>(null);
  const [documents, setDocuments] = useState<readonly CloudDocument[] | null>(null);
  const [chosen, setChosen] = useState('');

  // What the room shares now, when the console opens (the viewers' own read of it), and the room's documents.
  useEffect(() => {
    const controller = new AbortController();
    const options = { signal: controller.signal, background: true };
    api.resource.docShareInfo({ webcastId: roomId }, options).then(
      (data) => setShare((now) => now ?? readShare(data)),
      () => undefined,
    );
    api.resource.cloudInfo({ webcastId: roomId }, options).then(
      (data) => setDocuments(readCloudDocuments(data)),
      () => setDocuments([]),
    );
    return () => controller.abort();
  }, [api, roomId]);

  const change = (body: { docId?: string; page?: number; whiteboard?: boolean; stop?: boolean }) => call.run(() => host.hostShare({ id: roomId, ...body }), (data) => setShare(readShare(data)));
  const sharing = share?.sharing === true;
  const selected = chosen !== '' ? chosen : sharing ? share.docId : (documents?.[0]?.id ?? '');
  const hasNext = sharing && share.page < share.pages;
  const current = usePageUrl(roomId, sharing ? share.docId : '', sharing ? share.page : null);
  const next = usePageUrl(roomId, sharing ? share.docId : '', hasNext ? share.page + 1 : null);

  return (
    <div className="interaction-desk__block">
      <h3 className="console-card__subtitle">{t('console.act.share')}</h3>
      {documents !== null && documents.length === 0 && <p className="console-card__empty">{t('console.share.noDocuments')}</p>}
      {documents !== null && documents.length > 0 && (
        <div className="interaction-desk__row">
          <label htmlFor={`${ids}-doc`}>{t('console.share.document')}</label>
          <select id={`${ids}-doc`} className="form-field__input interaction-desk__grow" value={selected} onChange={(event) => setChosen(event.target.value)}>
            {documents.map((doc) => (
              <option key={doc.id} value={doc.id}>
                {t('console.share.documentOption', { title: doc.title, pages: doc.pages })}
              </option>
            ))}
          </select>
          {(!sharing || selected !== share.docId) && (
            <button type="button" className="button" disabled={call.busy || selected === ''} onClick={() => change({ docId: selected, page: 1 })}>
              {sharing ? t('console.share.switch') : t('console.act.shareStart')}
            </button>
          )}
        </div>
      )}
      {sharing && (
        <div className="interaction-desk__row">
          <button type="button" className="button" disabled={call.busy || share.page <= 1} onClick={() => change({ page: share.page - 1 })}>
            {t('console.act.sharePrevious')}
          </button>
          <span className="console-card__note" role="status">
            <bdi>{share.title}</bdi> {t('console.act.sharePage', { page: share.page, pages: share.pages })}
          </span>
          <button type="button" className="button" disabled={call.busy || !hasNext} onClick={() => change({ page: share.page + 1 })}>
            {t('console.act.shareNext')}
          </button>
          <button type="button" className="button" aria-pressed={share.whiteboard} disabled={call.busy} onClick={() => change({ whiteboard: !share.whiteboard })}>
            {t('console.act.whiteboard')}
          </button>
          <button type="button" className="button" disabled={call.busy} onClick={() => change({ stop: true })}>
            {t('console.act.shareStop')}
          </button>
        </div>
      )}
      {sharing && (
        <div className="share-preview">
          <figure className="share-preview__page">
            {current !== null && <img src={current} alt={t('console.share.nowAlt', { page: share.page })} />}
            <figcaption>{t('console.share.now')}</figcaption>
          </figure>
          <figure className="share-preview__page share-preview__page--next">
            {next !== null && <img src={next} alt={t('console.share.nextAlt', { page: share.page + 1 })} />}
            <figcaption>{hasNext ? t('console.share.next') : t('console.share.last')}</figcaption>
          </figure>
        </div>
      )}
      <ConsoleProblem text={call.failure} />
    </div>
  );
}
