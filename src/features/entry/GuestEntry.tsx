import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { apiErrorText, isApiError } from '../../api';
import { useApi } from '../../state/apiContext';
import { enterRoom, session, setSession } from '../../state/session';
import { guestLoginInput, privacyMode, readEntryRules, signedInAs, type EntryRules, type GuestFormProblems } from './guestEntry';
import './entry.css';

export interface GuestEntryProps {
  /** The webcast id of the room to enter. */
  readonly roomId: string;
  /** Called once the room has a login: after a guest login, or at "Enter the room". */
  readonly onEntered: () => void;
}

/** The room's entry rules once the room info answered; null: unknown (the call failed). */
type RulesState = { readonly roomId: string; readonly rules: EntryRules | null };

/**
 * Guest entry on the guide page (PROTOCOL 1.3): an optional nickname, the privacy
 * agreement where the room requires it, and "Enter as guest". A viewer who already has a
 * login for the room (this tab's or another tab's: logins are shared) is offered to enter.
 */
export function GuestEntry({ roomId, onEntered }: GuestEntryProps) {
  const { t } = useTranslation();
  const api = useApi();
  const snap = useSnapshot(session);
  const signedIn = signedInAs(snap, roomId);

  const [loaded, setLoaded] = useState<RulesState | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api.live.roomInfo({ id: roomId }, { signal: controller.signal }).then(
      (info) => setLoaded({ roomId, rules: readEntryRules(info) }),
      () => {
        if (!controller.signal.aborted) setLoaded({ roomId, rules: null });
      },
    );
    return () => controller.abort();
  }, [api, roomId]);
  const rules = loaded?.roomId === roomId ? loaded.rules : undefined;

  const [nickname, setNickname] = useState('');
  const [privacyTicked, setPrivacyTicked] = useState(false);
  const [problems, setProblems] = useState<GuestFormProblems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The state flag re-renders the button; the ref stops a second submit before that.
  const busyRef = useRef(false);
  const pending = useRef<AbortController | null>(null);
  useEffect(() => () => pending.current?.abort(), []);

  const ids = useId();
  const nicknameId = `${ids}-nickname`;
  const nicknameProblemId = `${ids}-nickname-problem`;
  const privacyId = `${ids}-privacy`;
  const privacyProblemId = `${ids}-privacy-problem`;

  if (signedIn !== null) {
    return (
      <section className="guest-entry" aria-label={t('entry.guest.title')}>
        <p className="guest-entry__signed-in">{t('entry.guest.signedInAs', { name: signedIn })}</p>
        <button type="button" className="button button--primary" onClick={onEntered}>
          {t('entry.guest.enterRoom')}
        </button>
      </section>
    );
  }

  if (rules !== undefined && rules !== null && !rules.guestAllowed) {
    return (
      <section className="guest-entry" aria-label={t('entry.guest.title')}>
        <p role="status">{t('entry.guest.notOffered')}</p>
      </section>
    );
  }

  // Until the room info answers, the checkbox is not shown; a room that requires the
  // agreement then refuses with 4107, whose message is shown, and the checkbox appears.
  const mode = rules === undefined ? 'hidden' : privacyMode(rules);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busyRef.current) return;
    const input = guestLoginInput(roomId, { nickname, privacyTicked }, mode);
    if (!input.ok) {
      setProblems(input.error);
      setFailure(null);
      return;
    }
    setProblems({});
    setFailure(null);
    busyRef.current = true;
    setBusy(true);
    const controller = new AbortController();
    pending.current = controller;
    try {
      const login = await api.live.login(input.value, { signal: controller.signal });
      // The login belongs to this room (a no-op when the screen already shows it).
      enterRoom(roomId);
      setSession(login);
      onEntered();
    } catch (error) {
      if (controller.signal.aborted) return;
      setFailure(isApiError(error) ? apiErrorText(error, t) : t('error.submitFailed'));
    } finally {
      busyRef.current = false;
      pending.current = null;
      if (!controller.signal.aborted) setBusy(false);
    }
  };

  return (
    <form className="guest-entry" aria-label={t('entry.guest.title')} noValidate onSubmit={(event) => void submit(event)}>
      <h2 className="guest-entry__title">{t('entry.guest.title')}</h2>
      <label className="guest-entry__label" htmlFor={nicknameId}>
        {t('entry.guest.nicknameLabel')}
      </label>
      <input
        id={nicknameId}
        className="guest-entry__input"
        type="text"
        name="nickname"
        autoComplete="nickname"
        placeholder={t('entry.guest.nicknamePlaceholder')}
        value={nickname}
        aria-invalid={problems.nickname !== undefined}
        aria-describedby={problems.nickname !== undefined ? nicknameProblemId : undefined}
        onChange={(event) => setNickname(event.target.value)}
      />
      {problems.nickname !== undefined && (
        <p id={nicknameProblemId} className="guest-entry__problem" role="alert">
          {t(problems.nickname.key, problems.nickname.params)}
        </p>
      )}
      {mode !== 'hidden' && (
        <div className="guest-entry__privacy">
          <input
            id={privacyId}
            type="checkbox"
            name="privacyAccepted"
            checked={privacyTicked}
            aria-invalid={problems.privacy !== undefined}
            aria-describedby={problems.privacy !== undefined ? privacyProblemId : undefined}
            onChange={(event) => setPrivacyTicked(event.target.checked)}
          />
          <label htmlFor={privacyId}>{t('entry.guest.privacyAgree')}</label>
          {rules?.privacy != null && (
            <details className="guest-entry__privacy-text">
              <summary>{rules.privacy.title}</summary>
              <p>{rules.privacy.content}</p>
            </details>
          )}
        </div>
      )}
      {problems.privacy !== undefined && (
        <p id={privacyProblemId} className="guest-entry__problem" role="alert">
          {t(problems.privacy.key, problems.privacy.params)}
        </p>
      )}
      {failure !== null && (
        <p className="guest-entry__problem" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
        {busy ? t('entry.guest.entering') : t('entry.guest.submit')}
      </button>
    </form>
  );
}
