import { describe, it, expect } from 'vitest';
import { createDeltaCoalescer, DELTA_ENTRIES_MAX, type ChatDelta, type DeltaCoalescer } from './deltas';
import { toChatEntry, type ChatEntry } from './chatEntry';
import type { HubChange } from './roomHub';
import { INITIAL_ROOM_STATE } from './roomState';
import type { ChatFilter } from './filters';

function entry(offset: number, extra: Record<string, unknown> = {}): ChatEntry {
  const e = toChatEntry({ offset, msgId: `m${offset}`, uid: 'u2', role: 5, sendTime: offset, body: 'x', ...extra }, { myUid: 'me', previous: undefined });
  if (e === null) throw new Error('bad fixture');
  return e;
}
function change(partial: Partial<HubChange>): HubChange {
  return { appended: [], withdrawn: [], replaced: null, state: {}, skipped: null, ...partial };
}

/** Fake frame and 250 ms ticks: each queue runs when the test says so. */
function fakeSchedule() {
  const frames: Array<() => void> = [];
  const timers: Array<() => void> = [];
  const take = (queue: Array<() => void>, fn: () => void) => {
    queue.push(fn);
    return () => {
      const i = queue.indexOf(fn);
      if (i >= 0) queue.splice(i, 1);
    };
  };
  return {
    schedule: { visible: (fn: () => void) => take(frames, fn), hidden: (fn: () => void) => take(timers, fn) },
    frames,
    timers,
    frame: () => frames.splice(0).forEach((fn) => fn()),
    timer: () => timers.splice(0).forEach((fn) => fn()),
  };
}

function setup(filter: ChatFilter = 'all', visible = true): { c: DeltaCoalescer; deltas: ChatDelta[]; s: ReturnType<typeof fakeSchedule> } {
  const s = fakeSchedule();
  const deltas: ChatDelta[] = [];
  const c = createDeltaCoalescer({ filter, visible, schedule: s.schedule, emit: (d) => deltas.push(d) });
  return { c, deltas, s };
}

const ids = (list: readonly ChatEntry[] | undefined) => (list ?? []).map((e) => e.offset);

