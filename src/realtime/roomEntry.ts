/**
 * One room the worker follows for its tabs (realtimeService.ts composes them, one per room
 * and login): the room's hub (offset order, gap fill, buffer, state), the tabs that follow
 * it, and its join on the login's socket:
 *
 * - a first join's replay arrives before the join reply, so its frames are held until the
 *   reply says where the replay starts (`from`), then applied;
 * - a rejoin (after any earlier join, even of an empty room) never jumps: what its replay
 *   does not reach the hub fills with history sync;
 * - a reply naming another epoch (a cluster's room log began again) restarts the hub there;
 * - a failed join applies what it held rather than lose it, and says why to every tab.
 *
 * State is the plain RoomEntry object; the functions below are the only ones that change it.
 */
import type { Frame, FrameBody } from '../protocol/frame';
import type { DeltaCoalescer } from './deltas';
import type { TabPace } from './deltaPacing';
import type { ChatFilter } from './filters';
import { failureOf } from './pendingRequests';
import type { Logger } from './ports';
import type { JoinStatus, SessionKey, TabUpdate, TabUpdateHandler } from './realtimeApi';
import { createRoomHub, HISTORY_PAGE_MAX, type HistoryMessage, type RoomHub } from './roomHub';
import type { JoinReply, SocketSession } from './socketSession';

export const HISTORY_REQUEST = 2401;
/** Frames held for a room whose first join is under way (the replay comes before the reply). */
export const JOIN_HOLD_MAX = 5000;

/** A tab following the room. */
export interface Subscriber {
  readonly tabId: string;
  readonly key: SessionKey;
  filter: ChatFilter;
  readonly onUpdate: TabUpdateHandler;
  readonly coalescer: DeltaCoalescer;
  /** When its next delta may go (deltaPacing.ts), and whether the last update is applied. */
  readonly pace: TabPace;
}

/** What a room needs from the service that holds it. */
export interface RoomEntryDeps {
  /** The socket session of the login the room is followed with. */
  readonly session: SocketSession;
  readonly myUid: string;
  /** Runs `fn` in `ms`; returns its cancel. */
  readonly later: (fn: () => void, ms: number) => () => void;
  /** Sends one tab an update (the service's delivery, with its back-pressure). */
  readonly deliver: (sub: Subscriber, update: TabUpdate) => void;
  /** Whether the room is still followed: a join reply for a room left meanwhile is dropped. */
  readonly followed: () => boolean;
}

export interface RoomEntry {
  readonly webcastId: string;
  readonly hub: RoomHub;
  readonly subscribers: Map<string, Subscriber>;
  readonly deps: RoomEntryDeps;
  join: JoinStatus;
  /** Frames of a first join, held until its reply says where the replay starts. */
  held: Frame[] | null;
  /**
   * Joined on some socket before. A rejoin keeps every offset since (the hub fills what
   * the replay does not reach), even when the room was empty then: only a first join may
   * start where the replay starts.
   */
  joinedBefore: boolean;
  /** Hub changes that appended entries: whether the room went quiet (ROOM_QUIET_MS). */
  arrivals: number;
  /** The life of the room's log its offsets belong to, as the last join reply named it (a cluster's); null before one. */
  epoch: string | null;
}

/** History sync answers `{messages: [{code, ...body}]}` (docs/protocol.md 5.2). */
export function readHistory(body: FrameBody): HistoryMessage[] {
  const messages = body.messages;
  if (!Array.isArray(messages)) return [];
  const out: HistoryMessage[] = [];
  for (const item of messages as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { code, ...rest } = item as Record<string, unknown>;
    if (typeof code === 'number') out.push({ code, body: rest });
  }
  return out;
}

/** A room not joined yet: its hub, no tab. */
export function createRoomEntry(webcastId: string, deps: RoomEntryDeps): RoomEntry {
  const { session } = deps;
  const room: RoomEntry = {
    webcastId,
    subscribers: new Map(),
    deps,
    join: { state: 'joining' },
    held: null,
    joinedBefore: false,
    arrivals: 0,
    epoch: null,
    hub: createRoomHub({
      webcastId,
      myUid: deps.myUid,
      requestHistory: async (after, limit) => readHistory(await session.request(HISTORY_REQUEST, { webcastId, after, limit: Math.min(limit, HISTORY_PAGE_MAX) })),
      onChange: (change) => {
        if (change.appended.length > 0) room.arrivals++;
        session.noteApplied();
        for (const sub of room.subscribers.values()) sub.coalescer.push(change);
      },
      schedule: deps.later,
    }),
  };
  return room;
}

/** Tells every tab of the room where its join stands. */
export function setJoin(room: RoomEntry, join: JoinStatus): void {
  room.join = join;
  for (const sub of room.subscribers.values()) room.deps.deliver(sub, { join });
}

/** A room message of the socket: to the hub, or held while a first join's reply is awaited. */
export function applyFrame(room: RoomEntry, frame: Frame): void {
  if (frame.code === null) return;
  if (room.held !== null) {
    if (room.held.length < JOIN_HOLD_MAX) room.held.push(frame);
    return;
  }
  room.hub.apply(frame.code, frame.body);
}

/** From now until the join reply, the room's frames are a replay to hold (a first join, or a log that may have begun again). */
export function holdForJoin(room: RoomEntry): void {
  room.held = [];
}

export function joinReplied(room: RoomEntry, reply: JoinReply): void {
  if (!room.deps.followed()) return; // left meanwhile
  const held = room.held ?? [];
  room.held = null;
  const replayStart = Math.max(0, (reply.from ?? reply.offset + 1) - 1);
  // Another epoch: the room's log began again and our offsets name nothing in it.
  const newLog = reply.epoch !== undefined && room.epoch !== null && reply.epoch !== room.epoch;
  if (reply.epoch !== undefined) room.epoch = reply.epoch;
  if (newLog) room.hub.restart(replayStart, reply.offset);
  // A first join: the replay (if any) starts at `from`; without one, at the latest offset.
  else if (!room.joinedBefore && room.hub.lastOffset() === 0) room.hub.start(replayStart, reply.offset);
  room.joinedBefore = true;
  for (const frame of held) if (frame.code !== null) room.hub.apply(frame.code, frame.body);
  setJoin(room, { state: 'joined', online: reply.online });
}

export function joinFailed(room: RoomEntry, error: unknown): void {
  if (!room.deps.followed()) return;
  const failure = failureOf(error);
  // Frames held for a join that failed: apply them rather than lose them.
  const held = room.held ?? [];
  room.held = null;
  for (const frame of held) if (frame.code !== null) room.hub.apply(frame.code, frame.body);
  setJoin(room, { state: 'refused', status: failure.status, msg: failure.msg });
}

/** Joins (7001) from the last offset applied, naming the epoch it belongs to. */
export function joinRoom(room: RoomEntry): void {
  if ((!room.joinedBefore && room.hub.lastOffset() === 0) || room.epoch !== null) holdForJoin(room);
  if (room.join.state !== 'joining') setJoin(room, { state: 'joining' });
  room.deps.session.join(room.webcastId, room.hub.lastOffset(), room.epoch ?? undefined).then(
    (reply) => joinReplied(room, reply),
    (error: unknown) => joinFailed(room, error),
  );
}

/** The last tab left: the hub stops, and the socket leaves the room (7003) if it is online. */
export function leaveRoom(room: RoomEntry, logger: Logger): void {
  room.hub.dispose();
  if (room.deps.session.state === 'online') {
    room.deps.session.leave(room.webcastId).catch((error: unknown) => logger.warn(`realtime: leaving room ${room.webcastId} failed`, error));
  }
}
