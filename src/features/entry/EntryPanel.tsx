/**
 * The guide page's entry panel (/live/login/{id}): the room's info (title, cover, start
 * time, status, introduction; theme colour and language applied), the privacy agreement
 * where the room requires it, and the entry form(s) for the login types the room takes
 * (`entry.types` of the room info). Also the ways back into this page: a disposable link
 * (`?disposable=`), the enterprise-messaging redirect (`?code=…&state={id}`). A room that
 * cannot be entered (unknown, deleted, bad address) says why in the current language.
 */
import { lazy, Suspense, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { isApiError, type ApiError } from '../../api';
import { i18n, getSelectableLocales } from '../../i18n';
import { LOCALE_STORAGE_KEY, isLocale } from '../../i18n/localeChoice';
import type { Problem } from '../../domain/result';
import { useApi } from '../../state/apiContext';
import { Skeleton } from '../../ui/Skeleton';
import { SESSION_END_MESSAGE_KEYS } from '../../realtime/sessionEnd';
import { forgetSessionEnd, sessionEndStore } from '../../state/sessionEnd';
import { clearSession, session, setTheme } from '../../state/session';
import { consentRemembered, rememberConsent } from './consentMemory';
import { knownName, nicknameStore } from './nicknameStore';
import { errorText, type Consent, type EntryFormProps } from './entryKit';
import { GuestForm } from './forms/GuestForm';
import { privacyMode, signedInAs, type PrivacyMode } from './guestEntry';
import { EventCard } from './EventCard';
import { LoginWelcome } from './LoginWelcome';
import { entryFormsOf, readRoomView, type EntryForm, type RoomView, type ThirdPartyApp } from './roomInfo';
import './entry.css';
import { useClock } from '../../ui/clock';
import type { TimerId } from '../../realtime/ports';

// Every form but the guest one is loaded when a room needs it: the guide page's script
// stays small (the QR library, for one, is only in the QR form's chunk).
const SignupEntry = lazy(() => import('./forms/SignupEntry'));
const QrEntry = lazy(() => import('./forms/QrEntry'));
const DisposableEntry = lazy(() => import('./forms/DisposableEntry'));
const CodeLoginForm = lazy(() => import('./forms/CodeLoginForm').then((m) => ({ default: m.CodeLoginForm })));
const EnterpriseEntry = lazy(() => import('./forms/EnterpriseEntry').then((m) => ({ default: m.EnterpriseEntry })));
const ThirdPartyEntry = lazy(() => import('./forms/ThirdPartyEntry').then((m) => ({ default: m.ThirdPartyEntry })));
const PasswordForm = lazy(() => import('./forms/SecretForms').then((m) => ({ default: m.PasswordForm })));
const MemberCodeForm = lazy(() => import('./forms/SecretForms').then((m) => ({ default: m.MemberCodeForm })));
const SeriesList = lazy(() => import('./SeriesList').then((m) => ({ default: m.SeriesList })));
const NicknamePanel = lazy(() => import('./NicknamePanel').then((m) => ({ default: m.NicknamePanel })));

export interface EntryPanelProps {
  readonly roomId: string;
  /** Called once the room has a login: after a login, or at "Enter the room". */
  readonly onEntered: () => void;
}

type Loaded =
  | { readonly roomId: string; readonly view: RoomView }
  | { readonly roomId: string; readonly error: unknown };

/** Room info refusals that mean "this room cannot be entered at all". */
const ROOM_GONE = new Set([4001, 4002, 4006]);
const INVALID_INPUT = 4501;
/** How long the signed-in view waits before checking a remembered login. */
const LOGIN_CHECK_DELAY_MS = 500;
/** How often a room not yet live is asked for its status; more often once its start time is near or past. */
const ROOM_RECHECK_MS = 15_000;
const ROOM_RECHECK_SOON_MS = 3_000;
/** A room id as the routes hand it over: anything else is an address nobody issued (4001). */
const ROOM_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The reference server answers the product defaults (#2081eb, zh_cn) for a room without a
 * colour or language of its own; those leave the site's configured theme and language as
 * they are. A room's own colour replaces the theme; a room's own language applies unless
 * the viewer chose one themselves (that choice wins).
 */
const DEFAULT_ROOM_THEME = '#2081eb';
const DEFAULT_ROOM_LOCALE = 'zh_cn';

function applyRoomTheme(colour: string | null): void {
  if (colour === null || colour.toLowerCase() === DEFAULT_ROOM_THEME) return;
  setTheme(colour);
}

function applyRoomLocale(locale: string | null): void {
  if (locale === null || locale === DEFAULT_ROOM_LOCALE || !isLocale(locale) || !getSelectableLocales().includes(locale)) return;
  if (i18n.language === locale) return;
  try {
    if (localStorage.getItem(LOCALE_STORAGE_KEY) !== null) return;
  } catch {
    // No storage: no remembered choice either.
  }
  void i18n.changeLanguage(locale);
}

export function EntryPanel({ roomId, onEntered }: EntryPanelProps) {
  const clock = useClock();
  const { t } = useTranslation();
  const api = useApi();
  const snap = useSnapshot(session);
  useSnapshot(nicknameStore);
  const login = signedInAs(snap, roomId);
  // After a reload the session knows the user id only: the name comes from what the login
  // or update_name answered earlier (remembered per user id).
  const signedIn = login === null ? null : (knownName(snap.userId)?.name ?? login);
  const [params, setParams] = useSearchParams();

  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [attempt, setAttempt] = useState(0);
  const addressValid = ROOM_ID.test(roomId);
  useEffect(() => {
    if (!addressValid) return;
    const controller = new AbortController();
    api.live.roomInfo({ id: roomId }, { signal: controller.signal }).then(
      (info) => {
        const view = readRoomView(info, window.location.href);
        applyRoomTheme(view.intro.themeColour);
        applyRoomLocale(view.intro.locale);
        setLoaded({ roomId, view });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ roomId, error });
      },
    );
    return () => controller.abort();
  }, [api, roomId, attempt, addressValid]);
  const current = loaded?.roomId === roomId ? loaded : null;

  // A room not yet live is asked again now and then (more often once its start time has
  // come), so the page tells the waiting viewer the moment the live starts.
  const waitingStatus = current !== null && 'view' in current ? current.view.intro.status : null;
  const startTime = current !== null && 'view' in current ? current.view.intro.startTime : null;
  useEffect(() => {
    if (waitingStatus !== 0 && waitingStatus !== 1) return;
    const controller = new AbortController();
    let timer: TimerId | undefined;
    const next = () => {
      const soon = startTime !== null && startTime <= clock.now() + ROOM_RECHECK_SOON_MS;
      timer = clock.setTimeout(look, soon ? ROOM_RECHECK_SOON_MS : ROOM_RECHECK_MS);
    };
    const look = () => {
      api.live.roomInfo({ id: roomId }, { signal: controller.signal }).then(
        (info) => setLoaded({ roomId, view: readRoomView(info, window.location.href) }),
        // The page keeps what it has; the next look goes on.
        () => undefined,
      );
      next();
    };
    next();
    return () => {
      clock.clearTimeout(timer);
      controller.abort();
    };
  }, [api, clock, roomId, waitingStatus, startTime]);

  // The ways back into this page carry one-time values: read them once, then drop them
  // from the address so a reload does not spend them again.
  const [returned] = useState(() => ({
    disposable: params.get('disposable')?.trim() || null,
    code: params.get('state') === roomId ? params.get('code')?.trim() || null : null,
  }));
  useEffect(() => {
    if (params.has('disposable') || params.has('code') || params.has('state')) {
      const next = new URLSearchParams(params);
      next.delete('disposable');
      next.delete('code');
      next.delete('state');
      setParams(next, { replace: true });
    }
  }, [params, setParams]);

  // Privacy agreement (SPEC 5): ticked before login where the room requires it.
  const mode: PrivacyMode = current === null || 'error' in current ? 'hidden' : privacyMode(current.view.rules);
  const [ticked, setTicked] = useState(() => consentRemembered(roomId));
  const [privacyProblem, setPrivacyProblem] = useState<Problem | undefined>();
  const consent: Consent = useMemo(
    () => ({
      ready: mode !== 'required' || ticked,
      check() {
        if (mode === 'required' && !ticked) {
          setPrivacyProblem({ key: 'validation.privacy.required' });
          return null;
        }
        setPrivacyProblem(undefined);
        return ticked && mode !== 'hidden' ? { privacyAccepted: true } : {};
      },
    }),
    [mode, ticked],
  );
  const tick = (value: boolean) => {
    setTicked(value);
    if (value) setPrivacyProblem(undefined);
    rememberConsent(roomId, value);
  };

  // Why the last login for this room ended on its video page (elsewhere, kicked, logged out).
  const ended = useSnapshot(sessionEndStore).rooms[roomId];

  if (!addressValid) {
    return (
      <section className="entry-panel entry-unavailable" aria-label={t('entry.unavailable')}>
        <p className="entry-problem" role="alert">
          {t('code.4001')}
        </p>
      </section>
    );
  }
  if (current === null) {
    return (
      <section className="entry-panel" aria-busy="true">
        <Skeleton shape="event" />
      </section>
    );
  }
  if ('error' in current) return <RoomUnavailable error={current.error} onRetry={() => setAttempt((n) => n + 1)} />;

  const { view } = current;
  const forms = entryFormsOf(view.types);
  // Come through a series (?agg=): the login goes through it when the room is part of it.
  const asked = params.get('agg');
  const series = asked !== null && view.series.includes(asked) ? asked : null;
  const props: EntryFormProps = { roomId, onEntered, consent, series };

  return (
    <div className="entry-panel">
      <EventCard roomId={roomId} intro={view.intro} />
      <div className="entry-panel__forms">
      <LoginWelcome roomId={roomId} />
      {ended !== undefined && (
        <p className={ended === 'loggedOut' ? 'entry-ended' : 'entry-problem'} role={ended === 'loggedOut' ? 'status' : 'alert'} data-ended={ended}>
          {t(SESSION_END_MESSAGE_KEYS[ended])}
        </p>
      )}
      {signedIn !== null && ended !== undefined ? (
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            clearSession();
            forgetSessionEnd(roomId);
          }}
        >
          {t('entry.loginAgain')}
        </button>
      ) : signedIn !== null ? (
        <SignedInView roomId={roomId} name={signedIn} onEntered={onEntered} />
      ) : (
        <>
          {returned.disposable !== null && (
            <Suspense fallback={null}>
              <DisposableEntry {...props} token={returned.disposable} />
            </Suspense>
          )}
          {forms.length === 0 ? (
            <p role="status">{t('entry.noEntry')}</p>
          ) : (
            <EntryForms forms={forms} props={props} returnedCode={returned.code} app={view.thirdParty} />
          )}
          {mode !== 'hidden' && (
            <PrivacyConsent
              required={mode === 'required'}
              ticked={ticked}
              onTick={tick}
              problem={privacyProblem}
              text={view.rules?.privacy ?? null}
            />
          )}
        </>
      )}
      {view.series.length > 0 && (
        <Suspense fallback={null}>
          <SeriesList roomId={roomId} series={series ?? view.series[0] ?? ''} />
        </Suspense>
      )}
      </div>
    </div>
  );
}

