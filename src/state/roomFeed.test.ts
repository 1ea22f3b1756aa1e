import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { proxy } from 'valtio';
import { CHAT_ENTRIES_KEPT } from '../domain';
import { toChatEntry, type ChatEntry } from '../realtime/chatEntry';
import { applyDelta, applyTabUpdate, IDLE_CONNECTION, newRoomFeed, realtimeFailureText, type RealtimeStore } from './roomFeed';

function entry(offset: number): ChatEntry {
  const e = toChatEntry({ offset, msgId: `m${offset}`, uid: 'u2', role: 5, sendTime: offset, body: `text ${offset}` }, { myUid: 'me', previous: undefined });
  if (e === null) throw new Error('bad fixture');
  return e;
}
const range = (from: number, to: number): ChatEntry[] => Array.from({ length: to - from + 1 }, (_, i) => entry(from + i));
const offsets = (list: readonly ChatEntry[]): number[] => list.map((e) => e.offset);

describe('applyDelta', () => {
  it('appends, removes withdrawn ids and keeps the latest 200', () => {
    const start = range(1, 150);
    const next = applyDelta(start, { append: range(151, 260), withdraw: ['m2', 'm100'] });
    expect(next).toHaveLength(CHAT_ENTRIES_KEPT);
    expect(next.at(-1)?.offset).toBe(260);
    expect(offsets(next)).not.toContain(100);
  });

  it('a replacement is the whole list', () => {
    expect(offsets(applyDelta(range(1, 5), { append: [], withdraw: [], replace: range(7, 9) }))).toEqual([7, 8, 9]);
  });

  it('an empty delta keeps the same array (no re-render)', () => {
    const start = range(1, 3);
    expect(applyDelta(start, { append: [], withdraw: [] })).toBe(start);
  });

  it('matches a plain model for any sequence of appends and withdraws', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 60 }), fc.array(fc.nat(), { maxLength: 5 })), { maxLength: 30 }), (steps) => {
        let list: readonly ChatEntry[] = [];
        let model: number[] = [];
        let next = 1;
        for (const [count, picks] of steps) {
          const withdrawn = picks.map((p) => model[p % Math.max(1, model.length)]).filter((o): o is number => o !== undefined);
          const appended = range(next, next + count - 1);
          next += count;
          list = applyDelta(list, { append: appended, withdraw: withdrawn.map((o) => `m${o}`) });
          model = model.filter((o) => !withdrawn.includes(o)).concat(offsets(appended)).slice(-CHAT_ENTRIES_KEPT);
        }
        expect(offsets(list)).toEqual(model);
      }),
    );
  });
});

describe('applyTabUpdate', () => {
  const store = (): RealtimeStore => proxy<RealtimeStore>({ connection: IDLE_CONNECTION, rooms: { r1: newRoomFeed('all') } });

  it('applies connection, join, entries and room state', () => {
    const s = store();
    applyTabUpdate(s, 'r1', {
      connection: { state: 'online', attempt: 0, status: null, msg: null },
      join: { state: 'joined', online: 3 },
      delta: { append: range(1, 2), withdraw: [], state: { counts: { online: 3, praise: 9 } } },
    });
    expect(s.connection.state).toBe('online');
    expect(s.rooms.r1?.joined).toEqual({ state: 'joined', online: 3 });
    expect(offsets(s.rooms.r1?.entries ?? [])).toEqual([1, 2]);
    expect(s.rooms.r1?.room.counts).toEqual({ online: 3, praise: 9 });
    // The rest of the room state is kept.
    expect(s.rooms.r1?.room.chat.open).toBe(true);
  });

  it('remembers the ids withdrawn lately', () => {
    const s = store();
    applyTabUpdate(s, 'r1', { delta: { append: range(1, 3), withdraw: [] } });
    applyTabUpdate(s, 'r1', { delta: { append: [], withdraw: ['m1'] } });
    applyTabUpdate(s, 'r1', { delta: { append: [], withdraw: ['m3'] } });
    expect(s.rooms.r1?.withdrawn).toEqual(['m1', 'm3']);
    expect(offsets(s.rooms.r1?.entries ?? [])).toEqual([2]);
  });

  it('ignores updates of a room the tab no longer shows, but still takes the connection', () => {
    const s = store();
    applyTabUpdate(s, 'gone', { connection: { state: 'reconnecting', attempt: 1, status: null, msg: null }, delta: { append: range(1, 1), withdraw: [] } });
    expect(s.connection.state).toBe('reconnecting');
    expect(s.rooms.gone).toBeUndefined();
  });
});

