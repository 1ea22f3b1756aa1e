/**
 * The rooms of one node of a cluster: its own sockets' memberships, the room log in Redis
 * (redisRoomLog.ts) shared by all nodes.
 *
 * A node never fans out what it publishes itself: every room message, whichever node
 * appended it, reaches the node once through the room's Redis channel, in offset order,
 * and the node gives it to its members. So each socket gets each message exactly once and
 * in order, and a node's own messages take the same path as everyone else's.
 *
 * A join cannot replay and add the member in one synchronous step as the embedded hub does
 * (reading the log is a round trip to Redis), so the joiner waits in `joining` while the
 * replay is read: live messages for it are kept aside and sent after the replay, those the
 * replay already held (same offset) left out. The replay is read on the command connection
 * and the channel is heard on another, so a replay can reach past what the node has heard:
 * the joiner is then `ahead` until the channel catches up, and the offsets it already holds
 * are not sent to it again.
 *
 * Pub/sub does not keep what a node missed (its subscriber connection dropped, Redis closed
 * it for reading too slowly): a node that hears an offset beyond the next one reads the
 * missing ones from the room's stream and gives them to its members first, in order (at most
 * NODE_FILL_MAX; past that, or with Redis away, the clients' own history sync fills the gap).
 *
 * The online count is the sum of every node's members: each node owns its sockets, so its
 * figure is the true one; nodes write theirs to Redis when it changes and every few seconds,
 * and one script sums them (redisOnline.ts), leaving out a node silent for COUNT_STALE_MS
 * (it died with its sockets).
 */
import type { Redis } from 'ioredis';
import { BizError } from '../http/envelope.js';
import { deliveryOf, JOIN_REPLAY_LIMIT, roomMessageFrame, type JoinResult, type RoomFanout, type RoomSubscriber } from '../rooms/hub.js';
import type { RoomMessage } from '../rooms/roomLog.js';
import type { ServerMetrics } from '../metrics.js';
import { ROOM_CHANNEL_PATTERN, readPublishedMessage, roomChannel, type RedisRoomLog } from './redisRoomLog.js';
import { NODE_CHANNEL, type NodeBus } from './nodeBus.js';
import type { RedisOnlineCounts } from './redisOnline.js';

/** How often a node writes every room count it holds (and tells the sockets it holds, remoteClients.ts). */
export const COUNT_HEARTBEAT_MS = 2000;
/** A node not heard from this long no longer counts in the online figures, nor its sockets. */
export const COUNT_STALE_MS = 3 * COUNT_HEARTBEAT_MS;
/** Messages a node reads back from the stream at most to close one gap in what it heard. */
export const NODE_FILL_MAX = 5000;

interface Joining {
  readonly sub: RoomSubscriber;
  readonly held: RoomMessage[];
}

interface LocalRoom {
  readonly members: Map<string, RoomSubscriber>;
  readonly joining: Map<string, Joining>;
  readonly subscribed: Promise<unknown>;
  /** The epoch of the last message heard; a different one means the log was lost. */
  epoch: string | null;
  /** The offset last given to the members (0: none yet). */
  last: number;
  /** Messages heard while a gap before them is read from the stream, in order; null when none is. */
  waiting: RoomMessage[] | null;
  /** Members whose join replay reached past `last`, with the offset they hold up to. */
  readonly ahead: Map<string, number>;
}

export interface ClusterHubDeps {
  readonly log: RedisRoomLog;
  /** A connection in subscriber mode, the hub's alone. */
  readonly subscriber: Redis;
  readonly nodes: NodeBus;
  readonly online: RedisOnlineCounts;
  readonly now: () => number;
  readonly metrics?: ServerMetrics;
  /** The room's log was lost (a new epoch): its members here hold offsets that mean nothing now. */
  readonly onLogReset: (webcastId: string, members: readonly RoomSubscriber[]) => void;
}

