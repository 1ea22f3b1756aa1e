/**
 * What the console (features/meet) shows besides its own parts: the room's realtime
 * connection and its banner, and the room's chat, the viewer's chat list on the same
 * SharedWorker socket path.
 */
import { Suspense } from 'react';
import type { ConsoleSlots } from '../features/meet';
import { Skeleton } from '../ui/Skeleton';
import { ConnectionBanner, ConsoleChatPanel, RoomConnection } from './realtimeParts';

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
