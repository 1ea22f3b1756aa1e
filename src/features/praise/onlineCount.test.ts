import { describe, expect, it } from 'vitest';
import { createOnlineTracker, nextOnline } from './onlineCount';

describe('online count', () => {
  it('takes the latest trusted figure: the count call, the join reply, live pushes', () => {
    let online = nextOnline(null, { kind: 'fetched', online: 12 });
    expect(online).toBe(12);
    online = nextOnline(online, { kind: 'joined', online: 14 });
    expect(online).toBe(14);
    online = nextOnline(online, { kind: 'pushed', online: 9, joined: true });
    expect(online).toBe(9);
  });

  it('ignores pushes replayed before the join reply (old figures of the room log)', () => {
    expect(nextOnline(30, { kind: 'pushed', online: 2, joined: false })).toBe(30);
    expect(nextOnline(null, { kind: 'pushed', online: 2, joined: false })).toBeNull();
  });

  it('keeps the count when a figure is missing or not a count', () => {
    expect(nextOnline(5, { kind: 'fetched', online: null })).toBe(5);
    expect(nextOnline(5, { kind: 'joined', online: -1 })).toBe(5);
    expect(nextOnline(5, { kind: 'pushed', online: 2.5, joined: true })).toBe(5);
  });

  it('as a store: tells its listeners of changes only', () => {
    const tracker = createOnlineTracker();
    let told = 0;
    const stop = tracker.subscribe(() => (told += 1));
    tracker.apply({ kind: 'fetched', online: 3 });
    tracker.apply({ kind: 'joined', online: 3 });
    tracker.apply({ kind: 'pushed', online: 1, joined: false });
    expect([tracker.get(), told]).toEqual([3, 1]);
    stop();
    tracker.apply({ kind: 'joined', online: 4 });
    expect([tracker.get(), told]).toEqual([4, 1]);
  });
});