export class ClusterRoomHub implements RoomFanout {
  private readonly rooms = new Map<string, LocalRoom>();
  private readonly membersListeners = new Set<(webcastId: string) => void>();
  private readonly inflight = new Set<Promise<void>>();
  private readonly changedCounts = new Set<string>();
  private countsFlush: ReturnType<typeof setImmediate> | null = null;
  private unpublished = 0;
  private unpublishedLoggedAt = 0;
  private readonly heartbeat: ReturnType<typeof setInterval>;

  constructor(private readonly deps: ClusterHubDeps) {
    deps.subscriber.on('message', (channel: string, payload: string) => this.heard(channel, payload));
    void deps.subscriber.subscribe(NODE_CHANNEL).catch(() => undefined);
    this.heartbeat = setInterval(() => void this.countsHeartbeat(), COUNT_HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  publish(webcastId: string, code: number, body: Record<string, unknown>): void {
    this.send(webcastId, code, body).catch((error: unknown) => this.notPublished(webcastId, code, error));
  }

  /** With Redis away a busy room fails thousands of publishes a second: logged once a second, with the count. */
  private notPublished(webcastId: string, code: number, error: unknown): void {
    this.unpublished += 1;
    const now = this.deps.now();
    if (now - this.unpublishedLoggedAt < 1000) return;
    console.error(`room ${webcastId}: ${this.unpublished} message(s) not published (last: ${code}):`, error instanceof Error ? error.message : error);
    this.unpublished = 0;
    this.unpublishedLoggedAt = now;
  }

  send(webcastId: string, code: number, body: Record<string, unknown>): Promise<RoomMessage> {
    const appended = this.deps.log.append(webcastId, code, body);
    const settled = appended.then(
      () => undefined,
      () => undefined,
    );
    this.inflight.add(settled);
    void settled.then(() => this.inflight.delete(settled));
    this.deps.metrics?.roomMessagesSent.inc({ code: String(code) });
    return appended.catch((error: unknown) => {
      throw new BizError(500, `the room's log is unavailable: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  whenDurable(): Promise<void> {
    return Promise.all([...this.inflight]).then(() => undefined);
  }

  readAfter(webcastId: string, afterOffset: number, limit: number): Promise<RoomMessage[]> {
    return this.deps.log.readAfter(webcastId, afterOffset, limit);
  }

  async join(sub: RoomSubscriber, webcastId: string, afterOffset: number, epoch?: string): Promise<JoinResult> {
    const room = this.roomOf(webcastId);
    const wasMember = room.members.delete(sub.id);
    room.ahead.delete(sub.id);
    const joining: Joining = { sub, held: [] };
    room.joining.set(sub.id, joining);
    try {
      await room.subscribed;
      const head = await this.deps.log.head(webcastId);
      // Offsets of another life of the log name nothing in this one: replay from its start.
      const after = epoch !== undefined && epoch !== head.epoch ? 0 : afterOffset;
      const start = Math.max(after, head.latest - JOIN_REPLAY_LIMIT);
      const replay = head.latest > start ? await this.deps.log.readAfter(webcastId, start, JOIN_REPLAY_LIMIT) : [];
      if (room.joining.get(sub.id) !== joining) return { latest: head.latest, from: head.latest + 1, replayed: 0, epoch: head.epoch };
      let last = Math.max(start, 0);
      for (const m of [...replay, ...joining.held]) {
        if (m.offset <= last) continue;
        sub.send(roomMessageFrame(m), deliveryOf(m));
        last = m.offset;
      }
      this.deps.metrics?.framesSent.inc(replay.length);
      room.joining.delete(sub.id);
      room.members.set(sub.id, sub);
      if (last > room.last) room.ahead.set(sub.id, last);
      if (!wasMember) {
        this.deps.metrics?.roomsJoined.inc();
        this.membersChanged(webcastId);
      }
      room.epoch ??= head.epoch;
      return { latest: Math.max(head.latest, last), from: replay[0]?.offset ?? head.latest + 1, replayed: replay.length, epoch: head.epoch };
    } catch (error) {
      if (room.joining.get(sub.id) === joining) room.joining.delete(sub.id);
      if (wasMember) {
        this.deps.metrics?.roomsJoined.dec();
        this.membersChanged(webcastId);
      }
      this.dropIfEmpty(webcastId, room);
      if (error instanceof BizError) throw error;
      throw new BizError(500, `the room's log is unavailable: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  leave(sub: RoomSubscriber, webcastId: string): boolean {
    const room = this.rooms.get(webcastId);
    if (!room) return false;
    room.joining.delete(sub.id);
    room.ahead.delete(sub.id);
    const left = room.members.delete(sub.id);
    if (left) {
      this.deps.metrics?.roomsJoined.dec();
      this.membersChanged(webcastId);
    }
    this.dropIfEmpty(webcastId, room);
    return left;
  }

  leaveAll(sub: RoomSubscriber): void {
    for (const webcastId of [...this.rooms.keys()]) this.leave(sub, webcastId);
  }

  memberCount(webcastId: string): number {
    return this.rooms.get(webcastId)?.members.size ?? 0;
  }

  /** With Redis away the other nodes' members are unknown: this node's alone are told (/healthz says why). */
  async onlineCount(webcastId: string): Promise<number> {
    const others = await this.deps.online.others(webcastId).catch(() => 0);
    return this.memberCount(webcastId) + others;
  }

  member(webcastId: string, subscriberId: string): RoomSubscriber | undefined {
    return this.rooms.get(webcastId)?.members.get(subscriberId);
  }

  onMembersChanged(listener: (webcastId: string) => void): () => void {
    this.membersListeners.add(listener);
    return () => this.membersListeners.delete(listener);
  }

  /** Rooms this node follows and the members it holds in them (for /healthz). */
  localRooms(): number {
    return this.rooms.size;
  }

  close(): void {
    clearInterval(this.heartbeat);
    if (this.countsFlush !== null) clearImmediate(this.countsFlush);
    const gone: Record<string, number> = {};
    for (const webcastId of this.rooms.keys()) gone[webcastId] = 0;
    this.deps.online.write(gone).catch(() => undefined);
    this.deps.nodes.tell({ type: 'gone' });
  }

  private roomOf(webcastId: string): LocalRoom {
    let room = this.rooms.get(webcastId);
    if (!room) {
      // ioredis sends commands of one connection in order, so a subscribe after an
      // unsubscribe of the same room (it emptied and filled again) is the one that holds.
      room = { members: new Map(), joining: new Map(), subscribed: this.deps.subscriber.subscribe(roomChannel(webcastId)), epoch: null, last: 0, waiting: null, ahead: new Map() };
      room.subscribed.catch(() => undefined);
      this.rooms.set(webcastId, room);
    }
    return room;
  }

  private dropIfEmpty(webcastId: string, room: LocalRoom): void {
    if (room.members.size > 0 || room.joining.size > 0 || this.rooms.get(webcastId) !== room) return;
    this.rooms.delete(webcastId);
    this.deps.subscriber.unsubscribe(roomChannel(webcastId)).catch(() => undefined);
  }

  private heard(channel: string, payload: string): void {
    if (channel === NODE_CHANNEL) {
      this.deps.nodes.heard(payload);
      return;
    }
    const webcastId = ROOM_CHANNEL_PATTERN.exec(channel)?.[1];
    const room = webcastId === undefined ? undefined : this.rooms.get(webcastId);
    if (webcastId === undefined || room === undefined) return;
    const message = readPublishedMessage(webcastId, payload);
    if (message === null) return;
    if (room.epoch !== null && room.epoch !== message.epoch) {
      room.epoch = message.epoch;
      room.last = 0;
      room.waiting = null;
      room.ahead.clear();
      this.deps.onLogReset(webcastId, [...room.members.values(), ...[...room.joining.values()].map((j) => j.sub)]);
      return;
    }
    room.epoch = message.epoch;
    this.next(webcastId, room, message);
  }

  /** The next message of the room in the order heard: kept behind a gap being read, else taken. */
  private next(webcastId: string, room: LocalRoom, message: RoomMessage): void {
    if (room.waiting !== null) room.waiting.push(message);
    else this.take(webcastId, room, message);
  }

  /** A message heard in order is given out; one after a gap waits for the gap to be read. */
  private take(webcastId: string, room: LocalRoom, message: RoomMessage): void {
    if (room.last > 0 && message.offset <= room.last) return;
    if (room.last > 0 && message.offset > room.last + 1) {
      room.waiting = [message];
      void this.fill(webcastId, room, room.last, message.offset);
      return;
    }
    this.deliver(room, message);
  }

  private async fill(webcastId: string, room: LocalRoom, after: number, before: number): Promise<void> {
    let missing: RoomMessage[] = [];
    try {
      missing = await this.deps.log.readAfter(webcastId, after, Math.min(before - after - 1, NODE_FILL_MAX));
    } catch {
      // Redis away: what this node cannot read, its clients ask for (2401) when they see the gap.
    }
    if (this.rooms.get(webcastId) !== room || room.waiting === null) return;
    const waiting = room.waiting;
    room.waiting = null;
    for (const m of missing) if (m.offset < before) this.deliver(room, m);
    this.deps.metrics?.nodeGapFilled.inc(missing.length);
    // The rest in order; a further gap among them starts another fill.
    const [first, ...rest] = waiting;
    if (first !== undefined) this.deliver(room, first);
    for (const m of rest) this.next(webcastId, room, m);
  }

  private deliver(room: LocalRoom, message: RoomMessage): void {
    room.last = Math.max(room.last, message.offset);
    for (const joining of room.joining.values()) joining.held.push(message);
    if (room.members.size === 0) return;
    const frame = roomMessageFrame(message);
    const delivery = deliveryOf(message);
    if (room.ahead.size === 0) {
      for (const sub of room.members.values()) sub.send(frame, delivery);
      this.deps.metrics?.framesSent.inc(room.members.size);
      return;
    }
    let sent = 0;
    for (const sub of room.members.values()) {
      const holds = room.ahead.get(sub.id);
      if (holds !== undefined && message.offset <= holds) continue;
      sub.send(frame, delivery);
      sent += 1;
    }
    for (const [id, holds] of room.ahead) if (holds <= message.offset) room.ahead.delete(id);
    this.deps.metrics?.framesSent.inc(sent);
  }

  /**
   * The changes of one turn of the event loop are written to Redis together, and only then
   * told to the listeners (see RoomHub.onMembersChanged): the count they read back holds
   * this node's change, and the last node to change pushes a count that holds everyone's.
   */
  private membersChanged(webcastId: string): void {
    this.changedCounts.add(webcastId);
    this.countsFlush ??= setImmediate(() => {
      this.countsFlush = null;
      const rooms = [...this.changedCounts];
      void this.writeCounts(rooms).then(() => {
        for (const room of rooms) for (const listener of this.membersListeners) listener(room);
      });
    });
  }

  /**
   * Writes every count again (a Redis that lost them holds them after one heartbeat); the
   * same scripts remove nodes gone silent, and the node that finds one tells its listeners,
   * so the room is pushed the smaller count without waiting for someone to join or leave.
   */
  private async countsHeartbeat(): Promise<void> {
    for (const webcastId of await this.writeCounts([...this.rooms.keys()])) for (const listener of this.membersListeners) listener(webcastId);
  }

  /** Resolves with the rooms where a silent node was removed; never rejects: a write Redis refused is made again by the next heartbeat. */
  private writeCounts(which: readonly string[]): Promise<string[]> {
    const rooms: Record<string, number> = {};
    for (const webcastId of which) {
      this.changedCounts.delete(webcastId);
      rooms[webcastId] = this.memberCount(webcastId);
    }
    return this.deps.online.write(rooms).catch(() => []);
  }
}
