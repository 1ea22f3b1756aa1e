/**
 * The trace reading of bench/macro/traceEvents.ts: a chat update's cost is its own task and
 * the next main frame, never the other tasks between them; self times subtract children.
 */
import { describe, expect, it } from 'vitest';
import { eventsWithin, markedUpdateCosts, selfTimes, updatesInTrace, type TraceEvent } from '../../bench/macro/traceEvents';

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

  it("reads each marked update's cost on the marking renderer's main thread, in wall and CPU time, one mark name at a time", () => {
    const at = (e: TraceEvent, pid: number, tid: number, tdur?: number): TraceEvent => ({ ...e, pid, tid, ...(tdur === undefined ? {} : { tdur }) });
    const events: TraceEvent[] = [
      { name: 'thread_name', ph: 'M', pid: 7, tid: 3, ts: 0, args: { name: 'CrRendererMain' } },
      // The update: a 2 ms task (1.5 ms of CPU) and a 3 ms frame (2 ms of CPU).
      at(x('ThreadControllerImpl::RunTask', 1000, 2000), 7, 3, 1500),
      at(x('ProxyMain::BeginMainFrame', 5000, 3000), 7, 3, 2000),
      { name: 'webcast-chat-update', ph: 'R', pid: 7, tid: 3, ts: 1500 },
      // A floor update later in the same trace, under a mark of its own.
      at(x('ThreadControllerImpl::RunTask', 20_000, 500), 7, 3, 400),
      at(x('ProxyMain::BeginMainFrame', 21_000, 1000), 7, 3, 900),
      { name: 'webcast-floor-update', ph: 'R', pid: 7, tid: 3, ts: 20_100 },
      // Another process's main thread, with a task around the mark's time: not this tab's.
      at(x('ThreadControllerImpl::RunTask', 1400, 50_000), 9, 3, 50_000),
    ];
    expect(markedUpdateCosts(events, 'webcast-chat-update')).toEqual([{ wallMs: 5, cpuMs: 3.5, taskCpuMs: 1.5, frameCpuMs: 2 }]);
    expect(markedUpdateCosts(events, 'webcast-floor-update')).toEqual([{ wallMs: 1.5, cpuMs: 1.3, taskCpuMs: 0.4, frameCpuMs: 0.9 }]);
    expect(markedUpdateCosts(events, 'webcast-nothing')).toEqual([]);
    // No thread time in the trace: CPU figures are unknown, never the wall time.
    const noCpu = markedUpdateCosts(events.map(({ tdur: _tdur, ...e }) => e), 'webcast-chat-update');
    expect(noCpu[0]?.wallMs).toBe(5);
    expect(noCpu[0]?.cpuMs).toBeNaN();
  });
});
