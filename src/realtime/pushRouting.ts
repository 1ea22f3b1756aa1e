/**
 * Where a push from the login's socket goes: a conversation push that names no room to the
 * login's conversation book; connect-mic media signalling straight to each tab of its room,
 * in order (it is no room state); everything else of a followed room into the room
 * (roomEntry.applyFrame: offset order, hub, then each tab's delta). A push for a room no
 * tab follows is dropped.
 */
import type { Frame } from '../protocol/frame';
import type { ConversationBook } from './conversationBook';
import { CONVERSATION_PUSH_CODES } from './conversations';
import { applyFrame, type RoomEntry } from './roomEntry';

/** Connect-mic media signalling pushes: 4115 offer, 4117 answer, 4119 ICE candidate (PROTOCOL 2.5). */
export const MIC_SIGNAL_CODES: ReadonlySet<number> = new Set([4115, 4117, 4119]);

/** The push's room, from `webcastId` (a string, or a number from some servers). */
function roomIdOf(frame: Frame): string | null {
  const id = frame.body.webcastId;
  return typeof id === 'string' ? id : typeof id === 'number' ? String(id) : null;
}

export function routePush(frame: Frame, rooms: ReadonlyMap<string, RoomEntry>, book: ConversationBook): void {
  if (frame.code !== null && CONVERSATION_PUSH_CODES.has(frame.code) && frame.body.webcastId === undefined) {
    book.push(frame.code, frame.body);
    return;
  }
  const webcastId = roomIdOf(frame);
  const room = webcastId === null ? undefined : rooms.get(webcastId);
  if (room === undefined) return;
  if (frame.code !== null && MIC_SIGNAL_CODES.has(frame.code)) {
    for (const sub of room.subscribers.values()) room.deps.deliver(sub, { signal: { code: frame.code, body: frame.body } });
    return;
  }
  applyFrame(room, frame);
}
