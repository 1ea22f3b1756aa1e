/**
 * What the features put on the live screen, composed here because features do not import
 * each other: the entry on the guide page (./guideSlots.tsx); on the video page the
 * connection banner, the player, the chat tab, and the parts in ./slots (room information,
 * the viewer's layer, the device test, the viewer's own record, leaving the room).
 *
 * This module is the video page's: it loads with it (./videoSlots.ts), and the chat
 * (react-virtuoso and the composer) and the player load when it shows them, so the guide
 * page's script carries none of it.
 */
import { lazy, Suspense } from 'react';
import { i18n } from '../i18n';
import type { LiveScreenSlots } from '../features/live';
import { Skeleton } from '../ui/Skeleton';
import { ChatOverlay, ChatPanel, ConnectionBanner, RoomConnection } from './realtimeParts';
import { guideSlots } from './guideSlots';
import { composeSlots } from './slots/composeSlots';
import { deviceSlots } from './slots/deviceSlots';
import { interactionSlots } from './slots/interactionSlots';
import { leaveSlots } from './slots/leaveSlots';
import { recordSlots } from './slots/recordSlots';
import { roomInfoSlots } from './slots/roomInfoSlots';
import { viewerSlots } from './slots/viewerSlots';

const Player = lazy(() => import('../features/player').then((player) => ({ default: player.Player })));

/** The chat over the player in full screen and beside it in picture-in-picture; its own boundary: loading its texts must not suspend the player. */
const chatOverPlayer = (roomId: string) => (
  <Suspense fallback={null}>
    <ChatOverlay roomId={roomId} />
  </Suspense>
);

const coreSlots: LiveScreenSlots = {
  banner: (roomId) => (
    <Suspense fallback={null}>
      <RoomConnection roomId={roomId} />
      <ConnectionBanner roomId={roomId} />
    </Suspense>
  ),
  player: (roomId) => (
    <Suspense fallback={<Skeleton shape="player" />}>
      <Player roomId={roomId} fullscreenOverlay={chatOverPlayer(roomId)} pictureInPictureChat={chatOverPlayer(roomId)} />
    </Suspense>
  ),
  tabs: (roomId) => [
    {
      key: 'chat',
      // The screen re-renders on a language change, so the label follows it.
      label: i18n.t('screen.tabChat'),
      initial: true,
      render: () => (
        <Suspense fallback={<Skeleton shape="chat" />}>
          <ChatPanel roomId={roomId} popOut />
        </Suspense>
      ),
    },
  ],
};

export const liveSlots: LiveScreenSlots = composeSlots(guideSlots, coreSlots, roomInfoSlots, viewerSlots, interactionSlots, deviceSlots, recordSlots, leaveSlots);
