/**
 * The guide page's part of the live screen: the way in (features/entry). The only slot the
 * guide page shows, so the only one in the app's script; the video page's slots
 * (./liveSlots.tsx) load with the video page (./videoSlots.ts).
 */
import { EntryPanel } from '../features/entry';
import type { LiveScreenSlots } from '../features/live';

export const guideSlots: LiveScreenSlots = {
  entry: (roomId, enter) => <EntryPanel roomId={roomId} onEntered={enter} />,
};