interface EntryFormsProps {
  readonly forms: readonly EntryForm[];
  readonly props: EntryFormProps;
  /** An outside authorisation's code sent back to this page (enterprise messaging, a third-party app). */
  readonly returnedCode: string | null;
  readonly app: ThirdPartyApp | null;
}

function EntryForms({ forms, props, returnedCode, app }: EntryFormsProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<EntryForm>(() => (returnedCode === null ? undefined : forms.find((f) => f === 'enterprise' || f === 'third')) ?? forms[0] ?? 'guest');
  const form = forms.includes(chosen) ? chosen : (forms[0] ?? 'guest');
  return (
    <>
      {forms.length > 1 && (
        <div className="entry-tabs" role="group" aria-label={t('entry.chooseWay')}>
          {forms.map((f) => (
            <button key={f} type="button" className="button" aria-pressed={f === form} onClick={() => setChosen(f)}>
              {t(`entry.${f}.title`)}
            </button>
          ))}
        </div>
      )}
      <Suspense fallback={<p role="status">{t('entry.loading')}</p>}>{formOf(form, props, returnedCode, app)}</Suspense>
    </>
  );
}

function formOf(form: EntryForm, props: EntryFormProps, returnedCode: string | null, app: ThirdPartyApp | null): ReactNode {
  switch (form) {
    case 'guest':
      return <GuestForm {...props} />;
    case 'password':
      return <PasswordForm {...props} />;
    case 'memberCode':
      return <MemberCodeForm {...props} />;
    case 'phone':
    case 'email':
    case 'vip':
    case 'whitelist':
      return <CodeLoginForm key={form} {...props} kind={form} />;
    case 'signup':
      return <SignupEntry {...props} />;
    case 'enterprise':
      return <EnterpriseEntry {...props} returnedCode={returnedCode} />;
    case 'qrScan':
      return <QrEntry {...props} />;
    case 'third':
      return <ThirdPartyEntry {...props} app={app} returnedCode={returnedCode} />;
  }
}

