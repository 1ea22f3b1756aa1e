/**
 * The notices strip of the video page: the room notice (noticeV2/get/info), read when the
 * page opens and again whenever it comes back into view (no push announces a new notice),
 * and the host's own notice to this viewer (push 7127 `notice`). Each can be closed; a
 * closed one stays closed after a reload until it changes. Text only, never markup.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../state/apiContext';
import { realtimeStore } from '../../state/roomFeed';
import { watchHostNotice } from './hostNotice';
import { readNotice, type RoomNotice } from './noticeData';
import { browserStorage, dismissHostNotice, dismissNotice, hostNoticeDismissed, noticeDismissed } from './noticeMemory';
import './notice.css';
import { noticeCallFailure } from '../../state/notices';

export interface NoticeStripProps {
  readonly roomId: string;
}

export function NoticeStrip({ roomId }: NoticeStripProps) {
  const { t } = useTranslation();
  const api = useApi();
  const [storage] = useState(browserStorage);
  const [notice, setNotice] = useState<RoomNotice | null>(null);
  const [watch] = useState(() => watchHostNotice(realtimeStore, roomId));
  const host = useSyncExternalStore(watch.subscribe, watch.get, watch.get);
  const [closedHost, setClosedHost] = useState<number | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const load = () =>
      api.live.notice({ webcastId: roomId }, { signal }).then(
        (data) => {
          const next = readNotice(data);
          setNotice(next !== null && noticeDismissed(storage, roomId, next) ? null : next);
        },
        (error: unknown) => {
          if (!signal.aborted) noticeCallFailure(error, 'roomNotice.loadFailed');
        },
      );
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void load();
    };
    void load();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      controller.abort();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [api, roomId, storage]);

  const showHost = host !== null && host.offset !== closedHost && !hostNoticeDismissed(storage, roomId, host.offset);
  if (notice === null && !showHost) return null;
  return (
    <div className="room-notices">
      {notice !== null && (
        <section className="room-notice" data-kind="room" aria-label={t('roomNotice.region')}>
          <span className="room-notice__label">{t('roomNotice.label')}</span>
          <p className="room-notice__text">{notice.content}</p>
          <button
            type="button"
            className="room-notice__close"
            aria-label={t('roomNotice.dismiss')}
            onClick={() => {
              dismissNotice(storage, roomId, notice);
              setNotice(null);
            }}
          >
            ×
          </button>
        </section>
      )}
      {showHost && (
        <section className="room-notice room-notice--host" data-kind="host" aria-label={t('roomNotice.fromHost')} role="status">
          <span className="room-notice__label">{t('roomNotice.fromHost')}</span>
          <p className="room-notice__text">{host.text}</p>
          <button
            type="button"
            className="room-notice__close"
            aria-label={t('roomNotice.dismiss')}
            onClick={() => {
              dismissHostNotice(storage, roomId, host.offset);
              setClosedHost(host.offset);
            }}
          >
            ×
          </button>
        </section>
      )}
    </div>
  );
}
