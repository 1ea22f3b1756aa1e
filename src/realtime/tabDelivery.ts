/**
 * The last step of a chat message's way through the worker: a tab following a room, and
 * the updates it is sent. A follower's delta coalescer (deltas.ts) cuts what its filter
 * shows; its pace (deltaPacing.ts) says when the next delta may go; `deliver` sends it and
 * keeps the back-pressure: an update counts as in flight until the tab says it applied it.
 */
import { createDeltaCoalescer } from './deltas';
import { newTabPace, noteDeltaSent, noteUpdateApplied, noteUpdateSent, pacedSchedule, type PaceClock } from './deltaPacing';
import type { ChatSpeed } from './chatSpeed';
import type { ChatFilter } from './filters';
import type { Logger } from './ports';
import type { SessionKey, TabUpdate, TabUpdateHandler } from './realtimeApi';
import type { RoomEntry, Subscriber } from './roomEntry';

/** Sends one tab an update; a tab that throws or fails to apply it is logged, not retried. */
export function deliver(sub: Subscriber, update: TabUpdate, logger: Logger, now: () => number): void {
  if (sub.pace.gone) return;
  noteUpdateSent(sub.pace, now());
  let result: void | Promise<void>;
  try {
    result = sub.onUpdate(update);
  } catch (error) {
    logger.error(`realtime: tab ${sub.tabId} update threw`, error);
    result = undefined;
  }
  const settled = (): void => noteUpdateApplied(sub.pace, now());
  if (result === undefined) settled();
  else
    result.then(settled, (error: unknown) => {
      logger.warn(`realtime: tab ${sub.tabId} failed to apply an update`, error);
      settled();
    });
}

export interface FollowerInput {
  readonly tabId: string;
  readonly key: SessionKey;
  readonly filter: ChatFilter;
  readonly visible: boolean;
  readonly speed: ChatSpeed;
  readonly onUpdate: TabUpdateHandler;
}

/** A tab starts following the room: its coalescer, paced, delivering through the room's deps. */
export function addFollower(room: RoomEntry, input: FollowerInput, clock: PaceClock): Subscriber {
  const pace = newTabPace();
  // `emit` runs on later ticks only, once `sub` exists.
  const coalescer = createDeltaCoalescer({
    filter: input.filter,
    visible: input.visible,
    schedule: pacedSchedule(pace, room, clock),
    emit: (delta, arrived, hurried) => {
      noteDeltaSent(pace, clock.now(), arrived, hurried);
      room.deps.deliver(sub, { delta });
    },
    chatState: room.hub.snapshot().state.chat,
    speed: input.speed,
    now: clock.now,
  });
  const sub: Subscriber = { tabId: input.tabId, key: input.key, filter: input.filter, onUpdate: input.onUpdate, coalescer, pace };
  room.subscribers.set(input.tabId, sub);
  return sub;
}

/** The tab stops following: nothing more is sent to it, and its coalescer's timer goes. */
export function removeFollower(room: RoomEntry, sub: Subscriber): void {
  sub.pace.gone = true;
  sub.coalescer.dispose();
  room.subscribers.delete(sub.tabId);
}

/** The same update to every tab of these rooms (a tab in two rooms gets it twice: once per room). */
export function tellFollowers(rooms: Iterable<RoomEntry>, update: TabUpdate): void {
  for (const room of rooms) for (const sub of room.subscribers.values()) room.deps.deliver(sub, update);
}

/** The same update to each tab following any of these rooms, once per tab. */
export function tellEachTabOnce(rooms: Iterable<RoomEntry>, update: TabUpdate): void {
  const told = new Set<string>();
  for (const room of rooms)
    for (const sub of room.subscribers.values()) {
      if (told.has(sub.tabId)) continue;
      told.add(sub.tabId);
      room.deps.deliver(sub, update);
    }
}