interface PrivacyConsentProps {
  readonly required: boolean;
  readonly ticked: boolean;
  readonly onTick: (ticked: boolean) => void;
  readonly problem?: Problem;
  readonly text: { readonly title: string; readonly content: string } | null;
}

function PrivacyConsent({ required, ticked, onTick, problem, text }: PrivacyConsentProps) {
  const { t } = useTranslation();
  const ids = useId();
  return (
    <div className="entry-privacy">
      <input
        id={`${ids}-box`}
        type="checkbox"
        name="privacyAccepted"
        checked={ticked}
        aria-required={required}
        aria-invalid={problem !== undefined}
        aria-describedby={problem !== undefined ? `${ids}-problem` : undefined}
        onChange={(event) => onTick(event.target.checked)}
      />
      <label htmlFor={`${ids}-box`}>{t('entry.guest.privacyAgree')}</label>
      {text !== null && (
        <details className="entry-privacy__text">
          <summary>{text.title}</summary>
          <p>{text.content}</p>
        </details>
      )}
      {problem !== undefined && (
        <p id={`${ids}-problem`} className="entry-problem" role="alert">
          {t(problem.key, problem.params)}
        </p>
      )}
    </div>
  );
}

/**
 * Already signed in to this room (this tab's or another tab's login). The stored login is
 * checked once with the session refresh (SPEC 7.1 user/refresh: token, sid, room): an expired
 * one answers 402, and the app then clears it and goes to the application root with the
 * "login expired" notice. (The heartbeat is the video page's keep-alive, in the worker.)
 */
