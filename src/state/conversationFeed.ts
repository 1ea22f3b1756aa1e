/**
 * The tab's copy of its login's conversations (realtime/conversations.ts), per followed
 * room: the whole book at subscribe, then the worker's events applied in order by the same
 * reducer the worker runs, so every tab holds the same book. Kept as frozen refs: a screen
 * re-renders when the book changes, never for the chat.
 */
import { proxy, ref, useSnapshot } from 'valtio';
import { EMPTY_CONVERSATIONS, reduceConversations, type ConversationsState } from '../realtime/conversations';
import type { ConversationsUpdate } from '../realtime/realtimeApi';

export const conversationStore = proxy<{ rooms: Record<string, ConversationsState> }>({ rooms: {} });

export function applyConversationsUpdate(roomId: string, update: ConversationsUpdate): void {
  let state = update.snapshot ?? conversationStore.rooms[roomId] ?? EMPTY_CONVERSATIONS;
  for (const event of update.events ?? []) state = reduceConversations(state, event);
  if (state !== conversationStore.rooms[roomId]) conversationStore.rooms[roomId] = ref(state);
}

export function dropConversations(roomId: string): void {
  delete conversationStore.rooms[roomId];
}

/** The book of the login the tab follows `roomId` with (empty until the worker sends one). */
export function useConversations(roomId: string): ConversationsState {
  const snap = useSnapshot(conversationStore);
  return (snap.rooms[roomId] as ConversationsState | undefined) ?? EMPTY_CONVERSATIONS;
}
