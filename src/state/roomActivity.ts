/**
 * The room's activity in this tab (src/domain/roomActivity.ts): each interaction feature
 * reports its card here and reads whether the viewer put it away; the activity tray
 * (features/activity) lists it, counts what waits and takes a card out again. Per tab, like
 * the cards themselves: every tab of the viewer shows each interaction as it arrives.
 */
import { useCallback, useEffect, useRef } from 'react';
import { proxy, useSnapshot } from 'valtio';
import { dismissActivity, reopenActivity, reportActivity, retireSlot, type ActivityLog, type ActivityReport } from '../domain/roomActivity';

export const roomActivity = proxy<{ rooms: Record<string, ActivityLog> }>({ rooms: {} });

const EMPTY: ActivityLog = [];

const logOf = (roomId: string): ActivityLog => roomActivity.rooms[roomId] ?? EMPTY;

export function dismissRoomActivity(roomId: string, key: string): void {
  roomActivity.rooms[roomId] = dismissActivity(logOf(roomId), key);
}

export function reopenRoomActivity(roomId: string, key: string): void {
  roomActivity.rooms[roomId] = reopenActivity(logOf(roomId), key, Date.now());
}

/** The room's log (a snapshot: re-renders on change). */
export function useRoomActivity(roomId: string): ActivityLog {
  return useSnapshot(roomActivity).rooms[roomId] ?? EMPTY;
}

export interface ActivityCard {
  /** The viewer put this card away (the tray still lists it). */
  readonly dismissed: boolean;
  dismiss(): void;
}

/**
 * A feature's card in the room's activity: `report` is what it shows now (null: nothing).
 * Reported on every change; retired when the card's slot empties or the feature leaves.
 */
export function useActivityCard(roomId: string, report: ActivityReport | null): ActivityCard {
  const log = useRoomActivity(roomId);
  const slot = useRef<string | null>(null);
  const key = report?.key ?? null;
  const { slot: reportSlot = null, kind = null, title = null, status = null } = report ?? {};
  useEffect(() => {
    if (reportSlot === null || key === null || kind === null || title === null || status === null) {
      if (slot.current !== null) roomActivity.rooms[roomId] = retireSlot(logOf(roomId), slot.current);
      return;
    }
    slot.current = reportSlot;
    roomActivity.rooms[roomId] = reportActivity(logOf(roomId), { slot: reportSlot, key, kind, title, status }, Date.now());
  }, [roomId, reportSlot, key, kind, title, status]);
  useEffect(
    () => () => {
      if (slot.current !== null) roomActivity.rooms[roomId] = retireSlot(logOf(roomId), slot.current);
    },
    [roomId],
  );
  const dismissed = key !== null && log.some((entry) => entry.key === key && entry.dismissed);
  const dismiss = useCallback(() => {
    if (key !== null) dismissRoomActivity(roomId, key);
  }, [roomId, key]);
  return { dismissed, dismiss };
}
