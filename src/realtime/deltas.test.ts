import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { createDeltaCoalescer, DELTA_ENTRIES_MAX, FLOOD_SCREEN_ENTRIES, PRIORITY_ENTRIES_KEPT, SHOWN_AGAIN_CATCH_UP_MS, type ChatDelta, type DeltaCoalescer } from './deltas';
import { toChatEntry, type ChatEntry } from './chatEntry';
import { createRoomHub, type HubChange } from './roomHub';
import { INITIAL_ROOM_STATE, type LiveState } from './roomState';
import { CHAT_FILTERS, filterEntries, type ChatFilter } from './filters';

function entry(offset: number, extra: Record<string, unknown> = {}): ChatEntry {
  const e = toChatEntry({ offset, msgId: `m${offset}`, uid: 'u2', role: 5, sendTime: offset, body: 'x', ...extra }, { myUid: 'me', previous: undefined });
  if (e === null) throw new Error('bad fixture');
  return e;
}
function change(partial: Partial<HubChange>): HubChange {
  return { appended: [], withdrawn: [], replaced: null, state: {}, skipped: null, thinned: 0, passedOver: [], sync: null, ...partial };
}

/** Fake frame, 250 ms and `soon` ticks: each queue runs when the test says so. */
function fakeSchedule() {
  const frames: Array<() => void> = [];
  const timers: Array<() => void> = [];
  const soons: Array<() => void> = [];
  const owns: Array<() => void> = [];
  const take = (queue: Array<() => void>, fn: () => void) => {
    queue.push(fn);
    return () => {
      const i = queue.indexOf(fn);
      if (i >= 0) queue.splice(i, 1);
    };
  };
  return {
    schedule: { visible: (fn: () => void) => take(frames, fn), hidden: (fn: () => void) => take(timers, fn), soon: (fn: () => void, own: boolean) => take(own ? owns : soons, fn) },
    frames,
    timers,
    soons,
    owns,
    soonTick: () => [...owns.splice(0), ...soons.splice(0)].forEach((fn) => fn()),
    // A frame runs what waits for it and what was hurried to it.
    frame: () => [...owns.splice(0), ...soons.splice(0), ...frames.splice(0)].forEach((fn) => fn()),
    /** Frames until nothing waits for one (a hurried delta leaves the rest for the next). */
    drain: () => {
      while (owns.length > 0 || soons.length > 0 || frames.length > 0) [...owns.splice(0), ...soons.splice(0), ...frames.splice(0)].forEach((fn) => fn());
    },
    timer: () => timers.splice(0).forEach((fn) => fn()),
  };
}

function setup(filter: ChatFilter = 'all', visible = true): { c: DeltaCoalescer; deltas: ChatDelta[]; arrived: number[]; s: ReturnType<typeof fakeSchedule>; clock: { now: number } } {
  const s = fakeSchedule();
  const deltas: ChatDelta[] = [];
  const arrived: number[] = [];
  const clock = { now: 0 };
  const c = createDeltaCoalescer({
    filter,
    visible,
    schedule: s.schedule,
    emit: (d, n) => {
      deltas.push(d);
      arrived.push(n);
    },
    now: () => clock.now,
  });
  return { c, deltas, arrived, s, clock };
}

const ids = (list: readonly ChatEntry[] | undefined) => (list ?? []).map((e) => e.offset);

