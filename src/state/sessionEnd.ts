/**
 * Rooms whose login ended while their video page was shown, and why (logged in elsewhere,
 * removed by the host, logged out): the guide page says so, since leaving the video page
 * resets the connection that told it. A new login for the room forgets it.
 */
import { proxy, subscribe } from 'valtio';
import { sessionEndOf, type SessionEndReason } from '../realtime/sessionEnd';
import type { RealtimeStore } from './roomFeed';

export const sessionEndStore = proxy<{ rooms: Record<string, SessionEndReason> }>({ rooms: {} });

export function recordSessionEnd(roomId: string, reason: SessionEndReason): void {
  if (sessionEndStore.rooms[roomId] !== reason) sessionEndStore.rooms[roomId] = reason;
}

/** Records `reason` unless an end was already recorded (a kick clears the login too). */
export function recordSessionEndUnlessKnown(roomId: string, reason: SessionEndReason): void {
  if (sessionEndStore.rooms[roomId] === undefined) sessionEndStore.rooms[roomId] = reason;
}

export function forgetSessionEnd(roomId: string): void {
  if (sessionEndStore.rooms[roomId] !== undefined) delete sessionEndStore.rooms[roomId];
}

/** What the worker reports for the room now: why its login ended, or null. */
export function sessionEndIn(store: RealtimeStore, roomId: string): SessionEndReason | null {
  const feed = store.rooms[roomId];
  if (feed === undefined) return null;
  return sessionEndOf({ connection: store.connection, controlAction: feed.room.control?.action ?? null });
}

/**
 * An external store (useSyncExternalStore) of the room's end reason. It is read at every
 * update of the realtime store (chat included), so it only reads two fields; React renders
 * only when the answer changes.
 */
export function sessionEndSource(store: RealtimeStore, roomId: string) {
  return {
    get: (): SessionEndReason | null => sessionEndIn(store, roomId),
    subscribe: (listener: () => void): (() => void) => subscribe(store, listener),
  };
}
