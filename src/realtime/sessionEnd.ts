/**
 * Why the viewer's login for a room is over, read from what the worker reports: the
 * account logged in elsewhere (9004), the host removed this viewer (7127 kick, then the
 * socket login refused with 4003), or the session was logged out (1100 status 4013, from
 * this browser's own exit in any tab). Pure: the tab's state layer and the page apply it.
 */
import type { SessionState } from './sessionMachine';

export type SessionEndReason = 'elsewhere' | 'kicked' | 'loggedOut';

export const KICKED_STATUS = 4003;
export const ELSEWHERE_STATUS = 4005;
export const LOGGED_OUT_STATUS = 4013;

export interface SessionEndSignals {
  readonly connection: { readonly state: SessionState; readonly status: number | null };
  /** The latest room control for this viewer (7127), if any. */
  readonly controlAction: string | null;
}

export function sessionEndOf({ connection, controlAction }: SessionEndSignals): SessionEndReason | null {
  // The kick arrives before the socket closes: acting on it spares the viewer the 2 s
  // reconnect that would end in the same refusal.
  if (controlAction === 'kick') return 'kicked';
  if (connection.state === 'endedElsewhere') return 'elsewhere';
  if (connection.state !== 'loginRejected') return null;
  switch (connection.status) {
    case KICKED_STATUS:
      return 'kicked';
    case ELSEWHERE_STATUS:
      return 'elsewhere';
    case LOGGED_OUT_STATUS:
      return 'loggedOut';
    default:
      return null;
  }
}

/** The localized message of each reason (SPEC 8 entry messages; 4013 is ours). */
export const SESSION_END_MESSAGE_KEYS: Readonly<Record<SessionEndReason, string>> = {
  elsewhere: 'code.4005',
  kicked: 'code.4003',
  loggedOut: 'code.4013',
};

/**
 * Whether the video page is left at once. A login ended elsewhere keeps the page (its
 * banner offers the way back, and the video may go on playing for a moment); a kicked or
 * logged-out viewer has no business on it.
 */
export const leavesVideoPage = (reason: SessionEndReason): boolean => reason !== 'elsewhere';
