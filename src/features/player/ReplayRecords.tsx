/**
 * The room's recordings under the player once the live has ended, where the room has more
 * than one (the record list, a page at a time): the viewer picks which one plays; the one
 * playing is marked. A room with one recording shows nothing here, it simply plays.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useApi } from '../../state/apiContext';
import { session } from '../../state/session';
import { failureText } from '../../ui/failureText';
import { durationText, readRecordsPage, RECORDS_PAGE, type ReplayRecord } from './replayRecords';

interface ReplayRecordsProps {
  readonly roomId: string;
  /** The address playing now (the room's replay, or the recording chosen here). */
  readonly playing: string | null;
  readonly onChoose: (record: ReplayRecord) => void;
}

const dateText = (ms: number, locale: string): string =>
  new Date(ms).toLocaleString(locale.replace('_', '-'), { month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false });

/** Only for a viewer who has entered the room: the record list needs the room's login. */
export function ReplayRecords(props: ReplayRecordsProps) {
  const { liveToken, currentRoomId } = useSnapshot(session);
  return liveToken !== null && currentRoomId === props.roomId ? <RecordList {...props} /> : null;
}

function RecordList({ roomId, playing, onChoose }: ReplayRecordsProps) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const [records, setRecords] = useState<readonly ReplayRecord[]>([]);
  const [total, setTotal] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(true);

  const read = useCallback(
    (skip: number, signal?: AbortSignal) =>
      api.live.recordList({ webcastId: roomId, skip, take: RECORDS_PAGE }, { signal, background: true }).then(
        (data) => {
          const page = readRecordsPage(data);
          setTotal(page.total);
          setRecords((known) => (skip === 0 ? page.records : [...known, ...page.records.filter((r) => !known.some((k) => k.id === r.id))]));
          setFailure(null);
          setBusy(false);
        },
        (error: unknown) => {
          if (signal?.aborted) return;
          setFailure(failureText(error, t));
          setBusy(false);
        },
      ),
    [api, roomId, t],
  );

  useEffect(() => {
    const controller = new AbortController();
    void read(0, controller.signal);
    return () => controller.abort();
  }, [read]);

  const more = () => {
    setBusy(true);
    void read(records.length);
  };

  if (total <= 1 && failure === null) return null;
  return (
    <section className="replay-records" aria-label={t('player.records.title')}>
      <h2 className="replay-records__title">{t('player.records.title')}</h2>
      {failure !== null && (
        <p className="replay-records__failure" role="alert">
          {failure}{' '}
          <button type="button" className="button" onClick={more}>
            {t('player.records.retry')}
          </button>
        </p>
      )}
      <ol className="replay-records__list">
        {records.map((record) => {
          const current = record.url === playing;
          return (
            <li key={record.id}>
              <button type="button" className="replay-records__item" aria-current={current ? 'true' : undefined} onClick={() => onChoose(record)}>
                <span className="replay-records__name">{record.title || t('player.records.untitled')}</span>
                <span className="replay-records__meta">
                  {record.createdAt !== null && dateText(record.createdAt, i18n.language)}
                  {record.durationMs !== null && ` · ${durationText(record.durationMs)}`}
                </span>
                {current && <span className="replay-records__playing">{t('player.records.playing')}</span>}
              </button>
            </li>
          );
        })}
      </ol>
      {records.length < total && failure === null && (
        <button type="button" className="button replay-records__more" onClick={more} disabled={busy}>
          {t('player.records.more')}
        </button>
      )}
    </section>
  );
}
