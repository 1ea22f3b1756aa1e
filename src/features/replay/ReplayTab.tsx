/**
 * The replay's guide (issue 36 items 3 and 4), a room tab while a recording plays: its
 * chapters (the host's, and the moments the room's interactions and notices happened),
 * the viewer's own moments ("when I was mentioned", "my questions"), and the transcript (the
 * captions and the staff's lines) with search. Every entry goes to its moment in the
 * recording; the transcript follows playback and marks the line being spoken.
 */
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { clockText } from '../../domain/mediaTime';
import { currentLineAt, markersOf, positionOfTime, searchTranscript, transcriptOf, type TranscriptLine } from '../../domain/replayTimeline';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { replayTimeline, requestReplaySeek, retryReplayTimeline, timelineOf, type OwnMoment } from '../../state/replayTimeline';
import { useReplayMoment, type ReplayMoment } from '../../ui/useReplayMoment';
import './replay.css';

type Section = 'chapters' | 'mine' | 'transcript';

export function ReplayTab({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const timeline = timelineOf(useSnapshot(replayTimeline).current, roomId);
  const events = timeline?.events;
  const lines = useMemo(() => transcriptOf(events ?? []), [events]);
  const nextLine = useCallback((moment: number) => lines[currentLineAt(lines, moment) + 1]?.at ?? null, [lines]);
  const moment = useReplayMoment(roomId, nextLine);
  const [section, setSection] = useState<Section>('chapters');

  if (timeline === null || moment === null) return <p className="replay-tab__notice">{t('replay.notPlaying')}</p>;
  if (timeline.status === 'loading') return <p className="replay-tab__notice" role="status">{t('replay.loading')}</p>;
  if (timeline.status === 'failed') {
    return (
      <div className="replay-tab__notice" role="alert">
        <p>{t('replay.failed')}</p>
        <button type="button" className="button" onClick={retryReplayTimeline}>
          {t('replay.retry')}
        </button>
      </div>
    );
  }
  const sections: readonly Section[] = ['chapters', 'mine', 'transcript'];
  return (
    <div className="replay-tab" data-testid="replay-tab">
      <div className="replay-tab__sections" role="group" aria-label={t('replay.sections')}>
        {sections.map((key) => (
          <button key={key} type="button" className="replay-tab__section" aria-pressed={section === key} onClick={() => setSection(key)}>
            {t(`replay.section.${key}`)}
          </button>
        ))}
      </div>
      {timeline.truncated && <p className="replay-tab__note">{t('replay.truncated')}</p>}
      {section === 'chapters' && <Chapters events={timeline.events} moment={moment} />}
      {section === 'mine' && <Mine moments={timeline.moments} moment={moment} />}
      {section === 'transcript' && <Transcript lines={lines} moment={moment} />}
    </div>
  );
}

/** A row that goes to its moment: the position, then what happened. */
function MomentRow({ at, moment, current, children }: { readonly at: number; readonly moment: ReplayMoment; readonly current?: boolean; readonly children: ReactNode }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const position = positionOfTime(at, moment.startedAt, moment.offsetS);
  return (
    <li className="replay-row" aria-current={current === true ? 'true' : undefined}>
      <button type="button" className="replay-row__button" onClick={() => requestReplaySeek(position)} aria-label={t('replay.seekTo', { position: clockText(position) })}>
        <span className="replay-row__time">{clockText(position)}</span>
      </button>
      <span className="replay-row__text">{children}</span>
    </li>
  );
}

function Chapters({ events, moment }: { readonly events: Parameters<typeof markersOf>[0]; readonly moment: ReplayMoment }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const markers = useMemo(() => markersOf(events), [events]);
  if (markers.length === 0) return <p className="replay-tab__note">{t('replay.noChapters')}</p>;
  const current = markers.reduce((found, m, i) => (m.at <= moment.moment ? i : found), -1);
  return (
    <ol className="replay-list" aria-label={t('replay.section.chapters')}>
      {markers.map((marker, i) => (
        <MomentRow key={`${marker.kind}-${marker.at}-${i}`} at={marker.at} moment={moment} current={i === current}>
          <span className={`replay-kind replay-kind--${marker.kind}`}>{t(`replay.kind.${marker.kind}`)}</span>
          {marker.label !== '' && <span className="replay-row__label">{marker.label}</span>}
        </MomentRow>
      ))}
    </ol>
  );
}

function Mine({ moments, moment }: { readonly moments: readonly OwnMoment[] | null; readonly moment: ReplayMoment }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  if (moments === null) return <p className="replay-tab__note">{t('replay.mineFailed')}</p>;
  if (moments.length === 0) return <p className="replay-tab__note">{t('replay.mineNone')}</p>;
  return (
    <ol className="replay-list" aria-label={t('replay.section.mine')}>
      {moments.map((m, i) => (
        <MomentRow key={`${m.kind}-${m.at}-${i}`} at={m.at} moment={moment}>
          <span className={`replay-kind replay-kind--${m.kind}`}>{t(`replay.mine.${m.kind}`)}</span>
          <span className="replay-row__label">{m.text}</span>
        </MomentRow>
      ))}
    </ol>
  );
}

/** Lines shown around the current one while nothing is searched: a long transcript is not all rendered. */
const FOLLOW_BEFORE = 20;
const FOLLOW_AFTER = 60;
const HITS_SHOWN = 200;

function Transcript({ lines, moment }: { readonly lines: readonly TranscriptLine[]; readonly moment: ReplayMoment }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const hits = useMemo(() => searchTranscript(lines, deferred), [lines, deferred]);
  const current = currentLineAt(lines, moment.moment);
  const list = useRef<HTMLOListElement>(null);
  const searching = deferred.trim() !== '';
  // Following playback: the current line stays in view (without moving the page).
  useEffect(() => {
    if (searching) return;
    const row = list.current?.querySelector<HTMLElement>('[aria-current="true"]');
    if (row && list.current) list.current.scrollTop = row.offsetTop - list.current.clientHeight / 3;
  }, [current, searching]);

  if (lines.length === 0) return <p className="replay-tab__note">{t('replay.noTranscript')}</p>;
  const shown = searching
    ? hits.slice(0, HITS_SHOWN).map((hit) => ({ index: hit.line, ranges: hit.ranges }))
    : lines.slice(Math.max(0, current - FOLLOW_BEFORE), Math.max(0, current) + FOLLOW_AFTER).map((_line, i) => ({ index: Math.max(0, current - FOLLOW_BEFORE) + i, ranges: [] as readonly (readonly [number, number])[] }));
  return (
    <div className="replay-transcript">
      <label className="replay-transcript__search">
        <span className="visually-hidden">{t('replay.search')}</span>
        <input type="search" value={query} onChange={(event) => setQuery(event.target.value)} placeholder={t('replay.searchHint')} aria-label={t('replay.search')} />
      </label>
      {searching && (
        <p className="replay-tab__note" role="status">
          {t('replay.hits', { count: hits.length })}
        </p>
      )}
      <ol ref={list} className="replay-list replay-list--transcript" aria-label={t('replay.section.transcript')}>
        {shown.map(({ index, ranges }) => {
          const line = lines[index]!;
          return (
            <MomentRow key={index} at={line.at} moment={moment} current={index === current}>
              {line.source === 'host' && <span className="replay-kind replay-kind--host">{line.name || t('replay.host')}</span>}
              <Highlighted text={line.text} ranges={ranges} />
            </MomentRow>
          );
        })}
      </ol>
    </div>
  );
}

function Highlighted({ text, ranges }: { readonly text: string; readonly ranges: readonly (readonly [number, number])[] }) {
  if (ranges.length === 0) return <span className="replay-row__label">{text}</span>;
  const parts: ReactNode[] = [];
  let from = 0;
  ranges.forEach(([start, end], i) => {
    if (start > from) parts.push(text.slice(from, start));
    parts.push(<mark key={i}>{text.slice(start, end)}</mark>);
    from = end;
  });
  if (from < text.length) parts.push(text.slice(from));
  return <span className="replay-row__label">{parts}</span>;
}
