/**
 * Live screen slots for the room's interactions (issues 13 and 14): each interaction is a feature
 * of its own that shows a card in the screen's interactions region while the room has one
 * open, the Q&A has a room tab, and what the host shares shows beside the video. The parts
 * (./interactionParts.tsx) load with the video page only, in a chunk of their own.
 */
import { lazy, Suspense } from 'react';
import { i18n } from '../../i18n';
import type { LiveScreenSlots } from '../../features/live';

const parts = () => import('./interactionParts');
const InteractionCards = lazy(() => parts().then((m) => ({ default: m.InteractionCards })));
const SharedDocument = lazy(() => parts().then((m) => ({ default: m.SharedDocument })));
const QaTab = lazy(() => parts().then((m) => ({ default: m.QaTab })));
const GoodsTab = lazy(() => parts().then((m) => ({ default: m.GoodsTab })));
const RecommendTab = lazy(() => parts().then((m) => ({ default: m.RecommendTab })));
const Gifts = lazy(() => parts().then((m) => ({ default: m.Gifts })));
const GiftOverlay = lazy(() => parts().then((m) => ({ default: m.GiftOverlay })));

export const interactionSlots: LiveScreenSlots = {
  interactions: (roomId) => (
    <Suspense fallback={null}>
      <InteractionCards roomId={roomId} />
    </Suspense>
  ),
  toolbar: (roomId) => (
    <Suspense fallback={null}>
      <Gifts roomId={roomId} />
    </Suspense>
  ),
  stageOverlay: (roomId) => (
    <Suspense fallback={null}>
      <GiftOverlay roomId={roomId} />
    </Suspense>
  ),
  document: (roomId) => (
    <Suspense fallback={null}>
      <SharedDocument roomId={roomId} />
    </Suspense>
  ),
  tabs: (roomId) => [
    {
      key: 'goods',
      label: i18n.t('screen.tabGoods'),
      offer: 'goods',
      render: () => (
        <Suspense fallback={null}>
          <GoodsTab roomId={roomId} />
        </Suspense>
      ),
    },
    {
      key: 'recommend',
      label: i18n.t('screen.tabRecommend'),
      render: () => (
        <Suspense fallback={null}>
          <RecommendTab roomId={roomId} />
        </Suspense>
      ),
    },
    {
      key: 'qa',
      label: i18n.t('screen.tabQa'),
      render: () => (
        <Suspense fallback={null}>
          <QaTab roomId={roomId} />
        </Suspense>
      ),
    },
  ],
};
