import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { HistoryMessage } from './roomHub';
import { isSkippedRange, readSkippedPage, SKIPPED_PAGE_MAX, skippedPageRequest, type SkippedPageContext } from './skippedPage';

const ROOM = 'w1';
const chat = (offset: number, extra: Record<string, unknown> = {}): HistoryMessage => ({
  code: 7101,
  body: { webcastId: ROOM, offset, msgId: `m${offset}`, uid: `u${offset % 3}`, role: 5, sendTime: offset, body: `text ${offset}`, ...extra },
});
const withdraw = (offset: number, msgId: string): HistoryMessage => ({ code: 7103, body: { webcastId: ROOM, offset, msgId } });
const state = (offset: number): HistoryMessage => ({ code: 7105, body: { webcastId: ROOM, offset, staffOnly: false } });

const ALL: SkippedPageContext = { myUid: 'me', filter: 'all', chatState: { staffOnly: false } };

/** What a server answers to 2401 {after, limit} from a log of messages at offsets 1..n. */
function serve(log: (offset: number) => HistoryMessage, after: number, limit: number): HistoryMessage[] {
  const out: HistoryMessage[] = [];
  for (let o = after + 1; o <= after + limit; o++) out.push(log(o));
  return out;
}

describe('skipped ranges', () => {
  it('asks for the newest page of a range, next to the entry the viewer scrolled up to', () => {
    expect(skippedPageRequest({ after: 10, before: 20 })).toEqual({ after: 10, limit: 9 });
    expect(skippedPageRequest({ after: 0, before: 1235 })).toEqual({ after: 1134, limit: SKIPPED_PAGE_MAX });
  });

  it('a range needs an offset inside it, in order, whole and not negative', () => {
    expect(isSkippedRange({ after: 10, before: 12 })).toBe(true);
    expect(isSkippedRange({ after: 10, before: 11 })).toBe(false);
    expect(isSkippedRange({ after: 12, before: 10 })).toBe(false);
    expect(isSkippedRange({ after: -1, before: 10 })).toBe(false);
    expect(isSkippedRange({ after: 1.5, before: 10 })).toBe(false);
    expect(isSkippedRange({ after: 0, before: Number.NaN })).toBe(false);
  });
});

describe('readSkippedPage', () => {
  it('turns the chat of the page into rows, oldest first, and says what is left', () => {
    const range = { after: 0, before: 1235 };
    const { after, limit } = skippedPageRequest(range);
    const page = readSkippedPage(range, serve(chat, after, limit).reverse(), ALL);
    expect(page.entries).toHaveLength(100);
    expect(page.entries[0]!.offset).toBe(1135);
    expect(page.entries.at(-1)!.offset).toBe(1234);
    expect(page.counted).toBe(100);
    expect(page.restBefore).toBe(1135);
    expect(isSkippedRange({ after: 0, before: page.restBefore })).toBe(true);
  });

  it('leaves out other kinds of messages, withdrawn ones (in the page or known), and what the filter hides', () => {
    const range = { after: 100, before: 108 };
    const messages = [chat(101), state(102), chat(103), withdraw(104, 'm103'), chat(105, { uid: 'me' }), chat(106, { role: 6 }), chat(107)];
    const all = readSkippedPage(range, messages, { ...ALL, withdrawn: new Set(['m107']) });
    expect(all.entries.map((e) => e.msgId)).toEqual(['m101', 'm105', 'm106']);
    expect(all.counted).toBe(5);
    expect(readSkippedPage(range, messages, { ...ALL, filter: "staff" }).counted).toBe(2);
    expect(isSkippedRange({ after: range.after, before: all.restBefore })).toBe(false);
    const staff = readSkippedPage(range, messages, { ...ALL, filter: 'staff' });
    // Own messages are always shown (SPEC 6), host messages pass the staff filter.
    expect(staff.entries.map((e) => e.msgId)).toEqual(['m105', 'm106']);
    expect(staff.entries[0]!.mine).toBe(true);
  });

  it('ignores what lies outside the range, repeats, and malformed messages, without throwing', () => {
    const range = { after: 10, before: 14 };
    const messages: HistoryMessage[] = [chat(9), chat(11), chat(11), chat(12, { msgId: '' }), { code: 7101, body: { offset: 'x' } }, chat(13), chat(14), chat(15)];
    const page = readSkippedPage(range, messages, ALL);
    expect(page.entries.map((e) => e.offset)).toEqual([11, 13]);
  });

  it('groups a sender’s consecutive rows within the page', () => {
    const page = readSkippedPage({ after: 0, before: 4 }, [chat(1, { uid: 'a' }), chat(2, { uid: 'a' }), chat(3, { uid: 'b' })], ALL);
    expect(page.entries.map((e) => e.meshType)).toEqual([false, true, false]);
  });

  it('pages down any range to nothing, loading every chat message once', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 2, max: 3000 }), (start, size) => {
        let range = { after: start, before: start + size };
        const loaded: number[] = [];
        let pages = 0;
        while (isSkippedRange(range)) {
          const { after, limit } = skippedPageRequest(range);
          expect(limit).toBeGreaterThanOrEqual(1);
          expect(limit).toBeLessThanOrEqual(SKIPPED_PAGE_MAX);
          const page = readSkippedPage(range, serve(chat, after, limit), ALL);
          loaded.unshift(...page.entries.map((e) => e.offset));
          expect(page.restBefore).toBeLessThan(range.before);
          range = { after: range.after, before: page.restBefore };
          pages++;
        }
        expect(pages).toBe(Math.ceil((size - 1) / SKIPPED_PAGE_MAX));
        expect(loaded).toEqual(Array.from({ length: size - 1 }, (_, i) => start + 1 + i));
      }),
      { numRuns: 50 },
    );
  });
});
