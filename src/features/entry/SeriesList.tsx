/**
 * The series a room is part of (SPEC 7.1 aggregation relation list): its other sessions on
 * the room's guide page, each with its state and start, linking to that session's guide page
 * through the series (`?agg=`), where the login goes through the series too (live_login/agg).
 * Nothing when the list cannot be read: the room's own entry does not depend on it.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocaleOf } from '../../i18n/localeChoice';
import { useApi } from '../../state/apiContext';
import { SafeLink } from '../../ui/SafeLink';
import { readSeries, type SeriesRoom } from './seriesData';

const STATUS_KEYS = ['liveStatus.notStarted', 'liveStatus.preparing', 'liveStatus.live', 'liveStatus.ended'] as const;

export function SeriesList({ roomId, series }: { readonly roomId: string; readonly series: string }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const [rooms, setRooms] = useState<readonly SeriesRoom[] | null>(null);
  const time = useMemo(() => new Intl.DateTimeFormat(intlLocaleOf(i18n.language), { dateStyle: 'medium', timeStyle: 'short' }), [i18n.language]);

  useEffect(() => {
    const controller = new AbortController();
    api.live.aggRelationList({ aggId: series }, { signal: controller.signal, background: true }).then(
      (data) => setRooms(readSeries(data)),
      () => setRooms([]),
    );
    return () => controller.abort();
  }, [api, series]);

  if (rooms === null || rooms.length < 2) return null;
  return (
    <section className="entry-series" aria-labelledby={`entry-series-${roomId}`}>
      <h3 id={`entry-series-${roomId}`} className="entry-series__title">
        {t('entry.series.title', { count: rooms.length })}
      </h3>
      <ol className="entry-series__list">
        {rooms.map((room) => (
          <li key={room.webcastId} className="entry-series__room" aria-current={room.webcastId === roomId ? 'page' : undefined}>
            {room.webcastId === roomId ? <bdi className="entry-series__name">{room.title}</bdi> : <SafeLink to={`/live/login/${encodeURIComponent(room.webcastId)}?agg=${encodeURIComponent(series)}`}>{room.title}</SafeLink>}
            <span className="entry-series__meta">
              {room.status !== null && <span className={`entry-series__status entry-series__status--${room.status}`}>{t(STATUS_KEYS[room.status])}</span>}
              {room.startTime !== null && <span>{time.format(room.startTime)}</span>}
              {room.webcastId === roomId && <span>{t('entry.series.here')}</span>}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
