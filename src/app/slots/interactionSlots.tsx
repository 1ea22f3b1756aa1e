/**
 * Live screen slots for the room's interactions (issues 13, 14 and 16): each interaction is
 * a feature of its own that shows a card in the screen's interactions region while the room
 * has one open; the products, recommend, Q&A and groups room tabs; the gift and invite
 * buttons of the toolbar; the gifts and delayed charging over the player; what the host
 * shares beside the video. The parts (./interactionParts.tsx) load with the video page
 * only, in a chunk of their own: this table is in the guide page's script, so it stays
 * small (one maker for every part).
 */
import { lazy, Suspense } from 'react';
import { i18n } from '../../i18n';
import type { LiveScreenSlots, RoomTab } from '../../features/live';
import type * as Parts from './interactionParts';

type PartName = keyof typeof Parts;

/** The named part of ./interactionParts.tsx for a room, loaded when first shown. */
function part(name: PartName) {
  const Part = lazy(() => import('./interactionParts').then((m) => ({ default: m[name] })));
  return (roomId: string) => (
    <Suspense fallback={null}>
      <Part roomId={roomId} />
    </Suspense>
  );
}

const goods = part('GoodsTab');
const recommend = part('RecommendTab');
const qa = part('QaTab');
const papers = part('PapersTab');
const groups = part('GroupsTab');
const groupsBadge = part('GroupsBadge');

const replayInteractions = part('ReplayInteractions');
const interactionCards = part('InteractionCards');
const replayGuide = part('ReplayGuide');

export const interactionSlots: LiveScreenSlots = {
  banner: part('ReplayTimeline'),
  interactions: (roomId) => (
    <>
      {replayInteractions(roomId)}
      {interactionCards(roomId)}
    </>
  ),
  toolbar: part('Gifts'),
  stageOverlay: part('GiftOverlay'),
  document: part('SharedDocument'),
  tabs: (roomId): RoomTab[] => [
    { key: 'goods', label: i18n.t('screen.tabGoods'), offer: 'goods', render: () => goods(roomId) },
    { key: 'recommend', label: i18n.t('screen.tabRecommend'), offer: 'recommend', render: () => recommend(roomId) },
    { key: 'qa', label: i18n.t('screen.tabQa'), render: () => qa(roomId) },
    { key: 'papers', label: i18n.t('screen.tabPapers'), render: () => papers(roomId) },
    { key: 'groups', label: i18n.t('screen.tabGroups'), render: () => groups(roomId), badge: () => groupsBadge(roomId) },
    { key: 'replay', label: i18n.t('screen.tabReplay'), onlyInReplay: true, render: () => replayGuide(roomId) },
  ],
};
