/**
 * The room's interactions kept for its replay (issue 40): the messages a replay's timeline
 * shows at their moment (codes 7113 to 7125: lottery, papers, roll call, red packet, goods,
 * answered questions, captions) are written to the store's timeline table as they are
 * published, with their offset and time. The rooms' logs themselves are the node's own file
 * (one process) or Redis (a cluster), neither of which keeps a live's messages for good:
 * the store does, on either engine, for every node.
 *
 * A message is published first and recorded after; a record that fails (the store away) is
 * logged and costs the room nothing.
 */
import { sql } from 'kysely';
import type { RoomFanout } from '../rooms/hub.js';
import type { RoomMessage } from '../rooms/roomLog.js';
import type { SqlStore } from '../store/sqlStore.js';

/** The room log's codes a replay shows (docs/protocol.md 5.10). */
export const isReplayedInteraction = (code: number): boolean => code >= 7113 && code <= 7125;

/** room_timeline's kind of a recorded room message; its body is `{code, body}`. */
export const ROOM_MESSAGE_KIND = 'room';

/** The row a recorded message becomes (also what the replay demo's seed writes). */
export function recordedMessage(message: Pick<RoomMessage, 'code' | 'bodyJson'>): string {
  return JSON.stringify({ code: message.code, body: JSON.parse(message.bodyJson) as unknown });
}

export function recordingInteractions(hub: RoomFanout, store: SqlStore, onError: (error: unknown) => void): RoomFanout {
  const record = (message: RoomMessage): void => {
    sql`INSERT INTO room_timeline (webcast_id, at, kind, body) VALUES (${message.webcastId}, ${message.createdAt}, ${ROOM_MESSAGE_KIND}, ${recordedMessage(message)})`
      .execute(store.db)
      .catch(onError);
  };
  const send = async (webcastId: string, code: number, body: Record<string, unknown>): Promise<RoomMessage> => {
    const message = await hub.send(webcastId, code, body);
    if (isReplayedInteraction(code)) record(message);
    return message;
  };
  return {
    publish: (webcastId, code, body) => {
      if (!isReplayedInteraction(code)) return hub.publish(webcastId, code, body);
      // Through send: its offset is known once it is in the log. The log's order is the same.
      send(webcastId, code, body).catch(onError);
    },
    send,
    join: (sub, webcastId, afterOffset, epoch) => hub.join(sub, webcastId, afterOffset, epoch),
    leave: (sub, webcastId) => hub.leave(sub, webcastId),
    leaveAll: (sub) => hub.leaveAll(sub),
    memberCount: (webcastId) => hub.memberCount(webcastId),
    onlineCount: (webcastId) => hub.onlineCount(webcastId),
    member: (webcastId, subscriberId) => hub.member(webcastId, subscriberId),
    onMembersChanged: (listener) => hub.onMembersChanged(listener),
    readAfter: (webcastId, afterOffset, limit) => hub.readAfter(webcastId, afterOffset, limit),
    whenDurable: () => hub.whenDurable(),
  };
}
