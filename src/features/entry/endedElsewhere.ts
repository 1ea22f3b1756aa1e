/**
 * "Your account logged in on another device" (SPEC 8, PROTOCOL 9004 -> 4005): the realtime
 * connection ends with state endedElsewhere while the video page is shown; leaving that
 * page resets the connection, so the room whose login ended is remembered here for the
 * guide page, which then says so and offers to log in again.
 */
import { proxy } from 'valtio';
import { subscribeKey } from 'valtio/utils';
import { realtimeStore } from '../../state/roomFeed';
import { session } from '../../state/session';

export const endedElsewhereStore = proxy<{ rooms: Record<string, true> }>({ rooms: {} });

let watching = false;

/** Starts following the connection (once per page). */
export function watchEndedElsewhere(): void {
  if (watching) return;
  watching = true;
  subscribeKey(realtimeStore, 'connection', (connection) => {
    const roomId = session.currentRoomId;
    if (connection.state === 'endedElsewhere' && roomId !== null) endedElsewhereStore.rooms[roomId] = true;
  });
}

/** A new login for the room: the old one's ending no longer matters. */
export function forgetEndedElsewhere(roomId: string): void {
  if (endedElsewhereStore.rooms[roomId] !== undefined) delete endedElsewhereStore.rooms[roomId];
}
