/**
 * The video page's side: the room tabs (RoomTabs.tsx), loaded with the video page only (the
 * guide page shows no tabs: issue 5's budget).
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { replayTimeline, timelineOf } from '../../state/replayTimeline';
import { roomOffers } from '../../state/roomOffers';
import { ROOM_TAB_PARAM } from './paths';
import { RoomTabs, type RoomTab } from './RoomTabs';

/**
 * The room tabs with the chosen tab kept in the address (`?tab=intro`), so a reload or a
 * shared link opens it. Choosing a tab replaces the history entry: Back leaves the room
 * page rather than stepping through the tabs the viewer looked at.
 */
export default function AddressedRoomTabs({ roomId, tabs }: { readonly roomId: string; readonly tabs: readonly RoomTab[] }) {
  const [params, setParams] = useSearchParams();
  const withheld = useSnapshot(roomOffers).withheld[roomId];
  const replaying = timelineOf(useSnapshot(replayTimeline).current, roomId) !== null;
  const shown = useMemo(
    () => tabs.filter((tab) => (tab.offer === undefined || withheld?.[tab.offer] !== true) && (tab.onlyInReplay !== true || replaying)),
    [tabs, withheld, replaying],
  );
  const requested = params.get(ROOM_TAB_PARAM);
  // A link to a tab the platform switched off here opens the room's usual tab (the tab's feature says why).
  const onSelect = useCallback(
    (key: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(ROOM_TAB_PARAM, key);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return <RoomTabs tabs={shown} requested={requested} onSelect={onSelect} />;
}

