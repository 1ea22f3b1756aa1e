/**
 * Pieces every entry form shares: the login runner (busy state, the failure in the current
 * language, storing the login), a labelled field with its problem, and the privacy consent
 * the panel hands to each form.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText, isApiError, type Api, type ApiError, type LoginData, type LoginInput } from '../../api';
import { forgetSessionEnd } from '../../state/sessionEnd';
import { enterRoom, setSession } from '../../state/session';
import { rememberName } from './nicknameStore';

/**
 * The privacy agreement as the forms see it: `check()` gives the fields to add to the
 * login body (`{privacyAccepted: true}` when ticked) or null when the room requires the
 * agreement and it is not ticked (the panel then shows the problem next to the checkbox).
 */
export interface Consent {
  check(): { privacyAccepted?: true } | null;
  /** True when check() would pass (read during render; no side effect). */
  readonly ready: boolean;
}

export interface EntryFormProps {
  readonly roomId: string;
  readonly onEntered: () => void;
  readonly consent: Consent;
  /** The series (aggregation) the viewer came to this room through, when the room is part of it. */
  readonly series?: string | null;
}

/**
 * The login, through the series the viewer came by when there is one (SPEC 7.1
 * live_login/agg: the server checks the room is part of it), else the room's own.
 */
export function loginThrough(api: Api, series: string | null | undefined, input: LoginInput, signal: AbortSignal): Promise<LoginData> {
  return series ? api.live.aggLogin({ ...input, aggId: series }, { signal }) : api.live.login(input, { signal });
}

/** Stores a successful login for the room: session, remembered nickname. */
export function storeLogin(roomId: string, login: LoginData): void {
  enterRoom(roomId);
  setSession(login);
  forgetSessionEnd(roomId);
  if (login.name !== undefined) rememberName(login.userId, login.name, login.nameChanged ?? false);
}

export interface LoginRunner {
  readonly busy: boolean;
  /** The last failure, as text in the current language; null when none. */
  readonly failure: string | null;
  setFailure(text: string | null): void;
  /**
   * Runs one login call; on success stores the login and calls onEntered. `onError` may
   * handle an API failure itself (return true), e.g. the sign-up flow on 4011.
   */
  run(call: (signal: AbortSignal) => Promise<LoginData>, onError?: (error: ApiError) => boolean): Promise<void>;
}

export function useLoginRunner(roomId: string, onEntered: () => void): LoginRunner {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const busyRef = useRef(false);
  const pending = useRef<AbortController | null>(null);
  useEffect(() => () => pending.current?.abort(), []);

  const run = useCallback(
    async (call: (signal: AbortSignal) => Promise<LoginData>, onError?: (error: ApiError) => boolean) => {
      if (busyRef.current) return;
      busyRef.current = true;
      setBusy(true);
      setFailure(null);
      const controller = new AbortController();
      pending.current = controller;
      try {
        const login = await call(controller.signal);
        storeLogin(roomId, login);
        onEntered();
      } catch (error) {
        if (controller.signal.aborted) return;
        if (isApiError(error) && onError?.(error) === true) return;
        setFailure(errorText(error, t));
      } finally {
        busyRef.current = false;
        pending.current = null;
        if (!controller.signal.aborted) setBusy(false);
      }
    },
    [roomId, onEntered, t],
  );
  return { busy, failure, setFailure, run };
}

/** The text for anything a call threw (SPEC 8 messages by code, else "submission failed"). */
export function errorText(error: unknown, t: (key: string, params?: Readonly<Record<string, string | number>>) => string): string {
  return isApiError(error) ? apiErrorText(error, t) : t('error.submitFailed');
}

export { Field } from '../../ui/FormField';

/** The form-level failure line (the server's refusal in the current language). */
export function Failure({ text }: { readonly text: string | null }) {
  if (text === null) return null;
  return (
    <p className="entry-problem entry-failure" role="alert">
      {text}
    </p>
  );
}

export function SubmitButton({ busy, label, busyLabel }: { readonly busy: boolean; readonly label: string; readonly busyLabel: string }) {
  return (
    <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}
