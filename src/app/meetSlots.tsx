/**
 * What the console (features/meet) shows besides its own parts: the room's realtime
 * connection and its banner, and the room's chat, the viewer's chat list on the same
 * SharedWorker socket path. Loaded with the console (app/router.tsx), never with the guide
 * page.
 */
import { lazy, Suspense, useMemo } from 'react';
import { isApiError } from '../api';
import { HOST_CALLS } from '../api/services/host';
import type { ChatModeration } from '../features/chat';
import type { ConsoleSlots } from '../features/meet';
import { useApi } from '../state/apiContext';
import { Skeleton } from '../ui/Skeleton';
import { ConnectionBanner, RoomConnection } from './realtimeParts';

/**
 * The chat as the host side uses it (the console): the same panel, with the rows' moderation
 * (withdraw any message 7103, mute, unmute, notice and kick 7127 over the socket, the invitation to
 * the mic through voip/host).
 */
const ConsoleChatPanel = lazy(() =>
  Promise.all([import('../features/chat'), import('../state/realtimeConnection')]).then(([chat, connection]) => ({
    default: function ConsoleChatPanel({ roomId }: { readonly roomId: string }) {
      const api = useApi();
      const host = useMemo(() => api.bindLive(HOST_CALLS), [api]);
      const moderation = useMemo<ChatModeration>(
        () => ({
          async moderate(room, target, action, text) {
            if (action === 'withdraw') return connection.withdrawChat(room, target.msgId);
            if (action !== 'inviteToMic') return connection.roomRequest(room, 7127, { webcastId: room, uid: target.uid, action, ...(text === undefined ? {} : { text }) });
            try {
              return { ok: true, value: await host.micHost({ action: 'invite', uid: target.uid }) };
            } catch (error) {
              return { ok: false, reason: 'rejected', status: isApiError(error) ? (error.code ?? null) : null, msg: isApiError(error) ? (error.serverMsg ?? '') : '' };
            }
          },
        }),
        [host],
      );
      return <chat.ChatPanel roomId={roomId} actions={connection.roomChatActions} moderation={moderation} />;
    },
  })),
);

export const meetSlots: ConsoleSlots = {
  connection: (roomId) => (
    <Suspense fallback={null}>
      <RoomConnection roomId={roomId} />
      <ConnectionBanner roomId={roomId} />
    </Suspense>
  ),
  chat: (roomId) => (
    <Suspense fallback={<Skeleton shape="chat" />}>
      <ConsoleChatPanel roomId={roomId} />
    </Suspense>
  ),
};
