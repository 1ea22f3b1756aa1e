/**
 * Room fan-out: who is in which room, and every room message to all of them. A message's
 * frame text is built once and the same string goes to every socket, so fan-out costs one
 * JSON.stringify per message, not one per recipient.
 */
import { roomMessageFacts, type RoomMessageFacts } from '../../src/protocol/thinning';
import type { RoomLog, RoomMessage } from './roomLog.js';
import type { ServerMetrics } from '../metrics.js';

/** Which room message a frame is, for a socket that thins its stream (src/protocol/thinning.ts). */
export interface RoomDelivery {
  readonly webcastId: string;
  readonly offset: number;
  readonly facts: RoomMessageFacts;
}

export interface RoomSubscriber {
  readonly id: string;
  /** Writes one frame; must not throw (a dead socket just drops it). A room message comes with its delivery. */
  send(frame: string, delivery?: RoomDelivery): void;
}

/** The delivery of a stored or relayed message: its body is read again only for a chat message. */
export function deliveryOf(m: RoomMessage): RoomDelivery {
  const body = m.code === 7101 ? (JSON.parse(m.bodyJson) as Record<string, unknown>) : {};
  return { webcastId: m.webcastId, offset: m.offset, facts: roomMessageFacts(m.code, body) };
}

/** How many messages a join replays at most; older gaps are filled by the client with 2401. */
export const JOIN_REPLAY_LIMIT = 1000;

/** A push frame for a room message: `code` header only (pushes carry no seq). */
export const roomMessageFrame = (m: Pick<RoomMessage, 'code' | 'bodyJson'>): string => `code:${m.code}\n\n${m.bodyJson}`;

export interface JoinResult {
  /** Newest offset of the room after the replay. */
  readonly latest: number;
  /** Offset of the first replayed message (latest + 1 when nothing was replayed). */
  readonly from: number;
  readonly replayed: number;
  /** The life of the room's log the offsets belong to (a cluster's, server/cluster); absent in one process. */
  readonly epoch?: string;
}

/**
 * What the routes and the socket server need of the rooms, whether one process holds them
 * (RoomHub, below) or a cluster shares them in Redis (server/cluster/clusterHub.ts).
 */
export interface RoomFanout {
  /** Appends and fans out a room message; order is kept between publishes of one node. */
  publish(webcastId: string, code: number, body: Record<string, unknown>): void;
  /** Like publish, resolving with the message and its offset once it is in the room's log. */
  send(webcastId: string, code: number, body: Record<string, unknown>): Promise<RoomMessage>;
  /** `epoch`: the log's life the client's offset belongs to; another one than the room's means "replay from the start". */
  join(sub: RoomSubscriber, webcastId: string, afterOffset: number, epoch?: string): JoinResult | Promise<JoinResult>;
  leave(sub: RoomSubscriber, webcastId: string): boolean;
  leaveAll(sub: RoomSubscriber): void;
  /** The room's members on this node (the whole room in one process). */
  memberCount(webcastId: string): number;
  /** The room's online count: every node's members in a cluster. */
  onlineCount(webcastId: string): Promise<number>;
  /** A member of the room on this node. */
  member(webcastId: string, subscriberId: string): RoomSubscriber | undefined;
  onMembersChanged(listener: (webcastId: string) => void): () => void;
  /** Messages after an offset, oldest first (history sync 2401). */
  readAfter(webcastId: string, afterOffset: number, limit: number): RoomMessage[] | Promise<RoomMessage[]>;
  /** Resolves once everything published so far is durable in the room's log. */
  whenDurable(): Promise<void>;
}

export class RoomHub implements RoomFanout {
  private readonly rooms = new Map<string, Map<string, RoomSubscriber>>();
  private readonly membersListeners = new Set<(webcastId: string) => void>();

  constructor(
    readonly log: RoomLog,
    private readonly metrics?: ServerMetrics,
  ) {}

  /** Persists (batched) and fans out one room message; returns it with its offset. */
  publish(webcastId: string, code: number, body: Record<string, unknown>): RoomMessage {
    const message = this.log.append(webcastId, code, body);
    this.metrics?.roomMessagesSent.inc({ code: String(code) });
    const members = this.rooms.get(webcastId);
    if (members && members.size > 0) {
      const frame = roomMessageFrame(message);
      const delivery: RoomDelivery = { webcastId, offset: message.offset, facts: roomMessageFacts(code, body) };
      for (const sub of members.values()) sub.send(frame, delivery);
      this.metrics?.framesSent.inc(members.size);
    }
    return message;
  }

  send(webcastId: string, code: number, body: Record<string, unknown>): Promise<RoomMessage> {
    return Promise.resolve(this.publish(webcastId, code, body));
  }

  readAfter(webcastId: string, afterOffset: number, limit: number): RoomMessage[] {
    return this.log.readAfter(webcastId, afterOffset, limit);
  }

  whenDurable(): Promise<void> {
    return this.log.whenDurable();
  }

  /**
   * Replays the room's messages after `afterOffset` (at most JOIN_REPLAY_LIMIT, the newest
   * ones when there are more) to the subscriber, then adds it to the room. Both happen in one
   * synchronous step, so no live message can fall between replay and membership.
   */
  join(sub: RoomSubscriber, webcastId: string, afterOffset: number): JoinResult {
    const latest = this.log.latestOffset(webcastId);
    const start = Math.max(afterOffset, latest - JOIN_REPLAY_LIMIT);
    const replay = latest > start ? this.log.readAfter(webcastId, start, JOIN_REPLAY_LIMIT) : [];
    for (const m of replay) sub.send(roomMessageFrame(m), deliveryOf(m));
    this.metrics?.framesSent.inc(replay.length);
    let members = this.rooms.get(webcastId);
    if (!members) {
      members = new Map();
      this.rooms.set(webcastId, members);
    }
    const added = !members.has(sub.id);
    if (added) this.metrics?.roomsJoined.inc();
    members.set(sub.id, sub);
    if (added) this.membersChanged(webcastId);
    return { latest, from: replay[0]?.offset ?? latest + 1, replayed: replay.length };
  }

  leave(sub: RoomSubscriber, webcastId: string): boolean {
    const members = this.rooms.get(webcastId);
    if (!members?.delete(sub.id)) return false;
    this.metrics?.roomsJoined.dec();
    if (members.size === 0) this.rooms.delete(webcastId);
    this.membersChanged(webcastId);
    return true;
  }

  /**
   * Calls `listener` with the room's id after a socket joined or left it (the online count
   * moved). Told on the next turn of the event loop, never inside join: a listener that
   * publishes (the counts push) must not put a live message ahead of the joiner's reply.
   */
  onMembersChanged(listener: (webcastId: string) => void): () => void {
    this.membersListeners.add(listener);
    return () => this.membersListeners.delete(listener);
  }

  private membersChanged(webcastId: string): void {
    if (this.membersListeners.size === 0) return;
    setImmediate(() => {
      for (const listener of this.membersListeners) listener(webcastId);
    });
  }

  leaveAll(sub: RoomSubscriber): void {
    for (const webcastId of [...this.rooms.keys()]) this.leave(sub, webcastId);
  }

  memberCount(webcastId: string): number {
    return this.rooms.get(webcastId)?.size ?? 0;
  }

  onlineCount(webcastId: string): Promise<number> {
    return Promise.resolve(this.memberCount(webcastId));
  }

  /** Sends a frame to one member of a room (e.g. a reply), if present. */
  member(webcastId: string, subscriberId: string): RoomSubscriber | undefined {
    return this.rooms.get(webcastId)?.get(subscriberId);
  }
}