describe('realtimeFailureText', () => {
  const t = (key: string, params?: Readonly<Record<string, string | number>>) => (params === undefined ? key : `${key} ${JSON.stringify(params)}`);

  it('shows a known business code by its message, 4501 with the field, an unknown code with the server msg', () => {
    expect(realtimeFailureText({ ok: false, reason: 'rejected', status: 4402, msg: 'muted' }, t)).toBe('code.4402');
    expect(realtimeFailureText({ ok: false, reason: 'rejected', status: 4501, msg: 'body: must not be empty' }, t)).toBe(
      'error.invalidInputField {"detail":"body: must not be empty"}',
    );
    expect(realtimeFailureText({ ok: false, reason: 'rejected', status: 9999, msg: 'odd' }, t)).toBe('odd');
  });

  it('names timeouts and lost connections', () => {
    expect(realtimeFailureText({ ok: false, reason: 'timeout', status: null, msg: '' }, t)).toBe('realtime.failed.timeout');
    expect(realtimeFailureText({ ok: false, reason: 'not-connected', status: null, msg: '' }, t)).toBe('realtime.failed.notConnected');
  });
});

describe('applyTabUpdate: messages not shown', () => {
  it('keeps the marks of listed entries, counts every mark, and drops a mark once its entry leaves the list', () => {
    const store = proxy<RealtimeStore>({ connection: IDLE_CONNECTION, rooms: { r: newRoomFeed('all') } });
    applyTabUpdate(store, 'r', { delta: { append: range(1, 10), withdraw: [] } });
    const before = store.rooms.r?.gaps;
    applyTabUpdate(store, 'r', { delta: { append: range(11, 20), withdraw: [] } });
    // No gap: the marks stay the same object (nothing re-renders for them).
    expect(store.rooms.r?.gaps).toBe(before);

    const sync = { gapsFilled: 0, gapsSkipped: 1, messagesSkipped: 2600, messagesThinned: 0 };
    applyTabUpdate(store, 'r', { delta: { append: range(2621, 2630), withdraw: [], gaps: { m2621: 2600, gone: 5 }, sync } });
    expect(store.rooms.r?.gaps).toEqual({ m2621: 2600 });
    expect(store.rooms.r?.notShown).toBe(2605);
    expect(store.rooms.r?.sync).toEqual(sync);

    // A few newer entries: the marked one is still listed, its mark stays; a second mark of
    // the same entry adds up.
    applyTabUpdate(store, 'r', { delta: { append: range(2631, 2640), withdraw: [] } });
    expect(store.rooms.r?.gaps).toEqual({ m2621: 2600 });
    applyTabUpdate(store, 'r', { delta: { append: [], withdraw: ['m2640'], gaps: { m2621: 10 } } });
    expect(store.rooms.r?.gaps).toEqual({ m2621: 2610 });
    expect(store.rooms.r?.notShown).toBe(2615);

    // 200 newer entries push the marked one out of the list: its mark goes with it.
    applyTabUpdate(store, 'r', { delta: { append: range(2641, 2840), withdraw: [] } });
    expect(store.rooms.r?.gaps).toEqual({});
    expect(store.rooms.r?.notShown).toBe(2615);
  });
});

