/**
 * The room's realtime connection, its banner and the chat panel, loaded when a page shows
 * them (the video page, the console), so the guide page's script carries none of them.
 */
import { lazy, useMemo } from 'react';
import { isApiError } from '../api';
import type { ChatModeration } from '../features/chat';
import { useApi } from '../state/apiContext';

// The chat and the room's realtime connection load with the video page only: the guide
// page's script stays within its budget.
export const ChatPanel = lazy(() =>
  Promise.all([import('../features/chat'), import('../state/realtimeConnection')]).then(([chat, connection]) => ({
    default: ({ roomId }: { readonly roomId: string }) => <chat.ChatPanel roomId={roomId} actions={connection.roomChatActions} />,
  })),
);
export const RoomConnection = lazy(() =>
  import('../state/realtimeConnection').then((connection) => ({
    default: function RoomConnection({ roomId }: { readonly roomId: string }) {
      // The video page follows the room's realtime messages (through the worker) while shown.
      connection.useRoomConnection(roomId);
      return null;
    },
  })),
);
export const ConnectionBanner = lazy(() => import('../features/chat').then((chat) => ({ default: chat.ConnectionBanner })));

/**
 * The chat as the host side uses it (the console): the same panel, with the rows' moderation
 * (withdraw any message 7103, mute, unmute and kick 7127 over the socket, the invitation to
 * the mic through voip/host).
 */
export const ConsoleChatPanel = lazy(() =>
  Promise.all([import('../features/chat'), import('../state/realtimeConnection')]).then(([chat, connection]) => ({
    default: function ConsoleChatPanel({ roomId }: { readonly roomId: string }) {
      const api = useApi();
      const moderation = useMemo<ChatModeration>(
        () => ({
          async moderate(room, target, action) {
            if (action === 'withdraw') return connection.withdrawChat(room, target.msgId);
            if (action !== 'inviteToMic') return connection.roomRequest(room, 7127, { webcastId: room, uid: target.uid, action });
            try {
              return { ok: true, value: await api.live.micHost({ action: 'invite', uid: target.uid }) };
            } catch (error) {
              return { ok: false, reason: 'rejected', status: isApiError(error) ? (error.code ?? null) : null, msg: isApiError(error) ? (error.serverMsg ?? '') : '' };
            }
          },
        }),
        [api],
      );
      return <chat.ChatPanel roomId={roomId} actions={connection.roomChatActions} moderation={moderation} />;
    },
  })),
);
