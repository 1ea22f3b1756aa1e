/**
 * The room's "live introduction" tab (SPEC 2 room tabs): title, live status, start time and
 * the introduction, as text; under it the room's hosts and assistants (StaffList). The status follows the live-status pushes (7107) once one
 * arrives; the rest comes from the room info call. A failed call says so in the tab, with a
 * retry; the other tabs and the player do not depend on it.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { apiErrorText, isApiError } from '../../api';
import { intlLocaleOf } from '../../i18n/localeChoice';
import { useApi } from '../../state/apiContext';
import { realtimeStore } from '../../state/roomFeed';
import type { LiveStatusCode } from '../../realtime/roomState';
import { readIntroduction, statusName, type RoomIntroduction } from './introData';
import { StaffList } from './StaffList';
import './intro.css';

export interface IntroPanelProps {
  readonly roomId: string;
}

type Loaded = { readonly intro: RoomIntroduction } | { readonly error: unknown };

export function IntroPanel({ roomId }: IntroPanelProps) {
  const { t } = useTranslation();
  const api = useApi();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [attempt, setAttempt] = useState(0);
  const pushed = useSnapshot(realtimeStore).rooms[roomId]?.room.live?.status ?? null;

  useEffect(() => {
    const controller = new AbortController();
    api.live.roomInfo({ id: roomId }, { signal: controller.signal }).then(
      (info) => setLoaded({ intro: readIntroduction(info) }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ error });
      },
    );
    return () => controller.abort();
  }, [api, roomId, attempt]);

  if (loaded === null) {
    return (
      <section className="room-intro" aria-label={t('intro.region')} aria-busy="true">
        <p className="room-intro__note" role="status">
          {t('intro.loading')}
        </p>
      </section>
    );
  }
  if ('error' in loaded) {
    return (
      <section className="room-intro" aria-label={t('intro.region')}>
        <p className="room-intro__problem" role="alert">
          {t('intro.loadFailed', { reason: isApiError(loaded.error) ? apiErrorText(loaded.error, t) : t('error.loadFailed') })}
        </p>
        <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
          {t('common.retry')}
        </button>
      </section>
    );
  }

  return (
    <>
      <IntroView intro={loaded.intro} status={pushed ?? loaded.intro.status} />
      <StaffList roomId={roomId} />
    </>
  );
}

/** The loaded introduction; `status` is the latest known (a push wins over the room info). */
export function IntroView({ intro, status }: { readonly intro: RoomIntroduction; readonly status: LiveStatusCode | null }) {
  const { t, i18n } = useTranslation();
  const name = status === null ? null : statusName(status);
  const language = intlLocaleOf(i18n.language);
  const start = intro.startTime === null ? null : new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(intro.startTime);
  return (
    <section className="room-intro" aria-label={t('intro.region')}>
      {intro.title !== '' && <h2 className="room-intro__title">{intro.title}</h2>}
      {(name !== null || start !== null) && (
        <p className="room-intro__meta">
          {name !== null && (
            <span className={`room-intro__status room-intro__status--${name}`} data-status={name}>
              {t(`liveStatus.${name}`)}
            </span>
          )}
          {start !== null && <span className="room-intro__start">{t('intro.startTime', { time: start })}</span>}
        </p>
      )}
      {intro.introduction === '' ? (
        <p className="room-intro__note">{t('intro.empty')}</p>
      ) : (
        <p className="room-intro__text">{intro.introduction}</p>
      )}
    </section>
  );
}
