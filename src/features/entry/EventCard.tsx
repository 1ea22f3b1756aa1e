/**
 * The event on the guide page, as the webcast products people know present it: the cover
 * (or the theme colour with the title when the room has none) with its state on it (live,
 * not started, ended, replay), the title, who hosts it, the start time with a live
 * countdown while it has not started, the introduction, and two actions: a start reminder
 * where the room offers one (its form loads on demand) and the page's link to share.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countdownMs, countdownText } from '../../domain/countdown';
import { intlLocaleOf } from '../../i18n/localeChoice';
import { useApi } from '../../state/apiContext';
import { readReminderConfig } from './reminderConfig';
import { STATUS_KEYS, type RoomIntro } from './roomInfo';
import { useClock } from '../../ui/clock';

const ReminderPanel = lazy(() => import('./ReminderPanel').then((m) => ({ default: m.ReminderPanel })));

/** The state shown on the cover: the live status, or "replay" for an ended room that has one. */
export function eventState(intro: RoomIntro): 'notStarted' | 'preparing' | 'live' | 'ended' | 'replay' | null {
  if (intro.status === null) return null;
  if (intro.status === 3 && intro.hasReplay) return 'replay';
  return STATUS_KEYS[intro.status] ?? null;
}

export function EventCard({ roomId, intro }: { readonly roomId: string; readonly intro: RoomIntro }) {
  const { t, i18n: instance } = useTranslation();
  const state = eventState(intro);
  const upcoming = state === 'notStarted' || state === 'preparing';
  const start =
    intro.startTime === null
      ? null
      : new Intl.DateTimeFormat(intlLocaleOf(instance.language), { dateStyle: 'full', timeStyle: 'short' }).format(intro.startTime);
  const [reminding, setReminding] = useState(false);
  const remindable = useRemindable(roomId, upcoming);

  return (
    <article className="event-card" aria-labelledby={`event-${roomId}-title`}>
      <div className="event-card__hero">
        {intro.coverUrl !== null ? (
          <img className="event-card__cover" src={intro.coverUrl} alt={t('entry.room.coverAlt')} />
        ) : (
          <div className="event-card__cover event-card__cover--plain" aria-hidden="true">
            <span>{intro.title}</span>
          </div>
        )}
        {state !== null && (
          <span className={`event-card__state event-card__state--${state}`} data-state={state}>
            {state === 'live' && <span className="event-card__dot" aria-hidden="true" />}
            {state === 'replay' ? t('entry.event.replay') : t(`liveStatus.${state}`)}
          </span>
        )}
      </div>
      <div className="event-card__body">
        <h2 id={`event-${roomId}-title`} className="event-card__title">
          {intro.title === '' ? t('screen.guideTitle', { id: roomId }) : intro.title}
        </h2>
        {intro.hostName !== null && <p className="event-card__host">{t('entry.event.host', { name: intro.hostName })}</p>}
        {start !== null && (
          <p className="event-card__time">
            <span>{t('entry.room.startTime', { time: start })}</span>
          </p>
        )}
        {upcoming && intro.startTime !== null && <StartCountdown startTime={intro.startTime} />}
        {state === 'live' && (
          <p className="event-card__live-now" role="status">
            {t('entry.event.liveNow')}
          </p>
        )}
        {intro.introduction !== '' && <p className="event-card__intro">{intro.introduction}</p>}
        <div className="event-card__actions">
          {upcoming && remindable && (
            <button type="button" className="button" aria-expanded={reminding} onClick={() => setReminding((on) => !on)}>
              {t('entry.event.remind')}
            </button>
          )}
          <ShareLink />
        </div>
        {upcoming && remindable && reminding && (
          <Suspense fallback={<p role="status">{t('entry.loading')}</p>}>
            <ReminderPanel roomId={roomId} />
          </Suspense>
        )}
      </div>
    </article>
  );
}

/** Whether the room offers start reminders (asked only while it has not started). */
function useRemindable(roomId: string, upcoming: boolean): boolean {
  const api = useApi();
  const [offered, setOffered] = useState<{ roomId: string; on: boolean } | null>(null);
  useEffect(() => {
    if (!upcoming) return;
    const controller = new AbortController();
    api.live.subscribeConfig({ webcastId: roomId }, { signal: controller.signal }).then(
      (data) => {
        const config = readReminderConfig(data);
        setOffered({ roomId, on: config.enabled && config.channels.length > 0 });
      },
      // No reminder offered is the quiet answer to a failed look-up: the rest of the page stands.
      () => undefined,
    );
    return () => controller.abort();
  }, [api, roomId, upcoming]);
  return offered?.roomId === roomId && offered.on;
}

/** The time left to the start, ticking every second; at zero, "starting any moment". */
function StartCountdown({ startTime }: { readonly startTime: number }) {
  const clock = useClock();
  const { t } = useTranslation();
  const [now, setNow] = useState(() => clock.now());
  const left = countdownMs(startTime, now) ?? 0;
  useEffect(() => {
    if (left <= 0) return;
    const timer = clock.setTimeout(() => setNow(clock.now()), 1000 - (clock.now() % 1000) + 5);
    return () => clock.clearTimeout(timer);
  }, [clock, now, left]);
  if (left <= 0) {
    return (
      <p className="event-card__countdown" role="timer" data-left="0">
        {t('entry.event.startingSoon')}
      </p>
    );
  }
  const { days, time } = countdownText(left);
  return (
    <p className="event-card__countdown" role="timer" aria-live="off" data-left={Math.ceil(left / 1000)}>
      {days > 0 ? t('countdown.startsInDays', { days, time }) : t('countdown.startsIn', { time })}
    </p>
  );
}

/** Copies the guide page's address (the share sheet where the device has one). */
function ShareLink() {
  const clock = useClock();
  const { t } = useTranslation();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  useEffect(() => {
    if (copied === null) return;
    const timer = clock.setTimeout(() => setCopied(null), 4000);
    return () => clock.clearTimeout(timer);
  }, [clock, copied]);
  const url = window.location.origin + window.location.pathname;
  const share = async () => {
    if (typeof navigator.share === 'function' && matchMedia('(pointer: coarse)').matches) {
      // Phones: the system's share sheet; a viewer who closes it has decided, nothing to say.
      await navigator.share({ url, title: document.title }).catch(() => undefined);
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };
  return (
    <>
      <button type="button" className="button" onClick={() => void share()}>
        {t('entry.event.share')}
      </button>
      {copied !== null && (
        <span className="event-card__copied" role="status">
          {copied === 'yes' ? t('entry.event.copied') : t('entry.event.copyFailed', { url })}
        </span>
      )}
    </>
  );
}
