import { describe, expect, it } from 'vitest';
import { latestPinned } from './pinned';
import { entry } from './testEntries';

describe('latestPinned', () => {
  it('is the newest top entry, or null', () => {
    const a = entry({ top: true });
    const b = entry();
    const c = entry({ top: 1 });
    const d = entry();
    expect(latestPinned([a, b, c, d])).toBe(c);
    expect(latestPinned([b, d])).toBeNull();
    expect(latestPinned([])).toBeNull();
  });
});
