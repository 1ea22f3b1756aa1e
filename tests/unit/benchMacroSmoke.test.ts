/**
 * Smoke of the macro benchmark (bench/macro, issue 6): the whole path once at a tiny rate
 * (50 messages a second for 1 s, one tab, the product, the baseline and its batched twin), so the benchmark
 * code never rots: client build into a temporary directory, its own reference server,
 * Debian's Chromium, the probes. It asserts only that figures were produced, never a
 * timing, and that nothing was written (no docs/benchmarks.md, bench/results, chart); and
 * that the baselines load everything they ask for (issue 34 item 5: an honest baseline loads
 * the product's emoji, which issue 34 reported failing; the sprite at /emoji/ is served).
 * Skipped where /usr/bin/chromium is missing (the README's prerequisites install it) or
 * with BENCH_MACRO_SMOKE=0. About 20 to 35 s (it builds the client and starts a browser).
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHART_FILE, CHROMIUM, run } from '../../bench/macro/index';
import { DOCS_FILE, RESULTS_DIR } from '../../bench/lib/report';

const mtime = (file: string): number | null => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : null);
const listing = (dir: string): string[] => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);

describe.skipIf(!fs.existsSync(CHROMIUM) || process.env.BENCH_MACRO_SMOKE === '0')('macro benchmark smoke', () => {
  it('runs the product and the baselines at a tiny rate, produces figures and writes nothing', async () => {
    const docsBefore = mtime(DOCS_FILE);
    const chartBefore = mtime(CHART_FILE);
    const resultsBefore = listing(RESULTS_DIR);
    const lines: string[] = [];
    const result = await run({ smoke: true, log: (line) => lines.push(line) });

    expect(result.runs.map((r) => r.variant)).toEqual(['product', 'baseline', 'batched']);
    for (const r of result.runs) {
      expect(r.failedLoads, r.variant).toEqual([]);
      expect(Number.isFinite(r.socketsClosed), r.variant).toBe(true);
      expect(r.sent, r.variant).toBeGreaterThan(0);
      expect(r.socketsOpenMax, r.variant).toBe(1);
      expect(r.tabFigures).toHaveLength(1);
      const tab = r.tabFigures[0]!;
      expect(tab.busyPerSecond.length, r.variant).toBeGreaterThan(0);
      expect(tab.busyPerSecond.every(Number.isFinite), r.variant).toBe(true);
      expect(Number.isFinite(tab.busyMs), r.variant).toBe(true);
      // The display-rate check ran its frame loop; the window counted frames over 50 ms.
      expect(tab.idleFrameMs, r.variant).toBeGreaterThan(0);
      expect(Number.isFinite(tab.longFrames), r.variant).toBe(true);
      expect(tab.rowsTimed, r.variant).toBeGreaterThan(0);
      expect(Number.isFinite(tab.latencyP95Ms), r.variant).toBe(true);
      expect(Number.isFinite(tab.paintLatencyP95Ms), r.variant).toBe(true);
      expect(Number.isFinite(tab.heapBeforeMB) && Number.isFinite(tab.heapAfterMB), r.variant).toBe(true);
    }
    // The page's floor (src/diagnostics/updateCost.ts measureUpdateFloor): the product only.
    const [product, baseline] = result.runs;
    expect(Number.isFinite(product?.worker?.heapAfterMB), 'the worker heap').toBe(true);
    expect(product?.updateFloor?.count).toBe(30);
    expect(product?.updateFloor?.p95Ms).toBeGreaterThan(0);
    expect(baseline?.updateFloor ?? null).toBeNull();
    // Each update's cost is its own task and its frame (src/diagnostics/updateCost.ts), both recorded.
    const measured = product!.tabFigures[0]!;
    expect(measured.updates).toBeGreaterThan(0);
    expect(measured.updateTaskP50Ms).toBeGreaterThanOrEqual(0);
    expect(measured.updateFrameP50Ms).toBeGreaterThan(0);
    expect(lines.join('\n')).toContain('| rate/s |');
    // The traced twin (bench/macro/tracedUpdates.ts): the same updates and floor read from a trace, in CPU time.
    const [traced] = result.tracedUpdates ?? [];
    expect(traced?.floor.count).toBe(5);
    expect(traced?.updates.count).toBeGreaterThan(0);
    expect(traced?.updates.cpuP95Ms).toBeGreaterThan(0);
    expect(traced?.floor.cpuP95Ms).toBeGreaterThan(0);
    // The row floor: a copy of the newest tail row appended after the burst, its frame read from the trace.
    expect(traced?.rowFloor?.count).toBe(5);
    expect(traced?.rowFloor?.frameCpuP95Ms).toBeGreaterThan(0);
    expect(lines.some((line) => line.startsWith('traced '))).toBe(true);

    expect(mtime(DOCS_FILE)).toBe(docsBefore);
    expect(mtime(CHART_FILE)).toBe(chartBefore);
    expect(listing(RESULTS_DIR)).toEqual(resultsBefore);
  }, 120_000);
});