function SignedInView({ roomId, name, onEntered }: { roomId: string; name: string; onEntered: () => void }) {
  const clock = useClock();
  const { t } = useTranslation();
  const api = useApi();
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    // A moment later: right after a login this view is gone again (the video page opens).
    const controller = new AbortController();
    const timer = clock.setTimeout(() => {
      const { liveToken, sid } = session;
      if (liveToken !== null && sid !== null) api.live.refreshSession({ token: liveToken, sid, webcastId: roomId }, { signal: controller.signal }).catch(() => undefined);
    }, LOGIN_CHECK_DELAY_MS);
    return () => {
      clock.clearTimeout(timer);
      controller.abort();
    };
  }, [api, clock, roomId]);
  return (
    <section className="entry-form" aria-label={t('entry.signedIn.title')}>
      <p className="entry-signed-in">{t('entry.guest.signedInAs', { name })}</p>
      <div className="entry-form__actions">
        <button type="button" className="button button--primary" onClick={onEntered}>
          {t('entry.guest.enterRoom')}
        </button>
        <button type="button" className="button" aria-expanded={editing} onClick={() => setEditing((v) => !v)}>
          {t('entry.nickname.change')}
        </button>
      </div>
      {editing && (
        <Suspense fallback={null}>
          <NicknamePanel onSaved={() => setEditing(false)} />
        </Suspense>
      )}
    </section>
  );
}

function RoomUnavailable({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const api: ApiError | null = isApiError(error) ? error : null;
  const code = api?.code;
  const gone = api?.kind === 'business' && code !== undefined && (ROOM_GONE.has(code) || code === INVALID_INPUT);
  const text = gone ? (code === INVALID_INPUT ? t('code.4001') : errorText(error, t)) : t('error.loadFailed');
  return (
    <section className="entry-panel entry-unavailable" aria-label={t('entry.unavailable')}>
      <p className="entry-problem" role="alert">
        {text}
      </p>
      {!gone && (
        <button type="button" className="button" onClick={onRetry}>
          {t('common.retry')}
        </button>
      )}
    </section>
  );
}
