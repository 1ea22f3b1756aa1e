/**
 * Reading a Chromium trace of one tab (traceBreakdown.ts): self times by event name, and the
 * main-thread cost of each chat update exactly as the trace has it: the task the update was
 * applied in (found by the `performance.mark` that src/diagnostics/updateCost.ts sets) plus the
 * next main frame after it, without the other tasks that the Performance API measure of the
 * benchmark counts when they run between (timers, the player, the worker's other messages).
 */

export interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  readonly ts: number;
  readonly dur?: number;
  /** The thread's CPU time in the event, µs (the wall time `dur` less the time it was preempted or waited). */
  readonly tdur?: number;
  readonly args?: { name?: string; data?: { functionName?: string; url?: string; type?: string } };
}

const end = (e: TraceEvent): number => e.ts + (e.dur ?? 0);

/** Self time per event name of complete ('X') events on one thread, in ms. */
export function selfTimes(events: readonly TraceEvent[]): Map<string, number> {
  const sorted = events.filter((e) => e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, number>();
  const stack: { end: number; name: string }[] = [];
  for (const e of sorted) {
    const dur = e.dur ?? 0;
    while (stack.length > 0 && stack[stack.length - 1]!.end <= e.ts) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent !== undefined) self.set(parent.name, (self.get(parent.name) ?? 0) - dur / 1000);
    self.set(e.name, (self.get(e.name) ?? 0) + dur / 1000);
    stack.push({ end: e.ts + dur, name: e.name });
  }
  return self;
}

export interface UpdateInTrace {
  /** The top-level task the update was applied in. */
  readonly task: TraceEvent;
  /** The first main frame after that task (its style, layout, paint and commit). */
  readonly frame: TraceEvent;
}

/** Each marked update's task and the main frame after it, on the thread of `onMain`. */
export function updatesInTrace(onMain: readonly TraceEvent[], markTimes: readonly number[]): UpdateInTrace[] {
  const tasks = onMain.filter((e) => e.ph === 'X' && (e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask')).sort((a, b) => a.ts - b.ts);
  const top: TraceEvent[] = [];
  for (const t of tasks) {
    const last = top[top.length - 1];
    if (last === undefined || t.ts >= end(last)) top.push(t);
  }
  const frames = onMain.filter((e) => e.ph === 'X' && e.name === 'ProxyMain::BeginMainFrame').sort((a, b) => a.ts - b.ts);
  const found: UpdateInTrace[] = [];
  for (const mark of markTimes) {
    const task = top.find((t) => t.ts <= mark && mark <= end(t));
    if (task === undefined) continue;
    const frame = frames.find((f) => f.ts >= end(task));
    if (frame !== undefined) found.push({ task, frame });
  }
  return found;
}

/** The events of `events` that lie wholly inside any of `spans`. */
export function eventsWithin(events: readonly TraceEvent[], spans: readonly TraceEvent[]): TraceEvent[] {
  const sortedSpans = [...spans].sort((a, b) => a.ts - b.ts);
  const within: TraceEvent[] = [];
  for (const e of events) {
    if (e.ph !== 'X') continue;
    // The last span starting at or before the event.
    let lo = 0;
    let hi = sortedSpans.length - 1;
    let at = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (sortedSpans[mid]!.ts <= e.ts) {
        at = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (at >= 0 && end(e) <= end(sortedSpans[at]!)) within.push(e);
  }
  return within;
}

/** One marked update as the trace has it: its task and the next main frame, in wall and in CPU time (ms). */
export interface UpdateCostInTrace {
  readonly wallMs: number;
  /** NaN when the trace has no thread time for the events. */
  readonly cpuMs: number;
  readonly taskCpuMs: number;
  readonly frameCpuMs: number;
}

const cpuMs = (e: TraceEvent): number => (e.tdur === undefined ? NaN : e.tdur / 1000);

/**
 * The cost of each update marked `mark` (performance.mark in src/diagnostics/updateCost.ts) in a
 * whole browser's trace: on the main thread of the renderer that set the marks (its
 * CrRendererMain, or the marks' own thread when the trace names none), the task each mark
 * is in plus the next main frame.
 */
export function markedUpdateCosts(events: readonly TraceEvent[], mark: string): UpdateCostInTrace[] {
  const marks = events.filter((e) => e.name === mark);
  const first = marks[0];
  if (first === undefined) return [];
  const named = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === first.pid && e.args?.name === 'CrRendererMain');
  const tid = named?.tid ?? first.tid;
  const onMain = events.filter((e) => e.pid === first.pid && e.tid === tid);
  return updatesInTrace(
    onMain,
    marks.filter((e) => e.pid === first.pid).map((e) => e.ts),
  ).map(({ task, frame }) => ({
    wallMs: ((task.dur ?? 0) + (frame.dur ?? 0)) / 1000,
    cpuMs: cpuMs(task) + cpuMs(frame),
    taskCpuMs: cpuMs(task),
    frameCpuMs: cpuMs(frame),
  }));
}
