import { describe, expect, it } from 'vitest';
import { CHAT_ENTRIES_KEPT, keepLatest } from '../../domain';
import { heldView, ownSince, readingView, unseenSince } from './readingView';

const at = (...offsets: number[]) => offsets.map((offset) => ({ offset, msgId: `m${offset}` }));
const range = (from: number, to: number) => at(...Array.from({ length: to - from + 1 }, (_, i) => from + i));
const offsets = (list: readonly { offset: number }[]) => list.map((e) => e.offset);

describe('readingView', () => {
  it('is the live feed when nothing older is held', () => {
    const live = range(5, 9);
    expect(readingView(range(5, 7), live)).toBe(live);
    expect(readingView([], live)).toBe(live);
  });

  it('keeps held entries that fell off the top, ahead of the feed with its appends', () => {
    expect(offsets(readingView(range(1, 5), range(4, 8)))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('drops held entries withdrawn after they fell out of the feed', () => {
    expect(offsets(readingView(range(1, 5), range(4, 8), new Set(['m2', 'm7'])))).toEqual([1, 3, 4, 5, 6, 7, 8]);
  });

  it('shows withdrawals inside the feed span at once (they come from the feed)', () => {
    expect(offsets(readingView(range(1, 5), at(3, 5, 6)))).toEqual([1, 2, 3, 5, 6]);
  });

  it('keeps the rows above what the viewer reads in place through a burst under the 200 cap', () => {
    let live = range(1, CHAT_ENTRIES_KEPT);
    const held = live;
    const reading = held[150]!;
    const before = readingView(held, live).indexOf(reading);
    for (let tick = 0; tick < 40; tick++) {
      live = keepLatest(live.concat(range(live.at(-1)!.offset + 1, live.at(-1)!.offset + 7)), CHAT_ENTRIES_KEPT);
      const view = readingView(held, live);
      expect(view.indexOf(reading)).toBe(before);
      expect(view.length).toBeLessThanOrEqual(2 * CHAT_ENTRIES_KEPT);
      // Strictly ordered, no duplicates.
      for (let i = 1; i < view.length; i++) expect(view[i]!.offset).toBeGreaterThan(view[i - 1]!.offset);
    }
  });

  it('is empty when the feed is', () => {
    expect(readingView(range(1, 3), [])).toEqual([]);
  });
});

describe('unseenSince', () => {
  it('counts the entries newer than the newest seen', () => {
    expect(unseenSince(range(1, 10), null)).toBe(0);
    expect(unseenSince(range(1, 10), 10)).toBe(0);
    expect(unseenSince(range(1, 10), 7)).toBe(3);
    // Everything seen fell off the top: all are new.
    expect(unseenSince(range(50, 60), 7)).toBe(11);
  });
});

describe('held while the pointer or the focus is on the list', () => {
  const row = (offset: number, mine = false, msgId = `m${offset}`) => ({ offset, mine, msgId });

  it('keeps the rows it held, less the withdrawn ones', () => {
    const held = [row(1), row(2), row(3)];
    expect(heldView(held, new Set())).toBe(held);
    expect(heldView(held, new Set(['m2'])).map((r) => r.offset)).toEqual([1, 3]);
  });

  it("moves again once the viewer's own message came after the held rows", () => {
    expect(ownSince([row(1, true), row(2), row(3)], 1)).toBe(false);
    expect(ownSince([row(1), row(2), row(3, true)], 1)).toBe(true);
    expect(ownSince([row(1), row(2, true)], 2)).toBe(false);
    expect(ownSince([row(1, true)], null)).toBe(false);
  });
});
