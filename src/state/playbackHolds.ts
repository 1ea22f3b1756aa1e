/**
 * What holds a room's video back for this viewer, said by the feature that knows (issue 14
 * item 6: delayed charging's price is due): the player stops while any hold is on, as when
 * it yields to another tab, and plays the live edge again when the last one goes. Per page.
 */
import { proxy } from 'valtio';

export type PlaybackHold = 'delayCharge';

export const playbackHolds = proxy<{ held: Record<string, Partial<Record<PlaybackHold, true>>> }>({ held: {} });

export function setPlaybackHold(roomId: string, hold: PlaybackHold, on: boolean): void {
  const room = playbackHolds.held[roomId] ?? {};
  if ((room[hold] === true) === on) return;
  const next = { ...room };
  if (on) next[hold] = true;
  else delete next[hold];
  playbackHolds.held[roomId] = next;
}

/** Whether anything holds the room's video back. */
export const isHeld = (holds: { readonly held: Readonly<Record<string, Readonly<Partial<Record<PlaybackHold, true>>>>> }, roomId: string): boolean =>
  Object.keys(holds.held[roomId] ?? {}).length > 0;
