/**
 * The cost of one chat update in the main thread's CPU time (issue 11 items 1 and 4: a
 * target not met is shown with the CPU figures that hold it). The benchmark's own measure
 * (src/diagnostics/updateCost.ts, Performance API) is wall time from the update's start to the
 * first task after its frame: on a shared 2-core machine it also counts the time the main
 * thread waited for a core, and any other task that ran between (the player's timers, the
 * worker's other messages). This pass runs the same burst in one more tab under a Chromium
 * trace, and reads each marked update's task and next main frame as the trace has them, in
 * wall time (`dur`) and in the thread's CPU time (`tdur`), with the page's floor (one
 * character changed and painted) and the row floor (a copy of the newest row appended with
 * no update around it: the browser's own cost of a new row) measured the same way in the
 * same trace.
 *
 * A twin of the update-cost runs, not those runs themselves: tracing costs the tab, and
 * their other figures (the 10x ratio) are read untraced.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import type { BenchServer } from '../../harness/serverProcess';
import { quantile, ROOM, round, sleep } from './measure';
import { openOneTab } from './oneTab';
import { markedUpdateCosts, type TraceEvent, type UpdateCostInTrace } from './traceEvents';
import { FLOOR_MARK, UPDATE_MARK } from '../../src/diagnostics/updateCost';

/** What the trace categories must hold: top-level tasks, main frames, user timing marks, thread time. */
const CATEGORIES = ['toplevel', 'cc', 'blink.user_timing', 'devtools.timeline'];

/** Floor updates in the traced pass (50 ms apart). */
const FLOOR_UPDATES = 30;

export interface TracedCosts {
  readonly count: number;
  readonly wallP50Ms: number;
  readonly wallP95Ms: number;
  readonly cpuP50Ms: number;
  readonly cpuP95Ms: number;
  readonly taskCpuP95Ms: number;
  readonly frameCpuP95Ms: number;
}

export interface TracedUpdates {
  readonly rate: number;
  readonly seconds: number;
  readonly updates: TracedCosts;
  /** The page's floor in the same trace. */
  readonly floor: TracedCosts;
  /**
   * A copy of the newest row appended with no update around it, after the burst (the
   * browser's own cost of a new row: rowFloorScript); absent in results from before.
   */
  readonly rowFloor?: TracedCosts;
}

export function tracedCosts(costs: readonly UpdateCostInTrace[]): TracedCosts {
  const q = (pick: (c: UpdateCostInTrace) => number, at: number): number => round(quantile(costs.map(pick), at), 2);
  return {
    count: costs.length,
    wallP50Ms: q((c) => c.wallMs, 0.5),
    wallP95Ms: q((c) => c.wallMs, 0.95),
    cpuP50Ms: q((c) => c.cpuMs, 0.5),
    cpuP95Ms: q((c) => c.cpuMs, 0.95),
    taskCpuP95Ms: q((c) => c.taskCpuMs, 0.95),
    frameCpuP95Ms: q((c) => c.frameCpuMs, 0.95),
  };
}

/** The row floor's mark: only the trace reads it. */
const ROW_FLOOR_MARK = 'webcast-row-floor';

/**
 * The row floor, run in the page after the burst: what the browser alone spends on one new
 * chat row of this page. A copy of the following tail's newest row, its text made new (text
 * shaped before is cached) and its ids taken off (so nothing counts it as a message), is
 * made in one task; the next appends it to the tail's rows with no store or React work and
 * sets the mark; after its frame it is taken away again. A string: the bundler's name
 * helpers would not exist in the page.
 */
const rowFloorScript = (count: number): string => `(async () => {
  const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  for (let i = 0; i < ${count}; i++) {
    const rows = document.querySelector('.chat-list__tail-rows');
    const newest = rows === null ? null : rows.lastElementChild;
    if (!(newest instanceof HTMLElement)) return;
    const copy = newest.cloneNode(true);
    for (const element of [copy, ...copy.querySelectorAll('[data-msg-id], [data-send-time], [data-item-id]')]) {
      delete element.dataset.msgId;
      delete element.dataset.sendTime;
      delete element.dataset.itemId;
    }
    const body = copy.querySelector('.chat-message__body');
    if (body !== null) body.textContent = body.textContent + ' ' + i;
    await pause(10);
    rows.append(copy);
    performance.mark('${ROW_FLOOR_MARK}');
    performance.clearMarks('${ROW_FLOOR_MARK}');
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    copy.remove();
    await pause(50);
  }
})()`;

export async function measureTracedUpdates(browser: Browser, server: BenchServer, rate: number, seconds: number, floorUpdates = FLOOR_UPDATES): Promise<TracedUpdates> {
  const traceFile = path.join(os.tmpdir(), `webcast-bench-trace-${process.pid}-${rate}.json`);
  const { context, page } = await openOneTab(browser, server, 'product', { measureUpdates: true });
  try {
    await browser.startTracing(page, { path: traceFile, categories: CATEGORIES });
    try {
      await page.evaluate(`globalThis.__webcastUpdateFloor(${floorUpdates})`);
      await server.admin(`/admin/v1/rooms/${ROOM}/burst`, { rate, seconds });
      // The burst, then a drain for its last updates to be painted.
      await sleep(seconds * 1000 + 1500);
      await page.evaluate(rowFloorScript(floorUpdates));
    } finally {
      await browser.stopTracing();
    }
    const events = (JSON.parse(fs.readFileSync(traceFile, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
    return {
      rate,
      seconds,
      updates: tracedCosts(markedUpdateCosts(events, UPDATE_MARK)),
      floor: tracedCosts(markedUpdateCosts(events, FLOOR_MARK)),
      rowFloor: tracedCosts(markedUpdateCosts(events, ROW_FLOOR_MARK)),
    };
  } finally {
    await context.close();
    fs.rmSync(traceFile, { force: true });
  }
}
