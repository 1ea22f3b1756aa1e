import { describe, expect, it } from 'vitest';
import { CALL_ROOM_EVENTS_KEPT, INITIAL_CALL_ROOM, isCallRoomCode, readCallRoomPush, type CallRoomState } from './callRoomState';
import { createRoomHub } from './roomHub';

const ME = 'me';
const read = (code: number, body: Record<string, unknown>, state: CallRoomState = INITIAL_CALL_ROOM) => readCallRoomPush(code, body, state, ME);

describe('the call room from its control pushes', () => {
  it('knows the twelve codes and no others', () => {
    expect([6105, 6107, 6113, 6117, 6121, 6123, 6125, 6147, 6157, 6161, 6165, 6167].every(isCallRoomCode)).toBe(true);
    expect(isCallRoomCode(6106)).toBe(false);
    expect(isCallRoomCode(4109)).toBe(false);
  });

  it('keeps who is in the call (6105, 6167) and their states (6123)', () => {
    let state = read(6105, { users: [{ uid: 'a', name: 'Ann', state: 'connecting' }, { uid: 'b', name: '', state: 'connected' }] })!;
    expect(state.members).toEqual([
      { uid: 'a', name: 'Ann', state: 'connecting' },
      { uid: 'b', name: 'b', state: 'connected' },
    ]);
    state = read(6123, { users: [{ uid: 'a', attr: { state: 'connected' } }] }, state)!;
    expect(state.members![0]!.state).toBe('connected');
    const after = read(6167, { state: 'idle', users: [] }, state)!;
    expect(after.members).toEqual([]);
    // Who has left is still named.
    expect(after.names).toEqual({ a: 'Ann', b: 'b' });
  });

  it('tells this viewer it was removed, with the reason, each time anew; another viewer\'s removal is only an event', () => {
    const once = read(6117, { users: [ME], kick_reason: 100 })!;
    expect(once.removed).toEqual({ reason: 100, seq: once.seq });
    const twice = read(6117, { users: [ME], kick_reason: 7 }, once)!;
    expect(twice.removed!.seq).toBeGreaterThan(once.removed!.seq);
    expect(twice.removed!.reason).toBe(7);
    const other = read(6117, { users: ['x'], kick_reason: 100 })!;
    expect(other.removed).toBeNull();
    expect(other.events).toEqual([{ kind: 'removed', uid: 'x', detail: '100', seq: 1 }]);
  });

  it('records joins, leaves, losses, invitations and answers; requests opening and closing', () => {
    let state = INITIAL_CALL_ROOM;
    for (const [code, body] of [
      [6107, { uid: 'a' }],
      [6113, { uid: 'a', by: 'host' }],
      [6165, { uid: 'b' }],
      [6147, { uid: 'c', from: 'host1' }],
      [6157, { uid: 'c', accepted: false }],
      [6161, { uid: 'd' }],
    ] as const) state = read(code, body, state)!;
    expect(state.events.map((e) => [e.kind, e.uid, e.detail])).toEqual([
      ['joined', 'a', null],
      ['left', 'a', 'host'],
      ['networkLost', 'b', null],
      ['invited', 'c', 'host1'],
      ['answered', 'c', 'declined'],
      ['cancelled', 'd', null],
    ]);
    expect(read(6121, { attr: { open: true } }, state)!.open).toBe(true);
    expect(read(6125, {}, state)!.open).toBe(false);
  });

  it('keeps the newest events only, and refuses malformed bodies', () => {
    let state = INITIAL_CALL_ROOM;
    for (let i = 0; i < CALL_ROOM_EVENTS_KEPT + 5; i++) state = read(6107, { uid: `u${i}` }, state)!;
    expect(state.events).toHaveLength(CALL_ROOM_EVENTS_KEPT);
    expect(state.events[0]!.uid).toBe('u5');
    for (const [code, body] of [
      [6105, { users: 'x' }],
      [6105, { users: [{ name: 'no uid' }] }],
      [6117, { users: [ME] }],
      [6117, { users: [ME], kick_reason: -1 }],
      [6121, { attr: {} }],
      [6123, { users: [{ uid: 'a' }] }],
      [6157, { uid: 'c' }],
      [6107, {}],
    ] as const) expect(read(code, body)).toBeNull();
  });

  it('reaches every tab through the room hub, without a room offset, and is counted malformed when unreadable', () => {
    const changes: unknown[] = [];
    const hub = createRoomHub({ webcastId: 'r', myUid: ME, requestHistory: async () => [], onChange: (c) => changes.push(c), schedule: () => () => undefined });
    hub.apply(6117, { webcastId: 'r', users: [ME], kick_reason: 100 });
    expect(hub.snapshot().state.callRoom.removed).toMatchObject({ reason: 100 });
    hub.apply(6117, { webcastId: 'r', users: 'nope' });
    expect(hub.stats().malformed).toBe(1);
    expect(changes.length).toBeGreaterThan(0);
  });
});
