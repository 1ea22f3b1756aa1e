/**
 * The trace reading of bench/macro/traceEvents.ts: a chat update's cost is its own task and
 * the next main frame, never the other tasks between them; self times subtract children.
 */
import { describe, expect, it } from 'vitest';
import { eventsWithin, selfTimes, updatesInTrace, type TraceEvent } from '../../bench/macro/traceEvents';

const x = (name: string, ts: number, dur: number): TraceEvent => ({ name, ph: 'X', pid: 1, tid: 1, ts, dur });

describe('a trace of one tab', () => {
  it("finds each marked update's task and the main frame after it, leaving out tasks between", () => {
    const updateTask = x('ThreadControllerImpl::RunTask', 1000, 2000);
    const timerBetween = x('ThreadControllerImpl::RunTask', 3500, 5000);
    const frameTask = x('ThreadControllerImpl::RunTask', 9000, 4000);
    const frame = x('ProxyMain::BeginMainFrame', 9100, 3800);
    const earlierFrame = x('ProxyMain::BeginMainFrame', 100, 500);
    const nested = x('ThreadControllerImpl::RunTask', 1200, 100);
    const found = updatesInTrace([earlierFrame, updateTask, nested, timerBetween, frameTask, frame], [1500, 50_000]);
    expect(found).toEqual([{ task: updateTask, frame }]);
  });

  it('takes the events wholly inside any of the spans', () => {
    const spans = [x('frame', 0, 100), x('frame', 500, 100)];
    const inside = [x('Paint', 10, 20), x('Layout', 550, 50)];
    const outside = [x('Paint', 90, 20), x('Timer', 200, 10), { ...x('Mark', 20, 0), ph: 'R' }];
    expect(eventsWithin([...inside, ...outside], spans)).toEqual(inside);
  });

  it('counts self time: an event less its children', () => {
    const self = selfTimes([x('frame', 0, 4000), x('Paint', 1000, 1000), x('Raster', 1200, 500), x('Layout', 2500, 500)]);
    expect(Object.fromEntries(self)).toEqual({ frame: 2.5, Paint: 0.5, Raster: 0.5, Layout: 0.5 });
  });
});
