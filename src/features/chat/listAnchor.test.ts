import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHAT_ENTRIES_KEPT, keepLatest } from '../../domain';
import { lastAbsoluteIndex, nextFirstItemIndex, unseenCount } from './listAnchor';

const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => ({ msgId: `m${from + i}` }));

describe('nextFirstItemIndex', () => {
  it('is unchanged when the head is the same (appends, withdraws below the head)', () => {
    expect(nextFirstItemIndex(ids(1, 5), 0, ids(1, 8))).toBe(0);
    expect(nextFirstItemIndex(ids(1, 5), 7, [{ msgId: 'm1' }, { msgId: 'm3' }])).toBe(7);
  });

  it('grows by the number of entries dropped from the head', () => {
    expect(nextFirstItemIndex(ids(1, 200), 0, ids(4, 203))).toBe(3);
    expect(nextFirstItemIndex(ids(4, 203), 3, ids(200, 399))).toBe(199);
  });

  it('is unchanged when the list was replaced by an unrelated one or emptied', () => {
    expect(nextFirstItemIndex(ids(1, 5), 4, ids(50, 60))).toBe(4);
    expect(nextFirstItemIndex(ids(1, 5), 4, [])).toBe(4);
    expect(nextFirstItemIndex([], 4, ids(1, 3))).toBe(4);
  });
});

describe('unseenCount', () => {
  it('is zero at the bottom, else the entries after the one last seen', () => {
    expect(unseenCount(null, 0, 10)).toBe(0);
    expect(unseenCount(lastAbsoluteIndex(0, 10), 0, 15)).toBe(5);
  });

  it('keeps counting while old entries fall off the top', () => {
    const seen = lastAbsoluteIndex(0, 200);
    const first = nextFirstItemIndex(ids(1, 200), 0, ids(51, 250));
    expect(unseenCount(seen, first, 200)).toBe(50);
  });

  it('never goes below zero (withdrawals after leaving the bottom)', () => {
    expect(unseenCount(lastAbsoluteIndex(0, 10), 0, 8)).toBe(0);
  });
});

describe('the list as the worker feeds it (capped at 200)', () => {
  it('keeps every surviving entry at the same absolute index, so a viewer who scrolled up stays put', () => {
    // Each tick appends a burst and withdraws some entries; the feed keeps the latest 200.
    const tick = fc.record({
      append: fc.integer({ min: 0, max: 400 }),
      withdraw: fc.array(fc.nat(), { maxLength: 5 }),
    });
    fc.assert(
      fc.property(fc.array(tick, { minLength: 1, maxLength: 30 }), (ticks) => {
        let next = 1;
        let list: { msgId: string }[] = [];
        let first = 0;
        // The absolute index each entry was first shown at, relative to the data.
        const position = new Map<string, number>();
        for (const { append, withdraw } of ticks) {
          const gone = new Set(withdraw.map((i) => list[i % Math.max(1, list.length)]?.msgId));
          const kept = list.filter((e) => !gone.has(e.msgId));
          const added = ids(next, next + append - 1);
          next += append;
          const updated = keepLatest(kept.concat(added), CHAT_ENTRIES_KEPT);
          first = nextFirstItemIndex(list, first, updated);
          // Withdrawn entries at the head are removed from the head like dropped ones, so
          // what follows them keeps its index. A withdrawal further down removes a row in
          // the middle (the rows below it move up by one, as they must): check the entries
          // above the first such withdrawal.
          let head = 0;
          while (head < list.length && gone.has(list[head]!.msgId)) head++;
          let lowestGone = head;
          while (lowestGone < list.length && !gone.has(list[lowestGone]!.msgId)) lowestGone++;
          updated.forEach((e, i) => {
            const was = position.get(e.msgId);
            const abs = first + i;
            if (was !== undefined && list.findIndex((x) => x.msgId === e.msgId) < lowestGone) expect(abs).toBe(was);
            position.set(e.msgId, abs);
          });
          list = updated;
          expect(list.length).toBeLessThanOrEqual(CHAT_ENTRIES_KEPT);
        }
      }),
    );
  });
});
