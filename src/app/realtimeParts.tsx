/**
 * The room's realtime connection, its banner and the chat panel, loaded when a page shows
 * them (the video page, the console), so the guide page's script carries none of them.
 */
import { lazy } from 'react';
import { useApi } from '../state/apiContext';

// The chat and the room's realtime connection load with the video page only: the guide
// page's script stays within its budget.
export const ChatPanel = lazy(() => import('./roomChat'));
export const RoomConnection = lazy(() =>
  import('../state/realtimeConnection').then((connection) => ({
    default: function RoomConnection({ roomId }: { readonly roomId: string }) {
      // The video page follows the room's realtime messages (through the worker) while shown,
      // and keeps the login alive (one heartbeat for all tabs, also through the worker).
      connection.useRoomConnection(roomId);
      connection.useKeepAlive(roomId, useApi());
      return null;
    },
  })),
);
/** The chat over the player in full screen (its chunk is the chat panel's). */
export const ChatOverlay = lazy(() => import('../features/chat').then((chat) => ({ default: chat.ChatOverlay })));
export const ConnectionBanner = lazy(() => import('../features/chat').then((chat) => ({ default: chat.ConnectionBanner })));
