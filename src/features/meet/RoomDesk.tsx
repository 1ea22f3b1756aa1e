/**
 * The console's room desk (issue 15 item 4: what `npm run room` does for a room, the console
 * does): the countdown to the live (schedule), the introduction, gifts and goods on or off,
 * the sign-up audit and the viewers a kick keeps out, readmitted from here. The calls are
 * the admin API's routes under the host's login (server/admin/hostMount.ts).
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { intlLocaleOf } from '../../i18n/localeChoice';
import { readKicks, readSignups } from './consoleData';
import { useHostCall, usePolledList } from './useHostCall';
import { useHostCalls } from './useHostCalls';
import { ConsoleProblem } from './ConsoleProblem';
import { BroadcastBlock } from './BroadcastBlock';

/** The server's bounds: the introduction's length, and a countdown of up to a year. */
const INTRODUCTION_MAX = 5000;
const COUNTDOWN_MINUTES_MAX = 366 * 24 * 60;

function ScheduleBlock({ roomId }: { readonly roomId: string }) {
  const { t, i18n } = useTranslation(INTERACTIONS_NS);
  const host = useHostCalls();
  const call = useHostCall();
  const [minutes, setMinutes] = useState('10');
  const [startsAt, setStartsAt] = useState<number | null>(null);
  const value = Number(minutes);
  const valid = minutes.trim() !== '' && Number.isInteger(value) && value >= 1 && value <= COUNTDOWN_MINUTES_MAX;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    call.run(
      () => host.hostSchedule({ id: roomId, inSeconds: value * 60 }),
      (answer) => {
        const time = (answer as { startTime?: unknown } | null)?.startTime;
        setStartsAt(typeof time === 'number' ? time : null);
      },
    );
  };
  const format = new Intl.DateTimeFormat(intlLocaleOf(i18n.language), { dateStyle: 'short', timeStyle: 'short' });
  return (
    <form className="interaction-desk__block" onSubmit={submit}>
      <h3 className="console-card__subtitle">{t('console.room.schedule')}</h3>
      <div className="interaction-desk__row">
        <label className="interaction-desk__field">
          {t('console.room.startsIn')}
          <input className="form-field__input" type="number" inputMode="numeric" min={1} max={COUNTDOWN_MINUTES_MAX} step={1} value={minutes} aria-invalid={!valid} onChange={(event) => setMinutes(event.target.value)} />
        </label>
        <button type="submit" className="button" disabled={call.busy || !valid}>
          {t('console.room.scheduleSubmit')}
        </button>
      </div>
      {!valid && <p className="console-card__note">{t('console.room.minutesRule', { max: COUNTDOWN_MINUTES_MAX })}</p>}
      {startsAt !== null && (
        <p className="console-card__note" role="status">
          {t('console.room.startsAt', { time: format.format(startsAt) })}
        </p>
      )}
      <ConsoleProblem text={call.failure} />
    </form>
  );
}

type CommerceSwitch = 'rewards' | 'goods';
const COMMERCE_SWITCHES: readonly CommerceSwitch[] = ['rewards', 'goods'];

/** Gifts and rewards, and goods, on or off for the room (viewers get 4405/4406 while off). */
function CommerceBlock({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const host = useHostCalls();
  const call = useHostCall();
  const [state, setState] = useState<Readonly<Record<CommerceSwitch, boolean>> | null>(null);
  const take = useCallback((answer: unknown) => {
    const body = answer as { rewards?: unknown; goods?: unknown } | null;
    if (typeof body?.rewards === 'boolean' && typeof body.goods === 'boolean') setState({ rewards: body.rewards, goods: body.goods });
  }, []);
  useEffect(() => {
    const controller = new AbortController();
    host.hostCommerce({ id: roomId }, { signal: controller.signal, background: true }).then(take, () => undefined);
    return () => controller.abort();
  }, [host, roomId, take]);
  return (
    <div className="interaction-desk__block">
      <h3 className="console-card__subtitle">{t('console.room.commerce')}</h3>
      <div className="interaction-desk__row" role="group" aria-label={t('console.room.commerce')}>
        {COMMERCE_SWITCHES.map((name) => (
          <button
            key={name}
            type="button"
            className="button chat-controls__switch"
            aria-pressed={state?.[name] ?? false}
            disabled={state === null || call.busy}
            onClick={() => call.run(() => host.hostCommerce({ id: roomId, [name]: !(state?.[name] ?? false) }), take)}
          >
            {t(`console.room.${name}`)}
          </button>
        ))}
      </div>
      <ConsoleProblem text={call.failure} />
    </div>
  );
}

function IntroductionBlock({ roomId, initial }: { readonly roomId: string; readonly initial: string }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const host = useHostCalls();
  const call = useHostCall();
  const [saved, setSaved] = useState(initial);
  const [text, setText] = useState(initial);
  // The room's introduction arrives after the desk is drawn: taken unless something was typed.
  const lastInitial = useRef(initial);
  useEffect(() => {
    const was = lastInitial.current;
    lastInitial.current = initial;
    if (was === initial) return;
    setSaved(initial);
    setText((now) => (now === was ? initial : now));
  }, [initial]);
  const [done, setDone] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    call.run(
      () => host.hostIntroduction({ id: roomId, text }),
      () => {
        setSaved(text);
        setDone(true);
      },
    );
  };
  return (
    <form className="interaction-desk__block" onSubmit={submit}>
      <h3 className="console-card__subtitle">
        <label htmlFor={`room-desk-intro-${roomId}`}>{t('console.room.introduction')}</label>
      </h3>
      <textarea id={`room-desk-intro-${roomId}`} className="form-field__input room-desk__intro" rows={4} maxLength={INTRODUCTION_MAX} value={text} onChange={(event) => setText(event.target.value)} />
      <div className="interaction-desk__row">
        <button type="submit" className="button" disabled={call.busy || text === saved}>
          {t('console.room.introductionSave')}
        </button>
        <span className="console-card__note" role="status">
          {done && text === saved ? t('console.room.introductionSaved') : t('console.room.introductionLength', { n: text.length, max: INTRODUCTION_MAX })}
        </span>
      </div>
      <ConsoleProblem text={call.failure} />
    </form>
  );
}

