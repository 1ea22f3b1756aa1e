import { useSnapshot } from 'valtio';
import { liveRoomPath } from '../features/live';
import { session } from '../state/session';

/** "Back to the live room": the guide page of the room last shown, else of the configured room. */
export function useHomePath(defaultRoomId: string): string {
  const { currentRoomId } = useSnapshot(session);
  return liveRoomPath('guide', currentRoomId ?? defaultRoomId);
}
