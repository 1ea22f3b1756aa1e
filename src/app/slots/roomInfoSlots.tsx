/**
 * Live screen slots for the room information around the player (issue 5 item 4):
 * - tabs: the "live introduction" tab (the chat stays the tab shown first);
 * - toolbar: the online count, the praise total and the like button;
 * - strip: the notices under the toolbar (room notice, the host's notice to this viewer);
 * - layers: the room's viewing terms (contract), asked once per version; declining them
 *   goes back to the room's guide page.
 * Composed into the screen by app/liveSlots.tsx. Each part is keyed by the room, so moving
 * to another room starts it afresh (its likes flushed, its notice and terms read anew).
 *
 * The three features load with the video page only, so the guide page's script does not
 * carry them.
 */
import { lazy, Suspense } from 'react';
import { i18n } from '../../i18n';
import { liveRoomPath, type LiveScreenSlots } from '../../features/live';
import { useSafeNavigate } from '../../ui/useSafeNavigate';

const IntroPanel = lazy(() => import('../../features/intro').then((m) => ({ default: m.IntroPanel })));
const CountsBar = lazy(() => import('../../features/praise').then((m) => ({ default: m.CountsBar })));
const NoticeStrip = lazy(() => import('../../features/notice').then((m) => ({ default: m.NoticeStrip })));
const ContractGate = lazy(() => import('../../features/notice').then((m) => ({ default: m.ContractGate })));

function ContractLayer({ roomId }: { readonly roomId: string }) {
  const navigate = useSafeNavigate();
  return <ContractGate roomId={roomId} onLeave={() => navigate(liveRoomPath('guide', roomId))} />;
}

export const roomInfoSlots: LiveScreenSlots = {
  tabs: (roomId) => [
    {
      key: 'intro',
      // The screen re-renders on a language change, so the label follows it.
      label: i18n.t('intro.tab'),
      render: () => (
        <Suspense fallback={null}>
          <IntroPanel key={roomId} roomId={roomId} />
        </Suspense>
      ),
    },
  ],
  toolbar: (roomId) => (
    <Suspense fallback={null}>
      <CountsBar key={`counts-${roomId}`} roomId={roomId} />
    </Suspense>
  ),
  strip: (roomId) => (
    <Suspense fallback={null}>
      <NoticeStrip key={`notice-${roomId}`} roomId={roomId} />
    </Suspense>
  ),
  layers: (roomId) => (
    <Suspense fallback={null}>
      <ContractLayer key={roomId} roomId={roomId} />
    </Suspense>
  ),
};