function SignupsBlock({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const host = useHostCalls();
  const call = useHostCall();
  const [signups, readAgain] = usePolledList((signal) => host.hostSignups({ id: roomId }, { signal, background: true }), readSignups);
  const audit = (uid: string, state: 'passed' | 'failed') => call.run(() => host.hostSignupAudit({ id: roomId, uid, state }), readAgain);
  const waiting = signups?.filter((s) => s.state === 'pending').length ?? 0;
  return (
    <div className="interaction-desk__block">
      <h3 className="console-card__subtitle">{t('console.room.signups', { n: waiting })}</h3>
      {signups === null ? (
        <p className="console-card__empty">{t('console.loading')}</p>
      ) : signups.length === 0 ? (
        <p className="console-card__empty">{t('console.room.signupsEmpty')}</p>
      ) : (
        <ul className="console-list" aria-label={t('console.room.signupsLabel')}>
          {signups.map((signup) => (
            <li key={signup.uid} className="console-list__row" data-state={signup.state}>
              <span className="console-list__who">
                <bdi className="console-list__name">{signup.name}</bdi>
                <bdi className="console-list__text">{signup.contact}</bdi>
                <span className={`room-desk__state room-desk__state--${signup.state}`}>{t(`console.room.signup.${signup.state}`)}</span>
              </span>
              <span className="console-list__actions">
                {signup.state !== 'failed' && (
                  <button type="button" className="button" disabled={call.busy} aria-label={t('console.room.failOf', { name: signup.name })} onClick={() => audit(signup.uid, 'failed')}>
                    {t('console.room.fail')}
                  </button>
                )}
                {signup.state !== 'passed' && (
                  <button type="button" className="button button--primary" disabled={call.busy} aria-label={t('console.room.passOf', { name: signup.name })} onClick={() => audit(signup.uid, 'passed')}>
                    {t('console.room.pass')}
                  </button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      <ConsoleProblem text={call.failure} />
    </div>
  );
}

function KickedBlock({ roomId }: { readonly roomId: string }) {
  const { t, i18n } = useTranslation(INTERACTIONS_NS);
  const host = useHostCalls();
  const call = useHostCall();
  const [kicked, readAgain] = usePolledList((signal) => host.hostKicks({ id: roomId }, { signal, background: true }), readKicks);
  const readmit = (uid: string) => call.run(() => host.hostReadmit({ id: roomId, uid }), readAgain);
  const format = new Intl.DateTimeFormat(intlLocaleOf(i18n.language), { dateStyle: 'short', timeStyle: 'short' });
  return (
    <div className="interaction-desk__block">
      <h3 className="console-card__subtitle">{t('console.room.kicked', { n: kicked?.length ?? 0 })}</h3>
      {kicked === null ? (
        <p className="console-card__empty">{t('console.loading')}</p>
      ) : kicked.length === 0 ? (
        <p className="console-card__empty">{t('console.room.kickedEmpty')}</p>
      ) : (
        <ul className="console-list" aria-label={t('console.room.kickedLabel')}>
          {kicked.map((user) => (
            <li key={user.uid} className="console-list__row">
              <span className="console-list__who">
                <bdi className="console-list__name">{user.name}</bdi>
                {user.reason !== '' && <bdi className="console-list__text">{user.reason}</bdi>}
                <span className="console-card__note">{user.until === null ? t('console.room.untilReadmitted') : t('console.room.until', { time: format.format(user.until) })}</span>
              </span>
              <span className="console-list__actions">
                <button type="button" className="button" disabled={call.busy} aria-label={t('console.room.readmitOf', { name: user.name })} onClick={() => readmit(user.uid)}>
                  {t('console.room.readmit')}
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <ConsoleProblem text={call.failure} />
    </div>
  );
}

/** `broadcast`: the encoder settings block, for the host only (the server refuses others 4009). */
export function RoomDesk({ roomId, introduction, broadcast }: { readonly roomId: string; readonly introduction: string; readonly broadcast: boolean }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  return (
    <section className="console-card room-desk" aria-labelledby="room-desk-title">
      <h2 id="room-desk-title" className="console-card__title">
        {t('console.room.title')}
      </h2>
      {broadcast && <BroadcastBlock roomId={roomId} />}
      <ScheduleBlock roomId={roomId} />
      <IntroductionBlock roomId={roomId} initial={introduction} />
      <CommerceBlock roomId={roomId} />
      <SignupsBlock roomId={roomId} />
      <KickedBlock roomId={roomId} />
    </section>
  );
}
