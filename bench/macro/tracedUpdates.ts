/**
 * The cost of one chat update in the main thread's CPU time (issue 11 items 1 and 4: a
 * target not met is shown with the CPU figures that hold it). The benchmark's own measure
 * (src/state/updateCost.ts, Performance API) is wall time from the update's start to the
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
import type { BenchServer } from '../lib/benchServer';
import { quantile, ROOM } from './measure';
import { openOneTab } from './oneTab';
import { markedUpdateCosts, type TraceEvent, type UpdateCostInTrace } from './traceEvents';
import { FLOOR_MARK, ROW_FLOOR_MARK, UPDATE_MARK } from '../../src/state/updateCost';

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
   * browser's own cost of a new row: src/state/updateCost.ts measureRowFloor); absent in
   * results from before.
   */
  readonly rowFloor?: TracedCosts;
}

const round = (n: number): number => (Number.isFinite(n) ? Math.round(n * 100) / 100 : n);

export function tracedCosts(costs: readonly UpdateCostInTrace[]): TracedCosts {
  const q = (pick: (c: UpdateCostInTrace) => number, at: number): number => round(quantile(costs.map(pick), at));
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

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export async function measureTracedUpdates(browser: Browser, server: BenchServer, rate: number, seconds: number, floorUpdates = FLOOR_UPDATES): Promise<TracedUpdates> {
  const traceFile = path.join(os.tmpdir(), `webcast-bench-trace-${process.pid}-${rate}.json`);
  const { context, page } = await openOneTab(browser, server, 'product', { measureUpdates: true });
  try {
    await browser.startTracing(page, { path: traceFile, categories: CATEGORIES });
    let traced = true;
    try {
      await page.evaluate(`globalThis.__webcastUpdateFloor(${floorUpdates})`);
      await server.admin(`/admin/v1/rooms/${ROOM}/burst`, { rate, seconds });
      // The burst, then a drain for its last updates to be painted.
      await sleep(seconds * 1000 + 1500);
      await page.evaluate(`globalThis.__webcastRowFloor(${floorUpdates})`);
      await browser.stopTracing();
      traced = false;
    } finally {
      if (traced) await browser.stopTracing().catch(() => undefined);
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
