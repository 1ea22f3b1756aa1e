import { describe, expect, it } from 'vitest';
import type { Frame, FrameBody } from '../protocol/frame';
import type { ConversationBook } from './conversationBook';
import { PEER_MESSAGE_PUSH } from './conversations';
import { MIC_SIGNAL_CODES, routePush } from './pushRouting';
import type { TabUpdate } from './realtimeApi';
import { createRoomEntry, type RoomEntry, type Subscriber } from './roomEntry';
import type { SocketSession } from './socketSession';

const frame = (code: number, body: FrameBody): Frame => ({ code, seq: 0, headers: {}, body }) as unknown as Frame;

function setup() {
  const delivered: { tab: string; update: TabUpdate }[] = [];
  const session = { state: 'online', noteApplied: () => undefined } as unknown as SocketSession;
  const room: RoomEntry = createRoomEntry('101', {
    session,
    myUid: 'u-me',
    later: () => () => undefined,
    deliver: (sub, update) => delivered.push({ tab: sub.tabId, update }),
    followed: () => true,
  });
  const pushed: number[] = [];
  for (const tabId of ['a', 'b'])
    room.subscribers.set(tabId, { tabId, coalescer: { push: (change: { appended: readonly { offset: number }[] }) => pushed.push(...change.appended.map((e) => e.offset)) } } as unknown as Subscriber);
  const bookPushes: number[] = [];
  const book = { push: (code: number) => bookPushes.push(code) } as unknown as ConversationBook;
  return { rooms: new Map([['101', room]]), room, delivered, pushed, book, bookPushes };
}

describe('push routing', () => {
  it("takes a room's chat into the room, whose hub gives each tab's coalescer the entry", () => {
    const t = setup();
    routePush(frame(7101, { webcastId: '101', offset: 1, msgId: 'm1', uid: 'u-x', name: 'x', role: 5, body: 'hi', sendTime: 1 }), t.rooms, t.book);
    expect(t.room.hub.lastOffset()).toBe(1);
    expect(t.pushed).toEqual([1, 1]);
    expect(t.bookPushes).toEqual([]);
  });

  it('sends media signalling to each tab of its room at once, outside the room state (a numeric webcastId names the room too)', () => {
    const t = setup();
    const code = [...MIC_SIGNAL_CODES][0]!;
    routePush(frame(code, { webcastId: 101, sdp: 'x' }), t.rooms, t.book);
    expect(t.delivered.map((d) => d.tab)).toEqual(['a', 'b']);
    expect(t.delivered[0]!.update.signal).toEqual({ code, body: { webcastId: 101, sdp: 'x' } });
    expect(t.room.hub.lastOffset()).toBe(0);
  });

  it("gives a conversation push that names no room to the login's book, and drops a push for a room not followed", () => {
    const t = setup();
    routePush(frame(PEER_MESSAGE_PUSH, { fromUid: 'u-x', body: 'hello' }), t.rooms, t.book);
    expect(t.bookPushes).toEqual([PEER_MESSAGE_PUSH]);
    routePush(frame(7101, { webcastId: '999', offset: 1 }), t.rooms, t.book);
    routePush(frame(7101, { offset: 1 }), t.rooms, t.book);
    expect(t.pushed).toEqual([]);
    expect(t.delivered).toEqual([]);
  });
});
