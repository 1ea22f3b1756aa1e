/**
 * One video per viewer, not one per tab (issue 11 item 3): of the tabs of a room open in one
 * browser, the one in view plays; a tab in the background yields, after a grace period so a
 * quick look at another tab costs nothing, and plays again (a live at its live edge) the
 * moment it is shown. When no tab of the room is in view (the window minimised), the one
 * seen last keeps playing, so the sound does not stop. A tab alone in its room never yields.
 *
 * The tabs learn of each other by announcing their presence (src/state/roomTabs.ts); this
 * module holds the rules: which tab yields, and the yield's small state machine
 * (YIELD_TRANSITIONS): playing -> grace (another tab should play) -> yielded (grace over) ->
 * playing (this tab should play again); grace -> playing when the reason went away.
 */

/** How long a tab in the background keeps playing before it yields. */
export const PLAYBACK_YIELD_GRACE_MS = 5000;
/** A tab repeats its presence this often... */
export const TAB_PRESENCE_ANNOUNCE_MS = 4000;
/** ...and is forgotten when not heard of for this long (a closed tab cannot always say goodbye). */
export const TAB_PRESENCE_EXPIRE_MS = 10_000;

export interface TabPresence {
  readonly tabId: string;
  readonly visible: boolean;
  /** When the tab was last in view (its own clock; 0 for never). */
  readonly lastVisibleAt: number;
}

/** Whether `peer` plays rather than `me`: in view, or seen later (a tie goes to the smaller id). */
function playsBefore(peer: TabPresence, me: TabPresence): boolean {
  if (peer.visible) return true;
  if (peer.lastVisibleAt !== me.lastVisibleAt) return peer.lastVisibleAt > me.lastVisibleAt;
  return peer.tabId < me.tabId;
}

/** Whether this tab should leave the playing to another tab of its room. */
export function shouldYield(me: TabPresence, peers: readonly TabPresence[]): boolean {
  if (me.visible) return false;
  return peers.some((peer) => peer.tabId !== me.tabId && playsBefore(peer, me));
}

export type YieldState = 'playing' | 'grace' | 'yielded';
export type YieldEvent = 'anotherShouldPlay' | 'thisShouldPlay' | 'graceElapsed';

/** Events a state does not list leave it as it is. */
export const YIELD_TRANSITIONS: Readonly<Record<YieldState, Readonly<Partial<Record<YieldEvent, YieldState>>>>> = {
  playing: { anotherShouldPlay: 'grace' },
  grace: { thisShouldPlay: 'playing', graceElapsed: 'yielded' },
  yielded: { thisShouldPlay: 'playing' },
};

export function nextYieldState(state: YieldState, event: YieldEvent): YieldState {
  return YIELD_TRANSITIONS[state][event] ?? state;
}

/** The presences heard of within TAB_PRESENCE_EXPIRE_MS of `now`. */
export function livePresences(heard: ReadonlyMap<string, { readonly presence: TabPresence; readonly at: number }>, now: number): TabPresence[] {
  const out: TabPresence[] = [];
  for (const { presence, at } of heard.values()) if (now - at <= TAB_PRESENCE_EXPIRE_MS) out.push(presence);
  return out;
}

/** A presence message from another tab, or null when it is not one. */
export function readPresence(data: unknown): { readonly kind: 'presence' | 'leaving' | 'ask'; readonly presence: TabPresence } | null {
  if (typeof data !== 'object' || data === null) return null;
  const { kind, tabId, visible, lastVisibleAt } = data as Record<string, unknown>;
  if (kind !== 'presence' && kind !== 'leaving' && kind !== 'ask') return null;
  if (typeof tabId !== 'string' || tabId === '' || tabId.length > 64) return null;
  if (typeof visible !== 'boolean' || typeof lastVisibleAt !== 'number' || !Number.isFinite(lastVisibleAt)) return null;
  return { kind, presence: { tabId, visible, lastVisibleAt } };
}