describe('delta coalescer', () => {
  it('1,000 pushes within one frame give one delta: more than a tab keeps, so the newest screen of them, appended', () => {
    const { c, deltas, s } = setup();
    for (let o = 1; o <= 1000; o++) c.push(change({ appended: [entry(o)] }));
    expect(deltas).toHaveLength(0);
    expect(s.frames).toHaveLength(1);
    s.frame();
    expect(deltas).toHaveLength(1);
    expect(deltas[0]?.replace).toBeUndefined();
    expect(ids(deltas[0]?.append)).toEqual(Array.from({ length: FLOOD_SCREEN_ENTRIES }, (_, i) => 1000 - FLOOD_SCREEN_ENTRIES + 1 + i));
  });

  it('up to as many entries as a tab keeps are all sent', () => {
    const { c, deltas, s } = setup();
    for (let o = 1; o <= DELTA_ENTRIES_MAX; o++) c.push(change({ appended: [entry(o)] }));
    s.frame();
    expect(ids(deltas[0]?.append)).toEqual(Array.from({ length: DELTA_ENTRIES_MAX }, (_, i) => i + 1));
    expect(deltas[0]?.gaps).toBeUndefined();
  });

  it('says how many entries the filter let through since the last delta, beyond what the delta carries', () => {
    const { c, arrived, s } = setup('staff');
    for (let o = 1; o <= 1000; o++) c.push(change({ appended: [entry(o, { role: o % 2 === 0 ? 6 : 5 })] }));
    s.frame();
    c.push(change({ appended: [entry(1001, { role: 6 })] }));
    s.frame();
    c.snapshot([], INITIAL_ROOM_STATE);
    // Half were the host's: 500, carried as the newest screen; then one. The host's entries
    // hurry their deltas, which leave the count running to the next paced one; a snapshot is no arrival.
    expect(arrived).toEqual([500, 501, 0]);
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

  it('while hidden, the chat waits: state and counters follow the 250 ms timer, and the tab shown gets the newest list at once', () => {
    const { c, deltas, s } = setup('all', false);
    c.push(change({ appended: [entry(1)] }));
    c.push(change({ appended: [entry(2)], thinned: 40 }));
    expect(s.frames).toHaveLength(0);
    expect(s.timers).toHaveLength(0);
    const live: LiveState = { status: 2, replay: null };
    c.push(change({ state: { live } }));
    expect(s.timers).toHaveLength(1);
    s.timer();
    expect(deltas).toEqual([{ append: [], withdraw: [], state: { live } }]);
    c.setVisible(true, [entry(1), entry(2), entry(3, { uid: 'me' })]);
    expect(s.frames).toHaveLength(1);
    s.frame();
    expect(ids(deltas[1]?.replace)).toEqual([1, 2, 3]);
    // No marks: the tab's list starts again at the newest.
    expect(deltas[1]?.gaps).toBeUndefined();
  });

  it("the list of a tab shown again and what follows it for a while say nothing of the room's pace: the flood that came with them is not counted", () => {
    const { c, deltas, arrived, s, clock } = setup('all', false);
    c.push(change({ appended: [entry(1)] }));
    c.setVisible(true, [entry(1)]);
    // A flood arrives before the replacement's frame: it joins the list, not the pace.
    for (let i = 2; i < 2 + DELTA_ENTRIES_MAX + 50; i++) c.push(change({ appended: [entry(i)] }));
    s.frame();
    expect(deltas.at(-1)?.replace?.length).toBe(DELTA_ENTRIES_MAX);
    expect(arrived.at(-1)).toBe(0);
    // The rows that reach the worker right after: the next frame, not the flood's pace.
    clock.now += SHOWN_AGAIN_CATCH_UP_MS - 1;
    for (let i = 500; i < 500 + DELTA_ENTRIES_MAX + 50; i++) c.push(change({ appended: [entry(i)] }));
    s.frame();
    expect(ids(deltas.at(-1)?.append).at(-1)).toBe(500 + DELTA_ENTRIES_MAX + 49);
    expect(arrived.at(-1)).toBe(0);
    // Then the next delta counts again.
    clock.now += 1;
    c.push(change({ appended: [entry(1000), entry(1001), entry(1002)] }));
    s.frame();
    expect(arrived.at(-1)).toBe(3);
  });

  it('becoming visible moves a pending tick to the next frame; going hidden drops the pending chat', () => {
    const { c, deltas, s } = setup('all', false);
    c.push(change({ sync: { gapsFilled: 1, gapsSkipped: 0, messagesSkipped: 0, messagesThinned: 0 } }));
    c.setVisible(true, []);
    expect(s.timers).toHaveLength(0);
    s.frame();
    expect(deltas).toHaveLength(1);
    c.push(change({ appended: [entry(2)] }));
    c.setVisible(false, [entry(2)]);
    s.frame();
    s.timer();
    expect(deltas).toHaveLength(1);
    c.setVisible(true, [entry(2)]);
    s.frame();
    expect(ids(deltas[1]?.replace)).toEqual([2]);
  });

  it('a priority entry moves a pending tick to `soon` (the viewer\'s own to the next frame), and the delta ends with the newest of them; plain messages and a hidden tab keep the pace', () => {
    const { c, deltas, s } = setup();
    c.push(change({ appended: [entry(1)] }));
    expect([s.frames.length, s.soons.length]).toEqual([1, 0]);
    c.push(change({ appended: [entry(2, { picked_uid: ['me'] })] }));
    expect([s.frames.length, s.soons.length, s.owns.length]).toEqual([0, 1, 0]);
    // The viewer's own: the next frame, not the priority gap.
    c.push(change({ appended: [entry(3, { uid: 'me' }), entry(4, { role: 7 }), entry(5)] }));
    expect([s.frames.length, s.soons.length, s.owns.length]).toEqual([0, 0, 1]);
    c.push(change({ appended: [entry(6, { uid: 'me' })] }));
    expect([s.frames.length, s.soons.length, s.owns.length]).toEqual([0, 0, 1]);
    s.soonTick();
    expect(deltas.map((d) => ids(d.append))).toEqual([[1, 2, 3, 4, 5, 6]]);
    expect([s.frames.length, s.soons.length, s.owns.length]).toEqual([0, 0, 0]);
    // The hurried delta ends with the newest priority entry (the tab's newest row); the rest keeps the pace.
    c.push(change({ appended: [entry(7, { role: 7 }), entry(8)] }));
    expect([s.frames.length, s.soons.length, s.owns.length]).toEqual([0, 1, 0]);
    s.soonTick();
    expect(deltas.map((d) => ids(d.append)).at(-1)).toEqual([7]);
    expect([s.frames.length, s.soons.length, s.owns.length]).toEqual([1, 0, 0]);
    s.frame();
    c.push(change({ appended: [entry(9), entry(10, { highlight: true })] }));
    expect([s.frames.length, s.soons.length]).toEqual([0, 1]);
    s.frame();
    c.push(change({ appended: [entry(11), entry(12)] }));
    expect([s.frames.length, s.soons.length]).toEqual([1, 0]);
    s.frame();
    expect(deltas.map((d) => ids(d.append)).slice(1)).toEqual([[7], [8], [9, 10], [11, 12]]);
    const hidden = setup('all', false);
    hidden.c.push(change({ appended: [entry(10, { uid: 'me' })] }));
    expect([hidden.s.soons.length, hidden.s.owns.length]).toEqual([0, 0]);
  });

  it('a hurried delta ends with the priority entry, flood-cut when long; what came after keeps its marks for the next', () => {
    const { c, deltas, s } = setup();
    c.push(change({ skipped: { after: 0, upTo: 5 }, appended: [entry(6), entry(7), entry(8, { uid: 'me' })] }));
    c.push(change({ skipped: { after: 8, upTo: 9 }, appended: [entry(10), entry(11)] }));
    s.soonTick();
    expect(deltas.map((d) => [ids(d.append), d.gaps])).toEqual([[[6, 7, 8], { m6: 5 }]]);
    s.frame();
    expect(deltas.map((d) => [ids(d.append), d.gaps])).toEqual([
      [[6, 7, 8], { m6: 5 }],
      [[10, 11], { m10: 1 }],
    ]);
    // Own entry 900 of 1,000 at once: the newest screen up to it, then the 100 after it.
    const flood = setup();
    flood.c.push(change({ appended: Array.from({ length: 1000 }, (_, i) => entry(i + 1, i === 899 ? { uid: 'me' } : {})) }));
    flood.s.drain();
    expect(flood.deltas.map((d) => [ids(d.append).length, ids(d.append).at(-1), d.gaps])).toEqual([
      [FLOOD_SCREEN_ENTRIES, 900, { [`m${900 - FLOOD_SCREEN_ENTRIES + 1}`]: 900 - FLOOD_SCREEN_ENTRIES }],
      [100, 1000, undefined],
    ]);
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

/** What a tab does with a delta: its list, capped like the worker's. */
function applyDelta(list: ChatEntry[], delta: ChatDelta): ChatEntry[] {
  if (delta.replace !== undefined) return delta.replace.slice();
  const gone = new Set(delta.withdraw);
  return list.filter((e) => !gone.has(e.msgId)).concat(delta.append).slice(-DELTA_ENTRIES_MAX);
}

describe('delta coalescer: messages not shown', () => {
  it('more entries in a frame than a tab keeps: the first one sent says how many came before it unsent', () => {
    const { c, deltas, s } = setup();
    for (let o = 1; o <= 1000; o++) c.push(change({ appended: [entry(o)] }));
    s.frame();
    expect(ids(deltas[0]?.append)).toEqual(Array.from({ length: 40 }, (_, i) => 961 + i));
    expect(deltas[0]?.gaps).toEqual({ m961: 960 });
  });

  it('a tab keeps its earlier screens of a flood, each after its mark', () => {
    const { c, deltas, s } = setup();
    let list: ChatEntry[] = [];
    for (let tick = 0; tick < 3; tick++) {
      for (let o = 1; o <= 1000; o++) c.push(change({ appended: [entry(tick * 1000 + o)] }));
      s.frame();
      list = applyDelta(list, deltas[tick]!);
    }
    expect(list).toHaveLength(3 * FLOOD_SCREEN_ENTRIES);
    expect(deltas.map((d) => d.gaps)).toEqual([{ m961: 960 }, { m1961: 960 }, { m2961: 960 }]);
    expect(ids(list).slice(FLOOD_SCREEN_ENTRIES - 1, FLOOD_SCREEN_ENTRIES + 1)).toEqual([1000, 1961]);
  });

  it('cut to the newest in a flood, the viewer’s own, mentioning and staff entries are kept, in order, marks counting the rest', () => {
    const { c, deltas, s } = setup('all');
    const flood: ChatEntry[] = [];
    for (let o = 1; o <= 1000; o++) {
      // The last one hurries the delta, which then ends with it: the cut of all 1,000.
      const extra = o === 10 ? { picked_uid: ['me'] } : o === 20 ? { role: 7 } : o === 30 ? { highlight: true } : o === 1000 ? { uid: 'me' } : {};
      flood.push(entry(o, extra));
    }
    c.push(change({ appended: flood }));
    s.frame();
    const sent = deltas[0]?.append ?? [];
    expect(sent).toHaveLength(FLOOD_SCREEN_ENTRIES + 3);
    expect(ids(sent).slice(0, 4)).toEqual([10, 20, 30, 961]);
    expect(ids(sent).at(-1)).toBe(1000);
    // Every message is either sent or counted before the next one sent.
    const marks = deltas[0]?.gaps ?? {};
    const counted = Object.values(marks).reduce((a, b) => a + b, 0);
    expect(counted + sent.length).toBe(1000);
    expect(marks).toEqual({ m10: 9, m20: 9, m30: 9, m961: 930 });
  });

  it('keeps at most PRIORITY_ENTRIES_KEPT of them, the newest', () => {
    const { c, deltas, s } = setup('all');
    const flood = Array.from({ length: 1000 }, (_, i) => entry(i + 1, i < 100 || i === 999 ? { picked_uid: ['me'] } : {}));
    c.push(change({ appended: flood }));
    s.frame();
    const sent = ids(deltas[0]?.append);
    expect(sent).toHaveLength(FLOOD_SCREEN_ENTRIES + PRIORITY_ENTRIES_KEPT);
    expect(sent.slice(0, PRIORITY_ENTRIES_KEPT)).toEqual(Array.from({ length: PRIORITY_ENTRIES_KEPT }, (_, i) => 100 - PRIORITY_ENTRIES_KEPT + i + 1));
    expect(sent.at(-1)).toBe(1000);
  });

  it('a range the hub skipped is marked on the next entry sent, in this delta or a later one', () => {
    const { c, deltas, s } = setup();
    c.push(change({ appended: [entry(9), entry(10)] }));
    c.push(change({ skipped: { after: 10, upTo: 40 }, appended: [entry(41), entry(42)] }));
    s.frame();
    expect(ids(deltas[0]?.append)).toEqual([9, 10, 41, 42]);
    expect(deltas[0]?.gaps).toEqual({ m41: 30 });
    // A skip with nothing after it yet (a rejoin's jump): the mark waits for the next entry.
    c.push(change({ skipped: { after: 42, upTo: 50 } }));
    s.frame();
    expect(deltas).toHaveLength(1);
    c.push(change({ appended: [entry(51)] }));
    s.frame();
    expect(deltas[1]?.gaps).toEqual({ m51: 8 });
    c.push(change({ appended: [entry(52)] }));
    s.frame();
    expect(deltas[2]?.gaps).toBeUndefined();
  });

  it('messages a thinned stream left out are marked only where the filter would have shown them: "all", outside staff-only mode', () => {
    for (const filter of CHAT_FILTERS) {
      const { c, deltas, s } = setup(filter);
      c.push(change({ thinned: 120 }));
      const next = entry(200, { uid: 'me' });
      c.push(change({ appended: [next] }));
      s.frame();
      expect(deltas[0]?.gaps, filter).toEqual(filter === 'all' ? { m200: 120 } : undefined);
    }
    const { c, deltas, s } = setup('all');
    c.push(change({ state: { chat: { ...INITIAL_ROOM_STATE.chat, staffOnly: true } }, thinned: 50 }));
    c.push(change({ appended: [entry(300, { uid: 'me' })] }));
    s.frame();
    expect(deltas[0]?.gaps).toBeUndefined();
  });

  it('entries the hub buffer could not keep count only when the filter would have shown them', () => {
    const { c, deltas, s } = setup('mine');
    const others = [entry(1), entry(2), entry(3)];
    const mine = [entry(4, { uid: 'me' }), entry(5, { uid: 'me' })];
    const kept = [entry(6, { uid: 'me' })];
    c.push(change({ replaced: kept, passedOver: [...others, ...mine] }));
    s.frame();
    expect(ids(deltas[0]?.replace)).toEqual([6]);
    expect(deltas[0]?.gaps).toEqual({ m6: 2 });
  });

  it('a pending replacement superseded before it was sent: its entries the new one lacks are counted, marks and all', () => {
    const { c, deltas, s } = setup();
    c.push(change({ replaced: [entry(3), entry(4)], passedOver: [entry(1), entry(2)] }));
    c.push(change({ replaced: [entry(4), entry(7), entry(8)], passedOver: [entry(5), entry(6)] }));
    s.frame();
    expect(ids(deltas[0]?.replace)).toEqual([4, 7, 8]);
    // 1, 2 (marked on 3), 3 itself, 5 and 6: five messages before 4 never sent.
    expect(deltas[0]?.gaps).toEqual({ m4: 5 });
  });

  it('a replacement that holds a marked entry anew (the hub copies an entry whose grouping changed) keeps its mark', () => {
    const { c, deltas, s } = setup();
    c.push(change({ skipped: { after: 0, upTo: 4 }, appended: [entry(5), entry(6)] }));
    // New objects for the same messages, as after a withdraw regroups the rows.
    c.push(change({ replaced: [entry(5), entry(6)] }));
    s.frame();
    expect(ids(deltas[0]?.replace)).toEqual([5, 6]);
    expect(deltas[0]?.gaps).toEqual({ m5: 4 });
  });

  it('sends the gap counters when they change, alone if need be', () => {
    const { c, deltas, s } = setup();
    const sync = { gapsFilled: 1, gapsSkipped: 0, messagesSkipped: 0, messagesThinned: 0 };
    c.push(change({ sync }));
    s.frame();
    expect(deltas).toEqual([{ append: [], withdraw: [], sync }]);
  });

  it('a normal stream carries no marks', () => {
    const { c, deltas, s } = setup();
    for (let o = 1; o <= 150; o++) c.push(change({ appended: [entry(o)] }));
    s.frame();
    expect(deltas[0]?.gaps).toBeUndefined();
    expect('gaps' in (deltas[0] ?? {})).toBe(false);
  });
});

describe('delta coalescer: property', () => {
  it('in a flood cut at any point, every message is sent or counted, once, in order, and the newest is sent', () => {
    const arrival = fc.record({ priority: fc.integer({ min: 0, max: 999 }), tick: fc.integer({ min: 0, max: 299 }) });
    fc.assert(
      fc.property(fc.constantFrom(3, 60, 1000), fc.array(arrival, { minLength: 1, maxLength: 2500, size: 'max' }), (oneIn, arrivals) => {
        const { c, deltas, s } = setup('all');
        arrivals.forEach((a, i) => {
          // A priority entry (staff, mention, highlight) one in `oneIn` on average, a tick now and then.
          const kind = a.priority % oneIn === 0 ? a.priority % 3 : -1;
          const extra = kind === 0 ? { role: 7 } : kind === 1 ? { picked_uid: ['me'] } : kind === 2 ? { highlight: true } : {};
          c.push(change({ appended: [entry(i + 1, extra)] }));
          if (a.tick === 0) s.frame();
        });
        s.drain();
        const sent = deltas.flatMap((d) => ids(d.append));
        const counted = deltas.reduce((sum, d) => sum + Object.values(d.gaps ?? {}).reduce((a, b) => a + b, 0), 0);
        expect(sent.length + counted).toBe(arrivals.length);
        expect(new Set(sent).size).toBe(sent.length);
        expect(sent).toEqual([...sent].sort((a, b) => a - b));
        expect(sent.at(-1)).toBe(arrivals.length);
        // A mark stands on an entry of its own delta.
        for (const d of deltas) for (const id of Object.keys(d.gaps ?? {})) expect(d.append.some((e) => e.msgId === id)).toBe(true);
      }),
      // Shrinking thousands of arrivals takes minutes: the first counterexample is reported.
      { numRuns: 60, endOnFailure: true },
    );
  });

  it('coalescing is transparent: the tab ends with what applying every change at once gives', () => {
    const step = fc.oneof(
      { weight: 6, arbitrary: fc.record({ kind: fc.constant('chat' as const), uid: fc.integer({ min: 0, max: 3 }), role: fc.constantFrom(5, 6, 8), mention: fc.boolean() }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('withdraw' as const), back: fc.integer({ min: 0, max: 300 }) }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('staffOnly' as const), on: fc.boolean() }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('tick' as const) }) },
    );
    fc.assert(
      fc.property(fc.constantFrom(...CHAT_FILTERS), fc.array(step, { maxLength: 600 }), (filter, steps) => {
        const s = fakeSchedule();
        let tab: ChatEntry[] = [];
        let model: ChatEntry[] = [];
        let staffOnly = false;
        const c = createDeltaCoalescer({ filter, visible: true, schedule: s.schedule, emit: (d) => (tab = applyDelta(tab, d)) });
        const hub = createRoomHub({
          webcastId: 'w',
          myUid: 'u0',
          schedule: () => () => undefined,
          requestHistory: () => Promise.resolve([]),
          onChange: (change) => {
            c.push(change);
            // the model: every change applied to the tab at once
            if (change.state.chat !== undefined) staffOnly = change.state.chat.staffOnly;
            const vis = { staffOnly };
            if (change.replaced !== null) model = filterEntries(filter, change.replaced, vis);
            model = model.concat(filterEntries(filter, change.appended, vis));
            const gone = new Set(change.withdrawn.map((e) => e.msgId));
            model = model.filter((e) => !gone.has(e.msgId)).slice(-DELTA_ENTRIES_MAX);
          },
        });
        let offset = 0;
        for (const st of steps) {
          if (st.kind === 'tick') {
            s.frame();
            continue;
          }
          offset++;
          if (st.kind === 'chat') hub.apply(7101, { webcastId: 'w', offset, msgId: `m${offset}`, uid: `u${st.uid}`, role: st.role, sendTime: offset, body: 'x', picked_uid: st.mention ? ['u0'] : [] });
          else if (st.kind === 'withdraw') hub.apply(7103, { webcastId: 'w', offset, msgId: `m${Math.max(1, offset - 1 - st.back)}` });
          else hub.apply(7105, { webcastId: 'w', offset, open: true, review: false, pictures: true, staffOnly: st.on, muted: [] });
        }
        s.drain();
        expect(tab.map((e) => e.msgId)).toEqual(model.map((e) => e.msgId));
        expect(tab.map((e) => e.meshType)).toEqual(model.map((e) => e.meshType));
      }),
      { numRuns: 150 },
    );
  });
});

describe('delta coalescer, a slowed tab (chat speed)', () => {
  function slowed(speed: 0 | 10 | 5 | 2) {
    const s = fakeSchedule();
    const deltas: ChatDelta[] = [];
    let clock = 0;
    const c = createDeltaCoalescer({ filter: 'all', visible: true, schedule: s.schedule, emit: (d) => deltas.push(d), speed, now: () => clock });
    return { c, s, deltas, advance: (ms: number) => (clock += ms) };
  }

  it('gets an even sample of a flood at its speed, every own and staff message, and how many it was sent of how many', () => {
    const { c, s, deltas, advance } = slowed(5);
    let offset = 0;
    // 9 s (inside the sample's window) at 1,000 a second, in frames of 16 ms; one own and
    // one host message about each second.
    for (let frame = 0; frame < 560; frame++) {
      const appended: ChatEntry[] = [];
      for (let i = 0; i < 16; i++) appended.push(entry(++offset));
      if (frame % 62 === 0) appended.push(entry(++offset, { uid: 'me' }), entry(++offset, { role: 6 }));
      c.push(change({ appended }));
      s.frame();
      advance(16);
    }
    // A second later, the next message brings the counts up to date (sent with it, or alone).
    advance(1000);
    c.push(change({ appended: [entry(++offset)] }));
    s.frame();
    const sent = deltas.flatMap((d) => d.append);
    const own = sent.filter((e) => e.mine).length;
    const staff = sent.filter((e) => e.role === 6).length;
    expect(own).toBe(10);
    expect(staff).toBe(10);
    // Priority spends the credit: everything together stays near 5 a second.
    expect(sent.length).toBeLessThanOrEqual(5 * 10 + 1 + 2);
    expect(sent.length).toBeGreaterThanOrEqual(5 * 9 - 2);
    const last = deltas.filter((d) => d.sample !== undefined).at(-1)?.sample;
    expect(last?.arrived).toBe(offset);
    expect(last?.shown).toBe(sent.length);
    // A delta for the sample alone at most once a second.
    expect(deltas.filter((d) => d.append.length === 0).length).toBeLessThanOrEqual(10);
  });

  it('shows every message again once the speed is "all", and says it is no longer sampled', () => {
    const { c, s, deltas } = slowed(2);
    c.push(change({ appended: [entry(1), entry(2), entry(3)] }));
    s.frame();
    expect(ids(deltas.flatMap((d) => d.append))).toEqual([1]);
    c.setSpeed(0);
    s.frame();
    expect(deltas.at(-1)?.sample).toBeNull();
    c.push(change({ appended: [entry(4), entry(5), entry(6)] }));
    s.frame();
    expect(ids(deltas.at(-1)?.append)).toEqual([4, 5, 6]);
    expect(deltas.at(-1)?.sample).toBeUndefined();
  });

  it('an unslowed tab carries no sample', () => {
    const { c, s, deltas } = slowed(0);
    c.push(change({ appended: [entry(1), entry(2)] }));
    s.frame();
    expect(deltas).toHaveLength(1);
    expect('sample' in deltas[0]!).toBe(false);
  });
});

describe('delta coalescer, a slowed tab and a thinned stream', () => {
  it('counts what the server thinned among what the speed left out, with no gap mark', () => {
    const s = fakeSchedule();
    const deltas: ChatDelta[] = [];
    const c = createDeltaCoalescer({ filter: 'all', visible: true, schedule: s.schedule, emit: (d) => deltas.push(d), speed: 5, now: () => 0 });
    c.push(change({ thinned: 300, appended: [entry(301)] }));
    s.frame();
    expect(deltas[0]?.gaps).toBeUndefined();
    expect(deltas[0]?.sample).toEqual({ shown: 1, arrived: 301 });
  });
});
