/**
 * The states of the socket session (PROTOCOL 2.3, SPEC 4 "Realtime socket lifecycle") as a
 * transition table. The table is data so that it can be read in one place and tested
 * row by row; socketSession.ts does the side effects of each move.
 *
 * `reconnecting` covers the whole of every reconnect attempt: the 2 s wait, the socket
 * opening and the login. Staying in it while an attempt's socket opens or fails keeps the
 * "reconnecting" callback to one call however many attempts it takes.
 */

export const SESSION_STATES = [
  'idle',
  'connecting',
  'loggingIn',
  'online',
  'reconnecting',
  'failed',
  'closed',
  'endedElsewhere',
  'loginRejected',
] as const;
export type SessionState = (typeof SESSION_STATES)[number];

export const SESSION_EVENTS = [
  /** start() was called. */
  'start',
  /** The current socket opened; the login frame goes out. */
  'socketOpen',
  /** Push 1100 with status 200. */
  'loginAccepted',
  /** Push 1100 with any other status. */
  'loginRejected',
  /** Push 9004: this account logged in elsewhere. */
  'endedElsewhere',
  /** The socket closed (or never opened) without being asked to, attempts remaining. */
  'socketLost',
  /** The socket of the last allowed attempt was lost. */
  'attemptsExhausted',
  /** close() was called. */
  'close',
] as const;
export type SessionEvent = (typeof SESSION_EVENTS)[number];

/** States from which nothing leads anywhere: the socket is gone for good. */
export const TERMINAL_STATES: ReadonlySet<SessionState> = new Set(['failed', 'closed', 'endedElsewhere', 'loginRejected']);

type Row = Partial<Record<SessionEvent, SessionState>>;

export const SESSION_TRANSITIONS: Readonly<Record<SessionState, Readonly<Row>>> = {
  idle: { start: 'connecting', close: 'closed' },
  connecting: {
    socketOpen: 'loggingIn',
    // The very first socket failing is retried like any other loss.
    socketLost: 'reconnecting',
    close: 'closed',
  },
  loggingIn: {
    loginAccepted: 'online',
    loginRejected: 'loginRejected',
    endedElsewhere: 'endedElsewhere',
    socketLost: 'reconnecting',
    close: 'closed',
  },
  online: {
    loginRejected: 'loginRejected',
    endedElsewhere: 'endedElsewhere',
    socketLost: 'reconnecting',
    close: 'closed',
  },
  reconnecting: {
    socketOpen: 'reconnecting',
    loginAccepted: 'online',
    loginRejected: 'loginRejected',
    endedElsewhere: 'endedElsewhere',
    socketLost: 'reconnecting',
    attemptsExhausted: 'failed',
    close: 'closed',
  },
  failed: {},
  closed: {},
  endedElsewhere: {},
  loginRejected: {},
};

/** The next state, or null when the event is not allowed in this state (the caller ignores it). */
export function nextSessionState(state: SessionState, event: SessionEvent): SessionState | null {
  return SESSION_TRANSITIONS[state][event] ?? null;
}
