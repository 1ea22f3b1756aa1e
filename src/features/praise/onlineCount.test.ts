import { describe, expect, it } from 'vitest';
import { createOnlineTracker, nextOnline, NO_FIGURE, type OnlineFigure } from './onlineCount';

const at = (online: number, asOf: number): OnlineFigure => ({ online, asOf });

describe('online count', () => {
  it('takes the newest figure: the count call, the join reply, live pushes', () => {
    let figure = nextOnline(NO_FIGURE, { kind: 'fetched', online: 12, asOf: 10 });
    expect(figure).toEqual(at(12, 10));
    figure = nextOnline(figure, { kind: 'joined', online: 14, asOf: 20 });
    expect(figure).toEqual(at(14, 20));
    figure = nextOnline(figure, { kind: 'pushed', online: 9, joined: true, asOf: 30 });
    expect(figure).toEqual(at(9, 30));
    figure = nextOnline(figure, { kind: 'fetched', online: 11, asOf: 40 });
    expect(figure).toEqual(at(11, 40));
  });

  it('an answer whose request left before the join reply came is older than the reply', () => {
    // Asked at 10 (this viewer not yet joined), the join reply at 20, the answer at 25.
    const joined = nextOnline(NO_FIGURE, { kind: 'joined', online: 2, asOf: 20 });
    expect(nextOnline(joined, { kind: 'fetched', online: 1, asOf: 10 })).toEqual(at(2, 20));
  });

  it('ignores pushes replayed before the join reply (old figures of the room log)', () => {
    expect(nextOnline(at(30, 5), { kind: 'pushed', online: 2, joined: false, asOf: 9 })).toEqual(at(30, 5));
    expect(nextOnline(NO_FIGURE, { kind: 'pushed', online: 2, joined: false, asOf: 9 })).toEqual(NO_FIGURE);
  });

  it('keeps the count when a figure is missing or not a count', () => {
    const five = at(5, 1);
    expect(nextOnline(five, { kind: 'fetched', online: null, asOf: 2 })).toBe(five);
    expect(nextOnline(five, { kind: 'joined', online: -1, asOf: 2 })).toBe(five);
    expect(nextOnline(five, { kind: 'pushed', online: 2.5, joined: true, asOf: 2 })).toBe(five);
  });

  it('as a store: tells its listeners when the count changes', () => {
    const tracker = createOnlineTracker();
    let told = 0;
    const stop = tracker.subscribe(() => (told += 1));
    tracker.apply({ kind: 'fetched', online: 3, asOf: 1 });
    tracker.apply({ kind: 'joined', online: 3, asOf: 2 });
    tracker.apply({ kind: 'pushed', online: 1, joined: false, asOf: 3 });
    expect([tracker.get(), told]).toEqual([3, 1]);
    stop();
    tracker.apply({ kind: 'joined', online: 4, asOf: 4 });
    expect([tracker.get(), told]).toEqual([4, 1]);
  });
});
