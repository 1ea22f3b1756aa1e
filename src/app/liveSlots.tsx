/**
 * What the features put on the live screen, composed here because features do not import
 * each other: the guest entry on the guide page, the connection banner and the chat on the
 * video page.
 */
import { GuestEntry } from '../features/entry';
import type { LiveScreenSlots } from '../features/live';

export const liveSlots: LiveScreenSlots = {
  entry: (roomId, enter) => <GuestEntry roomId={roomId} onEntered={enter} />,
};
