/**
 * The sign-up room's flow as a state machine (SPEC 1 "sign up or verify registration",
 * SPEC 6 sign-up approval): the viewer logs in with phone and SMS code; someone not signed
 * up yet (4009) fills in the room's sign-up form; a sign-up waiting for approval (4011 or
 * state pending) is re-checked with is_sign, by polling and by a button; once passed the
 * login is tried again; a failed audit (4012 or state failed) is final.
 *
 *   state       | NOT_SIGNED_UP | OPEN_FORM | SUBMIT     | STATUS pending | STATUS passed | STATUS failed | STATUS none | BACK
 *   ------------+---------------+-----------+------------+----------------+---------------+---------------+-------------+------
 *   login       | form (told)   | form      |            | pending        | passed        | failed        |             |
 *   form        |               |           | submitting |                |               |               |             | login
 *   submitting  |               |           |            | pending        | passed        | failed        | form        | form
 *   pending     |               |           |            | pending        | passed        | failed        | form        | login
 *   passed      |               |           |            |                |               |               |             | login
 *   failed      |               |           |            |                |               |               |             | login
 *
 * STATUS is what POST webcast/sign, is_sign or the login (4011 pending, 4012 failed) said.
 */

export type SignupKind = 'login' | 'form' | 'submitting' | 'pending' | 'passed' | 'failed';

export interface SignupState {
  readonly kind: SignupKind;
  /** The form was opened because the login said "not signed up" (4009). */
  readonly notSignedUp: boolean;
}

export type AuditState = 'none' | 'pending' | 'passed' | 'failed';

export type SignupEvent =
  | { readonly type: 'NOT_SIGNED_UP' }
  | { readonly type: 'OPEN_FORM' }
  | { readonly type: 'SUBMIT' }
  | { readonly type: 'STATUS'; readonly state: AuditState }
  | { readonly type: 'BACK' };

export const initialSignup: SignupState = { kind: 'login', notSignedUp: false };

const to = (kind: SignupKind, notSignedUp = false): SignupState => ({ kind, notSignedUp });

const byStatus =
  (none: SignupKind | null) =>
  (state: SignupState, event: SignupEvent): SignupState => {
    if (event.type !== 'STATUS') return state;
    if (event.state === 'none') return none === null ? state : to(none);
    return to(event.state);
  };

type Handler = (state: SignupState, event: SignupEvent) => SignupState;

export const SIGNUP_TABLE: Readonly<Record<SignupKind, Partial<Record<SignupEvent['type'], Handler>>>> = {
  login: { NOT_SIGNED_UP: () => to('form', true), OPEN_FORM: () => to('form'), STATUS: byStatus(null) },
  form: { SUBMIT: (s) => to('submitting', s.notSignedUp), BACK: () => to('login') },
  submitting: { STATUS: byStatus('form'), BACK: (s) => to('form', s.notSignedUp) },
  pending: { STATUS: byStatus('form'), BACK: () => to('login') },
  passed: { BACK: () => to('login') },
  failed: { BACK: () => to('login') },
};

export function signupReducer(state: SignupState, event: SignupEvent): SignupState {
  const handler = SIGNUP_TABLE[state.kind][event.type];
  return handler === undefined ? state : handler(state, event);
}

/** is_sign's answer `{signed, state}` (and POST webcast/sign's `{state}`) as an audit state. */
export function readAuditState(data: unknown): AuditState | null {
  if (typeof data !== 'object' || data === null) return null;
  const { state } = data as Record<string, unknown>;
  return state === 'none' || state === 'pending' || state === 'passed' || state === 'failed' ? state : null;
}
