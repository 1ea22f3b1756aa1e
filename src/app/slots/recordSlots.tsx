/**
 * Live screen slot for the viewer's own record (issue 37 item 5): the toolbar's "My record"
 * button and its dialog. Composed into the screen by app/liveSlots.tsx.
 *
 * Loaded with the video page only: the guide page's script does not carry it.
 */
import { lazy, Suspense } from 'react';
import type { LiveScreenSlots } from '../../features/live';

const OwnRecordButton = lazy(() => import('../../features/ownrecord').then((ownrecord) => ({ default: ownrecord.OwnRecordButton })));

export const recordSlots: LiveScreenSlots = {
  toolbar: (roomId) => (
    <Suspense fallback={null}>
      <OwnRecordButton key={roomId} roomId={roomId} />
    </Suspense>
  ),
};
