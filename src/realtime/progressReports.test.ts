import { describe, expect, it } from 'vitest';
import { forgetProgress, newProgressReports, offsetsToReport } from './progressReports';

describe('progress reports', () => {
  it('reports a room only when its offset moved past what was reported, and starts afresh on a new socket', () => {
    const progress = newProgressReports();
    expect(offsetsToReport(progress, [{ webcastId: 'a', offset: 0 }, { webcastId: 'b', offset: 5 }])).toEqual([{ webcastId: 'b', offset: 5 }]);
    expect(offsetsToReport(progress, [{ webcastId: 'a', offset: 2 }, { webcastId: 'b', offset: 5 }])).toEqual([{ webcastId: 'a', offset: 2 }]);
    // An offset that went back (a room log begun again) waits until it passes the last report.
    expect(offsetsToReport(progress, [{ webcastId: 'b', offset: 3 }])).toEqual([]);
    const cleared: unknown[] = [];
    progress.timer = 42;
    forgetProgress(progress, (id) => cleared.push(id));
    expect(cleared).toEqual([42]);
    expect(progress.timer).toBeNull();
    expect(offsetsToReport(progress, [{ webcastId: 'b', offset: 3 }])).toEqual([{ webcastId: 'b', offset: 3 }]);
  });
});
