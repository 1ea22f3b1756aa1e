/** Role codes of SPEC 3 and SPEC 6: 5 audience/guest (the default), 6 and 7 host, 8 assistant. */

export const ROLE = { guest: 5, host: 6, hostAlt: 7, assistant: 8 } as const;
export type RoleCode = (typeof ROLE)[keyof typeof ROLE];

/** The role of a viewer until the server says otherwise; a visitor is a guest too. */
export const DEFAULT_ROLE: RoleCode = ROLE.guest;

export type RoleLabelKey = 'role.me' | 'role.host' | 'role.assistant' | 'role.guest';

const KNOWN_ROLES: ReadonlySet<number> = new Set(Object.values(ROLE));

/** A role code from the wire as a known code; anything unknown (or not a number) is a guest. */
export function normaliseRole(code: unknown): RoleCode {
  return typeof code === 'number' && KNOWN_ROLES.has(code) ? (code as RoleCode) : DEFAULT_ROLE;
}

/** Host in either style (6 or 7). */
export function isHost(role: number): boolean {
  return role === ROLE.host || role === ROLE.hostAlt;
}

export function isAssistant(role: number): boolean {
  return role === ROLE.assistant;
}

/**
 * Host or assistant: the staff whose messages the "role-filtered" chat filter and the
 * staff-only chat mode show (SPEC 6: "Chat can be restricted to host and assistant messages").
 */
export function isStaff(role: number): boolean {
  return isHost(role) || isAssistant(role);
}

/**
 * The i18n key of the label shown next to a chat sender. Own messages are "me" whatever the
 * sender's role (SPEC 3: "Own messages are labelled as me"); then host, assistant, and
 * guest for everyone else, unknown codes included. With no signed-in user (`myUid` null)
 * nothing is "me"; an empty uid never matches either.
 */
export function roleLabelKey(sender: { readonly role: number; readonly uid: string }, myUid: string | null): RoleLabelKey {
  if (myUid !== null && myUid !== '' && sender.uid === myUid) return 'role.me';
  if (isHost(sender.role)) return 'role.host';
  if (isAssistant(sender.role)) return 'role.assistant';
  return 'role.guest';
}
