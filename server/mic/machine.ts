/**
 * Connect-mic of one viewer in one room (SPEC 4): idle -> applying -> connecting ->
 * connected -> idle, as data. Events:
 * - apply / cancel: the viewer (HTTP voip/apply type 1 / 2);
 * - accept / reject: the host side (admin API), answering an application;
 * - invite: the host side invites a viewer (push 4133); the viewer is then connecting, as
 *   after an accept, and answers with voip/reply;
 * - confirm / decline: the viewer, once connecting (voip/reply type 1 / 2);
 * - hangup: either side ends a connecting or connected mic (voip/reply type 3, admin hangup);
 * - requestsClosed: the host closed mic requests; waiting applications are dropped;
 * - networkLost: the viewer's last socket in the room closed and no new one came within
 *   the reconnect grace; the viewer must apply again;
 * - kicked: the viewer was removed from the room.
 */
export const MIC_STATES = ['idle', 'applying', 'connecting', 'connected'] as const;
export type MicState = (typeof MIC_STATES)[number];

export type MicEvent = 'apply' | 'cancel' | 'accept' | 'reject' | 'invite' | 'confirm' | 'decline' | 'hangup' | 'requestsClosed' | 'networkLost' | 'kicked';

export const MIC_TRANSITIONS: Readonly<Record<MicState, Partial<Record<MicEvent, MicState>>>> = {
  idle: { apply: 'applying', invite: 'connecting' },
  applying: { cancel: 'idle', accept: 'connecting', reject: 'idle', invite: 'connecting', requestsClosed: 'idle', networkLost: 'idle', kicked: 'idle' },
  connecting: { confirm: 'connected', decline: 'idle', hangup: 'idle', networkLost: 'idle', kicked: 'idle' },
  connected: { hangup: 'idle', networkLost: 'idle', kicked: 'idle' },
};

/** The state after `event`, or null when the event is not allowed in `state`. */
export function nextMicState(state: MicState, event: MicEvent): MicState | null {
  return MIC_TRANSITIONS[state][event] ?? null;
}

/** On the mic (may exchange media signalling with the host side). */
export const isOnMic = (state: MicState): boolean => state === 'connecting' || state === 'connected';

/** What voip/apply's `type` means (form field, so it arrives as text and is read as an integer). */
export const APPLY_TYPES = { 1: 'apply', 2: 'cancel' } as const satisfies Record<number, MicEvent>;
/** What voip/reply's `type` means: 1 connected (media is up), 2 decline, 3 hang up. */
export const REPLY_TYPES = { 1: 'confirm', 2: 'decline', 3: 'hangup' } as const satisfies Record<number, MicEvent>;
