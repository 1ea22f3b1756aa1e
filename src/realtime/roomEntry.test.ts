import { describe, expect, it } from 'vitest';
import type { Frame } from '../protocol/frame';
import { applyFrame, createRoomEntry, joinRoom, JOIN_HOLD_MAX, type RoomEntry, type Subscriber } from './roomEntry';
import { RequestError } from './pendingRequests';
import type { JoinStatus, TabUpdate } from './realtimeApi';
import type { JoinReply, SocketSession } from './socketSession';

const ROOM = 'r1';

/** A socket session that answers nothing by itself: the test settles each join. */
function fakeSession() {
  const joins: { offset: number; epoch: string | undefined; settle: (reply: JoinReply | Error) => void }[] = [];
  let applied = 0;
  const session = {
    state: 'online',
    request: () => Promise.resolve({ messages: [] }),
    join: (_webcastId: string, offset: number, epoch?: string) =>
      new Promise<JoinReply>((resolve, reject) => joins.push({ offset, epoch, settle: (r) => (r instanceof Error ? reject(r) : resolve(r)) })),
    leave: () => Promise.resolve(),
    noteApplied: () => {
      applied++;
    },
  } as unknown as SocketSession;
  return { session, joins, applied: () => applied };
}

function setup() {
  const fake = fakeSession();
  let followed = true;
  const updates: TabUpdate[] = [];
  const room: RoomEntry = createRoomEntry(ROOM, {
    session: fake.session,
    myUid: 'u-me',
    later: () => () => undefined,
    deliver: (_sub, update) => updates.push(update),
    followed: () => followed,
  });
  const pushed: number[] = [];
  room.subscribers.set('tab', { coalescer: { push: (change: { appended: readonly { offset: number }[] }) => pushed.push(...change.appended.map((e) => e.offset)) } } as unknown as Subscriber);
  return { room, fake, updates, pushed, leave: () => (followed = false) };
}

const chat = (offset: number): Frame => ({ code: 7101, seq: 0, headers: {}, body: { webcastId: ROOM, offset, msgId: `m${offset}`, uid: 'u-x', name: 'x', role: 5, body: `hi ${offset}`, sendTime: 1 } }) as unknown as Frame;
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
const joins = (updates: TabUpdate[]): (JoinStatus | undefined)[] => updates.filter((u) => u.join !== undefined).map((u) => u.join);

describe('roomEntry', () => {
  it("holds a first join's replay until the reply says where it starts, then applies it in order and says joined", async () => {
    const t = setup();
    joinRoom(t.room);
    expect(t.fake.joins).toHaveLength(1);
    for (const offset of [4, 5, 6]) applyFrame(t.room, chat(offset));
    expect(t.pushed).toEqual([]);
    t.fake.joins[0]!.settle({ webcastId: ROOM, offset: 6, online: 3, from: 4 });
    await settled();
    expect(t.pushed).toEqual([4, 5, 6]);
    expect(t.room.hub.lastOffset()).toBe(6);
    expect(joins(t.updates).at(-1)).toEqual({ state: 'joined', online: 3 });
    // Each applied change was reported to the session (for its progress reports).
    expect(t.fake.applied()).toBeGreaterThan(0);
    // Live frames after the reply go straight to the hub.
    applyFrame(t.room, chat(7));
    expect(t.pushed).toEqual([4, 5, 6, 7]);
  });

  it('a failed join applies what it held rather than lose it, and tells the tabs why', async () => {
    const t = setup();
    joinRoom(t.room);
    applyFrame(t.room, chat(1));
    t.fake.joins[0]!.settle(new RequestError('rejected', 7001, 4003, 'no entry'));
    await settled();
    expect(t.pushed).toEqual([1]);
    expect(joins(t.updates).at(-1)).toEqual({ state: 'refused', status: 4003, msg: 'no entry' });
  });

  it('a reply for a room left meanwhile changes nothing', async () => {
    const t = setup();
    joinRoom(t.room);
    applyFrame(t.room, chat(1));
    t.leave();
    t.fake.joins[0]!.settle({ webcastId: ROOM, offset: 1, online: 1, from: 1 });
    await settled();
    expect(t.pushed).toEqual([]);
    expect(joins(t.updates)).toEqual([]);
  });

  it("holds at most JOIN_HOLD_MAX frames of a join's replay", async () => {
    const t = setup();
    joinRoom(t.room);
    for (let offset = 1; offset <= JOIN_HOLD_MAX + 10; offset++) applyFrame(t.room, chat(offset));
    expect(t.room.held).toHaveLength(JOIN_HOLD_MAX);
  });

  it('a rejoin names the offset applied and the epoch; a new epoch restarts the room from its replay', async () => {
    const t = setup();
    joinRoom(t.room);
    applyFrame(t.room, chat(1));
    applyFrame(t.room, chat(2));
    t.fake.joins[0]!.settle({ webcastId: ROOM, offset: 2, online: 1, from: 1, epoch: 'e1' });
    await settled();
    joinRoom(t.room);
    expect(t.fake.joins[1]).toMatchObject({ offset: 2, epoch: 'e1' });
    applyFrame(t.room, chat(1));
    t.fake.joins[1]!.settle({ webcastId: ROOM, offset: 1, online: 1, from: 1, epoch: 'e2' });
    await settled();
    expect(t.room.epoch).toBe('e2');
    expect(t.room.hub.lastOffset()).toBe(1);
    expect(t.pushed.at(-1)).toBe(1);
  });
});
