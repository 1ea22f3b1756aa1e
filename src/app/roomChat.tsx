/**
 * The room's chat panel as the app shows it: the chat feature acting through the room's
 * realtime connection, with a button that opens it in a window of its own (the chat window
 * feature's route). Loaded with the video page (realtimeParts.tsx).
 */
import { useCallback } from 'react';
import { useHref } from 'react-router-dom';
import { ChatPanel } from '../features/chat';
import { CHAT_WINDOW_FEATURES, chatWindowName, chatWindowPath } from '../features/chatwindow/paths';
import { roomChatActions } from '../state/realtimeConnection';

export default function RoomChatPanel({ roomId, popOut = false }: { readonly roomId: string; readonly popOut?: boolean }) {
  const href = useHref(chatWindowPath(roomId));
  const onPopOut = useCallback(() => void window.open(href, chatWindowName(roomId), CHAT_WINDOW_FEATURES), [href, roomId]);
  return <ChatPanel roomId={roomId} actions={roomChatActions} {...(popOut ? { onPopOut } : {})} />;
}
