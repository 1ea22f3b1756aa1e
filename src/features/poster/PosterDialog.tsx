/**
 * The invitation poster (issue 14 item 5): the viewer's poster drawn in the browser, to
 * download as PNG or share by its link, how many they invited, and the room's invite
 * ranking with their own place. A modal dialog (a bottom sheet on a phone), open while
 * `onClose` is not called.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { intlLocaleOf } from '../../i18n/localeChoice';
import { useApi } from '../../state/apiContext';
import { drawPoster } from './drawPoster';
import { inviteAnswered } from './inviteRecord';
import { readInviteUrl, readPosterFacts, readPosterLook, readRanking, readTemplateId, type CustomPoster, type Ranking } from './posterData';
import { CustomPosters } from './CustomPosters';
import { DialogHeader } from '../../ui/DialogHeader';

type Made = { readonly phase: 'making' } | { readonly phase: 'failed' } | { readonly phase: 'made'; readonly url: string; readonly inviteUrl: string; readonly invited: number };

export function PosterDialog({ roomId, onClose }: { readonly roomId: string; readonly onClose: () => void }) {
  const { t, i18n } = useTranslation(INTERACTIONS_NS);
  const api = useApi();
  const ids = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [made, setMade] = useState<Made>({ phase: 'making' });
  const [ranking, setRanking] = useState<Ranking | null>(null);
  const [attempt, setAttempt] = useState(0);
  /** The viewer's own poster shown instead of the room's (CustomPosters); null: the room's. */
  const [choice, setChoice] = useState<CustomPoster | null>(null);
  const dateTime = useMemo(() => new Intl.DateTimeFormat(intlLocaleOf(i18n.language), { dateStyle: 'medium', timeStyle: 'short' }), [i18n.language]);

  useEffect(() => {
    const element = dialog.current;
    if (element !== null && !element.open) element.showModal();
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    const options = { signal: controller.signal, background: true };
    let url: string | null = null;
    (async () => {
      setMade({ phase: 'making' });
      // The room's template only for the room's poster: the viewer's own carries its look.
      const [facts, template] = await Promise.all([api.commerce.posterGuestInfo({ liveId: roomId }, options), choice === null ? api.commerce.posterTemplateContent({ liveId: roomId }, options) : null]);
      const read = readPosterFacts(facts);
      if (read === null) throw new Error('unreadable poster facts');
      let look = choice?.look;
      let inviteUrl = choice?.inviteUrl ?? null;
      if (choice === null) {
        const templateId = readTemplateId(template);
        if (templateId === null) throw new Error('unreadable poster template');
        look = readPosterLook(template);
        inviteUrl = readInviteUrl(await api.commerce.posterCreate({ liveId: roomId, templateId }, options));
      }
      if (inviteUrl === null || look === undefined) throw new Error('no invite URL');
      const blob = await drawPoster(read, look, inviteUrl, {
        live: t('poster.live'),
        startLabel: read.startTime === null ? null : t('poster.startsAt', { time: dateTime.format(read.startTime) }),
        invites: t('poster.invites', { name: read.name }),
        scan: t('poster.scan'),
      });
      if (controller.signal.aborted) return;
      url = URL.createObjectURL(blob);
      setMade({ phase: 'made', url, inviteUrl, invited: read.invitedCount });
    })().catch(() => {
      if (!controller.signal.aborted) setMade({ phase: 'failed' });
    });
    inviteAnswered(roomId)
      .then(() => api.live.posterInvitationList({ id: roomId }, options))
      .then(
      (data) => setRanking(readRanking(data)),
      () => setRanking({ list: [], mine: { rank: null, count: 0 } }),
    );
    return () => {
      controller.abort();
      if (url !== null) URL.revokeObjectURL(url);
    };
  }, [api, roomId, attempt, t, dateTime, choice]);

  const [copied, setCopied] = useState<'copied' | 'copyFailed' | null>(null);
  const copy = (link: string) => {
    const clipboard = navigator.clipboard as Clipboard | undefined;
    if (clipboard === undefined) {
      setCopied('copyFailed');
      return;
    }
    clipboard.writeText(link).then(
      () => setCopied('copied'),
      () => setCopied('copyFailed'),
    );
    noteShare('link');
  };

  // Each share (a copied link, a downloaded poster) is recorded with the room (SPEC 7.1
  // interactive, type "share"), which answers how often the room has been shared.
  const [shares, setShares] = useState<number | null>(null);
  const noteShare = (how: 'link' | 'poster') =>
    void api.live.interactive({ webcastId: roomId, type: 'share', content: how }, { background: true }).then(
      (data) => {
        const count = (data as { count?: unknown } | null)?.count;
        if (typeof count === 'number' && Number.isSafeInteger(count) && count > 0) setShares(count);
      },
      () => undefined, // the share itself happened; only the count is missing
    );

  return (
    <dialog ref={dialog} className="panel-dialog panel-dialog--panel sheet" aria-labelledby={`${ids}-title`} tabIndex={-1} onClose={onClose}>
      <div className="panel-dialog__body">
        <DialogHeader titleId={`${ids}-title`} title={t('poster.title')} closeLabel={t('poster.close')} onClose={() => dialog.current?.close()} />
        <div className="poster-panel__poster" aria-busy={made.phase === 'making'}>
          {made.phase === 'making' && <p className="poster-panel__notice">{t('poster.making')}</p>}
          {made.phase === 'failed' && (
            <p className="poster-panel__notice" role="alert">
              {t('poster.failed')}{' '}
              <button type="button" className="link-button" onClick={() => setAttempt((n) => n + 1)}>
                {t('poster.retry')}
              </button>
            </p>
          )}
          {made.phase === 'made' && <img className="poster-panel__image" src={made.url} alt={t('poster.imageAlt')} />}
        </div>
        {made.phase === 'made' && (
          <>
            <div className="poster-panel__actions">
              <a className="button button--primary" href={made.url} download={`poster-${roomId}.png`} onClick={() => noteShare('poster')}>
                {t('poster.download')}
              </a>
              <button type="button" className="button" onClick={() => copy(made.inviteUrl)}>
                {t('poster.copy')}
              </button>
            </div>
            <p className="poster-panel__invited" role="status">
              {copied === null ? t('poster.invited', { count: made.invited }) : copied === 'copied' ? t('poster.copied', { url: made.inviteUrl }) : t('poster.copyFailed', { url: made.inviteUrl })}
            </p>
            {shares !== null && <p className="poster-panel__shares">{t('poster.shares', { count: shares })}</p>}
          </>
        )}
        <CustomPosters roomId={roomId} chosenId={choice?.id ?? null} onChoose={setChoice} />
        <section className="poster-panel__ranking" aria-labelledby={`${ids}-ranking`}>
          <h3 id={`${ids}-ranking`}>{t('poster.ranking')}</h3>
          {ranking !== null && (
            <>
              <p className="poster-panel__mine" data-rank={ranking.mine.rank ?? ''}>
                {ranking.mine.rank === null ? t('poster.mineNone') : t('poster.mine', { rank: ranking.mine.rank, count: ranking.mine.count })}
              </p>
              {ranking.list.length === 0 ? (
                <p className="poster-panel__notice">{t('poster.rankingEmpty')}</p>
              ) : (
                <ol className="poster-rank">
                  {ranking.list.slice(0, 20).map((row) => (
                    <li key={row.uid} className={row.rank === ranking.mine.rank ? 'poster-rank__row poster-rank__row--mine' : 'poster-rank__row'}>
                      <span className="poster-rank__place">{row.rank}</span>
                      <bdi className="poster-rank__name">{row.name}</bdi>
                      <span className="poster-rank__count">{t('poster.people', { count: row.count })}</span>
                    </li>
                  ))}
                </ol>
              )}
            </>
          )}
        </section>
      </div>
    </dialog>
  );
}