describe('delta coalescer', () => {
  it('1,000 pushes within one frame give one delta, capped at 200 as a replacement', () => {
    const { c, deltas, s } = setup();
    for (let o = 1; o <= 1000; o++) c.push(change({ appended: [entry(o)] }));
    expect(deltas).toHaveLength(0);
    expect(s.frames).toHaveLength(1);
    s.frame();
    expect(deltas).toHaveLength(1);
    expect(deltas[0]?.append).toEqual([]);
    expect(ids(deltas[0]?.replace)).toEqual(Array.from({ length: DELTA_ENTRIES_MAX }, (_, i) => 801 + i));
  });

  it('a few pushes in a frame are appended in order', () => {
    const { c, deltas, s } = setup();
    c.push(change({ appended: [entry(1)] }));
    c.push(change({ appended: [entry(2), entry(3)] }));
    s.frame();
    expect(ids(deltas[0]?.append)).toEqual([1, 2, 3]);
    expect(deltas[0]?.replace).toBeUndefined();
    expect(deltas[0]?.state).toBeUndefined();
  });

  it('while hidden, deltas follow the 250 ms timer, not frames', () => {
    const { c, deltas, s } = setup('all', false);
    c.push(change({ appended: [entry(1)] }));
    c.push(change({ appended: [entry(2)] }));
    expect(s.frames).toHaveLength(0);
    expect(s.timers).toHaveLength(1);
    s.timer();
    expect(deltas).toHaveLength(1);
    expect(ids(deltas[0]?.append)).toEqual([1, 2]);
  });

  it('becoming visible moves a pending tick to the next frame, and back', () => {
    const { c, deltas, s } = setup('all', false);
    c.push(change({ appended: [entry(1)] }));
    c.setVisible(true);
    expect(s.timers).toHaveLength(0);
    s.frame();
    expect(deltas).toHaveLength(1);
    c.push(change({ appended: [entry(2)] }));
    c.setVisible(false);
    expect(s.frames).toHaveLength(0);
    s.timer();
    expect(deltas).toHaveLength(2);
  });

  it('only entries the filter shows are sent; nothing is emitted when nothing visible changed', () => {
    const { c, deltas, s } = setup('mentions');
    c.push(change({ appended: [entry(1), entry(2, { picked_uid: ['me'] }), entry(3, { uid: 'me' })] }));
    s.frame();
    expect(ids(deltas[0]?.append)).toEqual([2, 3]);
    c.push(change({ appended: [entry(4)], withdrawn: [entry(1)] }));
    expect(s.frames).toHaveLength(0);
    s.frame();
    expect(deltas).toHaveLength(1);
  });

  it('withdrawn entries already sent become ids; ones still pending are just dropped', () => {
    const { c, deltas, s } = setup();
    c.push(change({ appended: [entry(1)] }));
    s.frame();
    c.push(change({ appended: [entry(2)] }));
    c.push(change({ withdrawn: [entry(1), entry(2)] }));
    s.frame();
    expect(deltas[1]).toEqual({ append: [], withdraw: ['m1'] });
  });

  it('a filter change sends a replacement of what the new filter shows', () => {
    const { c, deltas, s } = setup();
    const current = [entry(1), entry(2, { role: 6 }), entry(3, { highlight: true })];
    c.push(change({ appended: [entry(9)] }));
    c.setFilter('staff', current);
    s.frame();
    expect(deltas).toHaveLength(1);
    expect(ids(deltas[0]?.replace)).toEqual([2, 3]);
    c.setFilter('staff', current);
    s.frame();
    expect(deltas).toHaveLength(1);
  });

  it('a hub replacement (gap fill, staff-only flip) replaces, and later appends join it', () => {
    const { c, deltas, s } = setup();
    const chat = { ...INITIAL_ROOM_STATE.chat, staffOnly: true };
    c.push(change({ replaced: [entry(1), entry(2, { role: 8 })], state: { chat } }));
    c.push(change({ appended: [entry(3), entry(4, { role: 6 })] }));
    c.push(change({ withdrawn: [entry(2, { role: 8 })] }));
    s.frame();
    expect(deltas).toHaveLength(1);
    expect(ids(deltas[0]?.replace)).toEqual([4]);
    expect(deltas[0]?.withdraw).toEqual([]);
    expect(deltas[0]?.state).toEqual({ chat });
  });

  it('state changes are merged into one delta', () => {
    const { c, deltas, s } = setup();
    c.push(change({ state: { counts: { online: 1, praise: 0 } } }));
    c.push(change({ state: { counts: { online: 2, praise: 0 }, live: { status: 2, replay: null } } }));
    s.frame();
    expect(deltas).toEqual([{ append: [], withdraw: [], state: { counts: { online: 2, praise: 0 }, live: { status: 2, replay: null } } }]);
  });

  it('a new subscriber gets the current buffer and state at once, filtered', () => {
    const { c, deltas, s } = setup('mine');
    c.push(change({ appended: [entry(7)] }));
    c.snapshot([entry(1), entry(2, { uid: 'me' })], INITIAL_ROOM_STATE);
    expect(deltas).toHaveLength(1);
    expect(ids(deltas[0]?.replace)).toEqual([2]);
    expect(deltas[0]?.state).toBe(INITIAL_ROOM_STATE);
    expect(s.frames).toHaveLength(0);
  });

  it('emits nothing after dispose', () => {
    const { c, deltas, s } = setup();
    c.push(change({ appended: [entry(1)] }));
    c.dispose();
    s.frame();
    c.push(change({ appended: [entry(2)] }));
    s.frame();
    expect(deltas).toHaveLength(0);
  });
});
