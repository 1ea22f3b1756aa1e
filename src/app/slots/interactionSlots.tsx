/**
 * Live screen slots for the room's interactions (issue 13): each interaction is a feature
 * of its own that shows a card in the screen's interactions region while the room has one
 * open. They load with the video page only, each in its own chunk.
 */
import { lazy, Suspense } from 'react';
import type { LiveScreenSlots } from '../../features/live';

const RollCallCard = lazy(() => import('../../features/rollcall').then((m) => ({ default: m.RollCallCard })));
const PaperCard = lazy(() => import('../../features/paper').then((m) => ({ default: m.PaperCard })));

export const interactionSlots: LiveScreenSlots = {
  interactions: (roomId) => (
    <Suspense fallback={null}>
      <RollCallCard key={`rollcall-${roomId}`} roomId={roomId} />
      <PaperCard key={`paper-${roomId}`} roomId={roomId} />
    </Suspense>
  ),
};
