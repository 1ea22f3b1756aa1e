import { describe, expect, it } from 'vitest';
import type { ChatEntry } from '../../realtime/chatEntry';
import type { SkippedPage } from '../../realtime/skippedPage';
import { hasRest, loadFailed, newExpansion, pageLoaded, restRange, SKIPPED_TRANSITIONS, startLoad } from './skippedMarks';

const at = (offset: number): Pick<ChatEntry, 'offset'> => ({ offset });
const rows = (from: number, to: number): ChatEntry[] => Array.from({ length: to - from + 1 }, (_, i) => ({ offset: from + i, msgId: `m${from + i}` }) as ChatEntry);
const page = (from: number, to: number, counted = to - from + 1): SkippedPage => ({ entries: rows(from, to), restBefore: from, counted });

describe('a marker loading the messages it stands for', () => {
  it('spans from the entry shown above to the marked entry, and moves up with each page', () => {
    const marked = newExpansion(at(1000), 899);
    expect(restRange(marked, at(100))).toEqual({ after: 100, before: 1000 });
    const loading = startLoad(marked)!;
    expect(loading.state).toBe('loading');
    expect(startLoad(loading)).toBeNull(); // one load at a time
    const one = pageLoaded(loading, { after: 100, before: 1000 }, page(900, 999));
    expect(one.state).toBe('idle');
    expect(one.rows.map((r) => r.offset)).toEqual(rows(900, 999).map((r) => r.offset));
    expect(one.rest).toBe(799);
    expect(restRange(one, at(100))).toEqual({ after: 100, before: 900 });
    const two = pageLoaded(startLoad(one)!, { after: 100, before: 900 }, page(800, 899));
    expect(two.rows[0]!.offset).toBe(800);
    expect(two.rows).toHaveLength(200);
    expect(hasRest(two, at(100))).toBe(true);
  });

  it('is done when the page reaches the entry above; nothing starts after that', () => {
    const loading = startLoad(newExpansion(at(20), 9))!;
    const done = pageLoaded(loading, { after: 10, before: 20 }, page(11, 19));
    expect(done.state).toBe('done');
    expect(hasRest(done, at(10))).toBe(false);
    expect(startLoad(done)).toBeNull();
  });

  it('with no entry above (the first row), reaches back as far as its count', () => {
    expect(restRange(newExpansion(at(5000), 1234), undefined)).toEqual({ after: 3765, before: 5000 });
    expect(restRange(newExpansion(at(3), 1234), undefined)).toEqual({ after: 0, before: 3 });
    // Counted all, offsets may remain (non-chat messages): one more offset is still asked for.
    expect(restRange({ ...newExpansion(at(50), 0), rest: 0 }, undefined)).toEqual({ after: 48, before: 50 });
  });

  it('a failure keeps what was loaded, says why, and can be retried', () => {
    const one = pageLoaded(startLoad(newExpansion(at(1000), 899))!, { after: 100, before: 1000 }, page(900, 999));
    const failed = loadFailed(startLoad(one)!, 'No connection');
    expect(failed.state).toBe('failed');
    expect(failed.problem).toBe('No connection');
    expect(failed.rows).toHaveLength(100);
    const retry = startLoad(failed)!;
    expect(retry.state).toBe('loading');
    expect(retry.problem).toBeNull();
  });

  it('ignores events its state does not allow', () => {
    const idle = newExpansion(at(10), 3);
    expect(loadFailed(idle, 'x')).toBe(idle);
    expect(pageLoaded(idle, { after: 1, before: 10 }, page(5, 9))).toBe(idle);
    expect(SKIPPED_TRANSITIONS.done).toEqual({});
  });
});
