/**
 * What the features put on the live screen, composed here because features do not import
 * each other: the guest entry on the guide page, the connection banner and the chat on the
 * video page. The chat's actions are the realtime connection's (through the worker).
 *
 * The chat (react-virtuoso and the composer) is loaded only when a video page shows it, so
 * the guide page's script stays small.
 */
import { lazy, Suspense } from 'react';
import { EntryPanel } from '../features/entry';
import type { LiveScreenSlots } from '../features/live';
import { roomChatActions } from '../state/realtimeConnection';

const ChatPanel = lazy(() => import('../features/chat').then((chat) => ({ default: chat.ChatPanel })));
const Player = lazy(() => import('../features/player').then((player) => ({ default: player.Player })));
const ConnectionBanner = lazy(() => import('../features/chat').then((chat) => ({ default: chat.ConnectionBanner })));

export const liveSlots: LiveScreenSlots = {
  entry: (roomId, enter) => <EntryPanel roomId={roomId} onEntered={enter} />,
  banner: (roomId) => (
    <Suspense fallback={null}>
      <ConnectionBanner roomId={roomId} />
    </Suspense>
  ),
  player: (roomId) => <Suspense fallback={null}><Player roomId={roomId} /></Suspense>,
  side: (roomId) => (
    <Suspense fallback={null}>
      <ChatPanel roomId={roomId} actions={roomChatActions} />
    </Suspense>
  ),
};
