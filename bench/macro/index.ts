/**
 * Macro benchmark (issue 6, items 3 to 5): the product in Debian's Chromium under a chat
 * burst of the reference server, side by side with a main-thread baseline, in one run.
 *
 * For each rate (1,000, 5,000, 10,000, 20,000 messages a second, 20 s each) and tab count
 * (1 and 4), the product (SharedWorker, one socket) and the baseline (bench/macro/baseline:
 * a socket per tab, everything on the main thread, one state update per message) are run
 * in turn against the benchmark's own server; with 4 tabs each also runs with 3 of the 4
 * tabs hidden (emulated, see bench/README.md). Figures per tab (probe.ts, measure.ts):
 * long tasks, main-thread busy per second (CDP TaskDuration, thread time), frame intervals,
 * send-to-screen latency p50/p95/p99, heap before and after (after a GC); per run: sockets
 * open at the server, server CPU, the SharedWorker's CPU (workerCpu.ts).
 *
 * Settings: BENCH_MACRO_RATES (10,1000,5000,10000,20000), BENCH_MACRO_SECONDS (20),
 * BENCH_MACRO_TABS (1,4), BENCH_MACRO_VARIANTS (product,baseline), BENCH_MACRO_HIDDEN (1:
 * the product's 3-of-4-hidden runs too; 0: not), BENCH_MACRO_WRITE (0: print only),
 * BENCH_MACRO_FROM (a results file: re-render the docs and chart from it, no run).
 * Writes docs/benchmarks.md "Browser burst (macro)", docs/benchmarks-macro.svg and
 * bench/results/<date>-macro.json; a smoke run (50 messages a second for 1 s, 1 tab,
 * shorter pauses) writes nothing.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { describeMachine, machineFacts, ROOT, writeDocsSection, writeResults, type BenchOptions, type MachineFacts } from '../lib/report';
import { macroChart, type ChartSeries } from './chart';
import { BATCHED_TWIN, measureRun, quantile, type RunFigures, type RunPlan, type TabFigures, type Variant } from './measure';
import type { BlockingFrame } from './probe';
import { buildClient, startBenchServer } from '../../harness/serverProcess';
import { measureTracedUpdates, type TracedUpdates } from './tracedUpdates';

export const SECTION = 'Browser burst (macro)';
export const CHART_FILE = path.join(ROOT, 'docs', 'benchmarks-macro.svg');
export { CHROMIUM_PATH as CHROMIUM, CHROMIUM_ARGS } from '../../harness/chromium';
import { CHROMIUM_PATH as CHROMIUM, CHROMIUM_ARGS } from '../../harness/chromium';

export const TARGETS = {
  rate: 20_000,
  tabs: 4,
  longTaskMs: 50,
  busyPct: 20,
  p95LatencyMs: 250,
  heapGrowthMB: 10,
  sockets: 1,
  baselineRate: 5_000,
  baselineRatio: 10,
  /**
   * The cost of one chat update, applied and painted, p95, at these rates with one tab:
   * judged on the traced twin's CPU time against the row floor of the same run (issue 34
   * item 4: the browser's own cost of one new row), at the first rate (one new row an
   * update) at most the floor's p95 plus updateOverRowFloorMs, at the others at most
   * updateRowFloorTimes the floor's p95.
   */
  updateCostRates: [10, 5_000],
  updateOverRowFloorMs: 1,
  updateRowFloorTimes: 2,
  /**
   * The first target of the same cost (issue 11), in wall time from the Performance API: a
   * figure beside the judged one now, since it was below the browser's own cost of a row.
   */
  updateCostP95Ms: 4,
  /** The newest row a tab in view holds, at most this far behind the room (issue 34 item 1). */
  storeLagMaxMs: 1000,
  /** A hidden tab shown again holds a row sent since within this (issue 34 item 1). */
  shownToCurrentMs: 250,
} as const;

export interface MacroOptions extends BenchOptions {
  readonly rates?: readonly number[];
  readonly seconds?: number;
  readonly tabs?: readonly number[];
  readonly variants?: readonly Variant[];
  readonly hidden?: boolean;
  readonly write?: boolean;
  readonly log?: (line: string) => void;
}

export interface TargetCheck {
  readonly what: string;
  readonly figure: string;
  readonly target: string;
  readonly met: boolean | null;
  /** The figure as a number, by which the median of repeated runs is chosen (judgedTargets). */
  readonly value?: number;
}

/** How many times each target case runs (its median is judged): BENCH_MACRO_REPEATS, 3. */
export const TARGET_REPEATS = 3;

export interface MacroResult {
  readonly benchmark: 'macro';
  readonly date: string;
  readonly machine: MachineFacts & { readonly chromium: string };
  readonly settings: { readonly rates: readonly number[]; readonly seconds: number; readonly tabs: readonly number[]; readonly variants: readonly Variant[]; readonly hidden: boolean };
  readonly loadAverage: { readonly before: number; readonly after: number };
  readonly runs: readonly RunFigures[];
  /** The update-cost runs' traced twins (tracedUpdates.ts); absent in results from before. */
  readonly tracedUpdates?: readonly TracedUpdates[];
  readonly targets: readonly TargetCheck[];
}

function list(name: string, fallback: readonly number[]): readonly number[] {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const values = raw.split(',').map((v) => Number(v.trim()));
  if (values.some((v) => !Number.isFinite(v) || v <= 0)) throw new Error(`${name} must be a comma-separated list of positive numbers, got "${raw}"`);
  return values;
}

export function chromiumVersion(): string {
  try {
    return execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

const fmt = (n: number, digits = 1): string => (Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 }) : 'n/a');
const max = (values: readonly number[]): number => values.reduce((m, v) => (Number.isFinite(v) ? Math.max(m, v) : m), -Infinity);
const mean = (values: readonly number[]): number => values.reduce((a, v) => a + v, 0) / Math.max(1, values.length);
const mark = (met: boolean | null): string => (met === null ? 'n/a' : met ? 'met' : '**not met**');

const runLabel = (r: RunPlan): string => `${r.tabs} tab${r.tabs === 1 ? '' : 's'}${r.hidden ? ' (3 hidden)' : ''}${r.pausePlayers === true && r.variant === 'product' ? ', player paused' : ''}${r.chatSpeed === undefined ? '' : `, chat at most ${r.chatSpeed}/s`}`;
/** The label with the repeat, for the tables of every run. */
const repeatLabel = (r: RunPlan): string => `${runLabel(r)}${r.repeat === undefined || r.repeat === 0 ? '' : `, run ${r.repeat + 1}`}`;
/**
 * The baseline twin of a product run: same rate and tabs. Emulated hidden tabs change
 * nothing for the baseline (it has no notion of visibility), so the product's "3 hidden"
 * runs are compared with the baseline's all-visible run.
 */
const twinOf = (runs: readonly RunFigures[], r: RunPlan): RunFigures | undefined =>
  r.variant === 'product' ? runs.find((o) => o.variant === 'baseline' && o.rate === r.rate && o.tabs === r.tabs && !o.hidden && (o.repeat ?? 0) === (r.repeat ?? 0)) ?? runs.find((o) => o.variant === 'baseline' && o.rate === r.rate && o.tabs === r.tabs && !o.hidden) : undefined;

/** The per-run summary: the worst tab for the maxima, the mean of the tabs for busy. */
function summary(r: RunFigures) {
  const t = r.tabFigures;
  return {
    longTasks: t.reduce((a, f) => a + f.longTasks, 0),
    longestTaskMs: max(t.map((f) => f.longestTaskMs)),
    busyMeanPct: mean(t.map((f) => f.busyMeanPct)),
    busyWorstPct: max(t.map((f) => f.busyMeanPct)),
    busyMaxSecondPct: max(t.map((f) => f.busyMaxPct)),
    busyMs: t.reduce((a, f) => a + f.busyMs, 0),
    // What the chat itself cost: the window's main-thread time less what the same tab spent
    // at the idle rate (the product's player, the baseline's nothing) over as long.
    chatMs: t.reduce((a, f) => a + Math.max(0, f.busyMs - ((f.idleBusyPct ?? 0) / 100) * r.windowMs), 0),
    cpuMeanPct: mean(t.map((f) => f.cpuMeanPct)),
    cpuWorstPct: max(t.map((f) => f.cpuMeanPct)),
    cpuMs: t.reduce((a, f) => a + f.cpuMs, 0),
    longFrames: t.reduce((a, f) => a + (f.longFrames ?? NaN), 0),
    longestFrameMs: max(t.map((f) => f.longestFrameMs ?? NaN)),
    idleFrameMs: max(t.map((f) => f.idleFrameMs)),
    idleBusyPct: mean(t.map((f) => f.idleBusyPct ?? NaN)),
    idleCpuPct: mean(t.map((f) => f.idleCpuPct ?? NaN)),
    rowsTimed: t.reduce((a, f) => a + f.rowsTimed, 0),
    p50: max(t.map((f) => f.latencyP50Ms)),
    p95: max(t.map((f) => f.latencyP95Ms)),
    firstQuarterP50: max(t.map((f) => f.latencyFirstQuarterP50Ms)),
    lastQuarterP50: max(t.map((f) => f.latencyLastQuarterP50Ms)),
    p99: max(t.map((f) => f.latencyP99Ms)),
    paintP50: max(t.map((f) => f.paintLatencyP50Ms ?? NaN)),
    paintP95: max(t.map((f) => f.paintLatencyP95Ms ?? NaN)),
    heapGrowthMB: max(t.map((f) => f.heapGrowthMB)),
  };
}

/** What a run's chat updates were made of: new rows each, and their own task against their frame. */
function updateMakeup(tab: TabFigures): string {
  if (tab.updates === 0) return '';
  const rows = `, ${fmt(tab.rowsTimed / tab.updates)} new rows each`;
  if (tab.updateTaskP50Ms === undefined || tab.updateFrameP50Ms === undefined) return rows;
  return `${rows}; own task p50 ${fmt(tab.updateTaskP50Ms, 2)} ms, its frame p50 ${fmt(tab.updateFrameP50Ms, 2)} ms`;
}

/** The browser's own cost of a new row, where the twin measured it. */
function rowFloorText(t: TracedUpdates): string {
  const r = t.rowFloor;
  if (r === undefined || r.count === 0) return '';
  return `; a copy of the newest row appended with no store or React work (the browser's own cost of a new row): p95 ${fmt(r.cpuP95Ms, 2)} ms (p50 ${fmt(r.cpuP50Ms, 2)} ms, its frame p95 ${fmt(r.frameCpuP95Ms, 2)} ms; wall p95 ${fmt(r.wallP95Ms, 2)} ms, ${r.count})`;
}

/**
 * The same target read from a trace (tracedUpdates.ts): the update's task and next frame
 * only, in the main thread's CPU time, beside the page's floor read the same way. What the
 * wall-time figure holds beyond this is the machine (the thread waiting for a core) and the
 * page's other tasks in between.
 */
/**
 * What one update may cost at `rate`, by the row floor's p95 of the same run (issue 34 item
 * 4): the floor plus a millisecond at the quiet rate, twice the floor at a busy one; NaN
 * when the floor was not measured.
 */
export function updateCostBoundMs(rate: number, rowFloorP95Ms: number): number {
  if (!Number.isFinite(rowFloorP95Ms)) return Number.NaN;
  return rate <= TARGETS.updateCostRates[0] ? rowFloorP95Ms + TARGETS.updateOverRowFloorMs : TARGETS.updateRowFloorTimes * rowFloorP95Ms;
}

function tracedCheck(t: TracedUpdates): TargetCheck {
  const u = t.updates;
  const f = t.floor;
  const floorP95 = t.rowFloor === undefined || t.rowFloor.count === 0 ? Number.NaN : t.rowFloor.cpuP95Ms;
  const bound = updateCostBoundMs(t.rate, floorP95);
  const rule = t.rate <= TARGETS.updateCostRates[0] ? `the row floor's p95 + ${TARGETS.updateOverRowFloorMs} ms` : `${TARGETS.updateRowFloorTimes}x the row floor's p95`;
  return {
    what: `the same, read from a trace of a twin run (${fmt(t.rate, 0)}/s, 1 tab, ${t.seconds} s): the update's task and next frame in the main thread's CPU time, p95`,
    figure: `${fmt(u.cpuP95Ms, 2)} ms (p50 ${fmt(u.cpuP50Ms, 2)} ms, ${u.count} updates; its task p95 ${fmt(u.taskCpuP95Ms, 2)} ms, its frame p95 ${fmt(u.frameCpuP95Ms, 2)} ms; in wall time p95 ${fmt(u.wallP95Ms, 2)} ms); the page's floor read the same way: p95 ${fmt(f.cpuP95Ms, 2)} ms (p50 ${fmt(f.cpuP50Ms, 2)} ms; wall p95 ${fmt(f.wallP95Ms, 2)} ms, ${f.count})${rowFloorText(t)}`,
    target: `<= ${rule}${Number.isFinite(bound) ? ` (${fmt(bound, 2)} ms)` : ' (not measured)'}`,
    met: u.count > 0 && Number.isFinite(u.cpuP95Ms) && Number.isFinite(bound) ? u.cpuP95Ms <= bound : null,
  };
}

export function checkTargets(runs: readonly RunFigures[], traced: readonly TracedUpdates[] = []): TargetCheck[] {
  const find = (variant: Variant, rate: number, tabs: number, hidden: boolean, playerPaused = false): RunFigures | undefined =>
    runs.find((r) => r.variant === variant && r.rate === rate && r.tabs === tabs && r.hidden === hidden && (r.pausePlayers === true) === playerPaused && r.chatSpeed === undefined);
  const checks: TargetCheck[] = [];
  for (const hidden of [false, true]) {
    const r = find('product', TARGETS.rate, TARGETS.tabs, hidden);
    if (r === undefined) continue;
    const s = summary(r);
    const at = `${fmt(TARGETS.rate, 0)}/s, ${runLabel(r)}`;
    checks.push(
      { what: `long tasks over ${TARGETS.longTaskMs} ms, any tab (${at})`, figure: `${s.longTasks} (longest ${fmt(s.longestTaskMs)} ms)`, target: '0', met: s.longTasks === 0 && !(s.longestTaskMs > TARGETS.longTaskMs), value: s.longTasks },
      { what: `main-thread busy per tab, worst tab (${at})`, figure: `${fmt(s.busyWorstPct)} % (CPU time: ${fmt(s.cpuWorstPct)} %)`, target: `< ${TARGETS.busyPct} %`, met: s.busyWorstPct < TARGETS.busyPct, value: s.busyWorstPct },
      // To the frame that paints the row (issue 34 item 5), where the run measured it; older
      // results files have the row's insertion into the DOM only.
      Number.isFinite(s.paintP95)
        ? { what: `p95 send-to-paint latency (the frame that paints the row), worst tab (${at})`, figure: `${fmt(s.paintP95, 0)} ms (to the row's insertion: ${fmt(s.p95, 0)} ms)`, target: `<= ${TARGETS.p95LatencyMs} ms`, met: s.paintP95 <= TARGETS.p95LatencyMs, value: s.paintP95 }
        : { what: `p95 send-to-screen latency, worst tab (${at})`, figure: `${fmt(s.p95, 0)} ms`, target: `<= ${TARGETS.p95LatencyMs} ms`, met: Number.isFinite(s.p95) ? s.p95 <= TARGETS.p95LatencyMs : null, value: s.p95 },
      { what: `heap growth over the run, worst tab (${at})`, figure: `${fmt(s.heapGrowthMB, 2)} MB`, target: `< ${TARGETS.heapGrowthMB} MB`, met: s.heapGrowthMB < TARGETS.heapGrowthMB, value: s.heapGrowthMB },
      { what: `sockets open at the server (${at})`, figure: String(r.socketsOpenMax), target: String(TARGETS.sockets), met: r.socketsOpenMax === TARGETS.sockets, value: r.socketsOpenMax },
    );
    if (r.socketsClosed !== undefined) checks.push({ what: `sockets closed during the burst: reconnects (${at})`, figure: String(r.socketsClosed), target: '0', met: r.socketsClosed === 0, value: r.socketsClosed });
    // The store's lag, sampled once a second from the burst's second second (the first
    // screen of a burst comes after the first delta's pace); tabs in view only.
    const lags = r.tabFigures.filter((t) => t.visibility === 'visible').flatMap((t) => t.storeLagMs.slice(1));
    if (lags.length > 0) {
      const worst = Math.max(...lags);
      checks.push({ what: `the newest row a tab in view holds, behind the room, worst sample (${at})`, figure: `${fmt(worst, 0)} ms (p50 ${fmt(quantile(lags, 0.5), 0)} ms, ${lags.length} samples)`, target: `<= ${TARGETS.storeLagMaxMs} ms`, met: worst <= TARGETS.storeLagMaxMs, value: worst });
    }
    const shown = r.tabFigures.flatMap((t) => (t.shownToCurrentMs === undefined ? [] : [t.shownToCurrentMs]));
    if (shown.length > 0) {
      const numbers = shown.filter((ms): ms is number => ms !== null);
      const worst = numbers.length === shown.length ? Math.max(...numbers) : Number.POSITIVE_INFINITY;
      checks.push({ what: `a hidden tab shown again during a burst: until it shows a row sent since, worst tab (${at})`, figure: `${shown.map((ms) => (ms === null ? 'not within 3 s' : `${fmt(ms, 0)} ms`)).join(', ')}`, target: `<= ${TARGETS.shownToCurrentMs} ms`, met: worst <= TARGETS.shownToCurrentMs, value: worst });
    }
    // Runs recorded before the priority traffic existed have no such figure.
    const given = r.tabFigures.flatMap((t) => (t.priority === null || t.priority === undefined ? [] : [t.priority]));
    if (given.length > 0) {
      const worst = given.reduce((a, b) => (b.shown / Math.max(1, b.sent) < a.shown / Math.max(1, a.sent) ? b : a));
      checks.push({
        what: `the viewer's own, mentioning and staff messages given to each tab in view, worst tab (${at})`,
        figure: `${worst.shown} of ${worst.sent}`,
        target: '100 %',
        met: worst.sent > 0 ? given.every((g) => g.shown === g.sent) : null,
        value: worst.shown / Math.max(1, worst.sent),
      });
    }
  }
  const slowed = runs.find((r) => r.chatSpeed !== undefined && r.variant === 'product' && r.tabs === 1);
  const every = slowed === undefined ? undefined : find('product', slowed.rate, 1, false);
  if (slowed !== undefined && every !== undefined) {
    const [sa, ss] = [summary(every), summary(slowed)];
    checks.push({
      what: `main-thread time, every message / chat at most ${slowed.chatSpeed} a second (${fmt(slowed.rate, 0)}/s, 1 tab): the worker sends a slowed tab fewer rows (issue 37)`,
      figure: `${fmt(sa.busyMs / ss.busyMs)}x (${fmt(sa.busyMs, 0)} vs ${fmt(ss.busyMs, 0)} ms; CPU time ${fmt(sa.cpuMs / ss.cpuMs)}x)`,
      target: '> 1x',
      met: sa.busyMs > ss.busyMs,
    });
  }
  for (const rate of TARGETS.updateCostRates) {
    const r = find('product', rate, 1, false);
    const tab = r?.tabFigures[0];
    if (r === undefined || tab === undefined) continue;
    const paused = find('product', rate, 1, false, true)?.tabFigures[0];
    checks.push({
      what: `cost of one chat update, applied and painted, p95 (${fmt(rate, 0)}/s, 1 tab)`,
      figure: `${fmt(tab.updateCostP95Ms, 2)} ms (p50 ${fmt(tab.updateCostP50Ms, 2)} ms, ${tab.updates} updates${updateMakeup(tab)})${r.updateFloor ? `; the page's floor, one character changed and painted: p95 ${fmt(r.updateFloor.p95Ms, 2)} ms (p50 ${fmt(r.updateFloor.p50Ms, 2)} ms, ${r.updateFloor.count})` : ''}${paused === undefined || paused.updates === 0 ? '' : `; with the player paused: p95 ${fmt(paused.updateCostP95Ms, 2)} ms (p50 ${fmt(paused.updateCostP50Ms, 2)} ms)`}`,
      // Beside the judged figure (the traced twin's, next row): wall time counts the machine and other tasks.
      target: `<= ${TARGETS.updateCostP95Ms} ms (reported; judged on the trace below)`,
      met: null,
    });
    const twin = traced.find((t) => t.rate === rate);
    if (twin !== undefined) checks.push(tracedCheck(twin));
  }
  for (const tabs of [1, 4]) {
    for (const hidden of [false, true]) {
      const p = find('product', TARGETS.baselineRate, tabs, hidden);
      const b = find('baseline', TARGETS.baselineRate, tabs, false);
      if (p === undefined || b === undefined) continue;
      const ratio = summary(b).busyMs / summary(p).busyMs;
      const cpuRatio = summary(b).cpuMs / summary(p).cpuMs;
      checks.push({
        what: `main-thread time, baseline / product (${fmt(TARGETS.baselineRate, 0)}/s, ${runLabel(p)}, all tabs)`,
        figure: `${fmt(ratio)}x (${fmt(summary(b).busyMs, 0)} vs ${fmt(summary(p).busyMs, 0)} ms; CPU time ${fmt(cpuRatio)}x)`,
        target: `>= ${TARGETS.baselineRatio}x`,
        met: ratio >= TARGETS.baselineRatio,
        value: ratio,
      });
      const quiet = hidden ? undefined : find('product', TARGETS.baselineRate, tabs, false, true);
      if (quiet !== undefined) {
        const [sb, sq] = [summary(b), summary(quiet)];
        const quietRatio = sb.busyMs / sq.busyMs;
        checks.push({
          what: `the same with the product's video paused (hls.js still loads the live stream), and what the page costs with no chat: idle busy, paused / playing / the baseline's (${fmt(TARGETS.baselineRate, 0)}/s, ${runLabel(quiet)}, all tabs)`,
          figure: `${fmt(quietRatio)}x (${fmt(sb.busyMs, 0)} vs ${fmt(sq.busyMs, 0)} ms; CPU time ${fmt(sb.cpuMs / sq.cpuMs)}x); idle ${fmt(sq.idleBusyPct)} / ${fmt(summary(p).idleBusyPct)} / ${fmt(sb.idleBusyPct)} %`,
          target: `>= ${TARGETS.baselineRatio}x`,
          met: quietRatio >= TARGETS.baselineRatio,
          value: quietRatio,
        });
      }
      const chatRatio = summary(b).chatMs / summary(p).chatMs;
      checks.push({
        what: `the chat's own main-thread time (less the idle page: the product's player), baseline / product (${fmt(TARGETS.baselineRate, 0)}/s, ${runLabel(p)}, all tabs)`,
        figure: `${fmt(chatRatio)}x (${fmt(summary(b).chatMs, 0)} vs ${fmt(summary(p).chatMs, 0)} ms)`,
        target: `>= ${TARGETS.baselineRatio}x`,
        met: chatRatio >= TARGETS.baselineRatio,
        value: chatRatio,
      });
    }
  }
  // The batched twin (issue 34 item 5): a careful main-thread client; the product should
  // spend less main-thread time than it.
  for (const rate of [TARGETS.baselineRate, TARGETS.rate]) {
    const p = find('product', rate, 1, false);
    const b = find('batched', rate, 1, false);
    if (p === undefined || b === undefined) continue;
    const [sb, sp] = [summary(b), summary(p)];
    const ratio = sb.busyMs / sp.busyMs;
    checks.push({
      what: `main-thread time, batched baseline (${BATCHED_TWIN.batchMs} ms batches, ${BATCHED_TWIN.keep} rows) / product (${fmt(rate, 0)}/s, 1 tab)`,
      figure: `${fmt(ratio)}x (${fmt(sb.busyMs, 0)} vs ${fmt(sp.busyMs, 0)} ms; CPU time ${fmt(sb.cpuMs / sp.cpuMs)}x; p95 to paint ${fmt(sb.paintP95, 0)} vs ${fmt(sp.paintP95, 0)} ms)`,
      target: '> 1x',
      met: ratio > 1,
      value: ratio,
    });
  }
  // An honest baseline loads what the product loads (issue 34 item 5 reported failed emoji loads).
  for (const variant of ['baseline', 'batched'] as const) {
    const theirs = runs.filter((r) => r.variant === variant && r.failedLoads !== undefined);
    if (theirs.length === 0) continue;
    const failed = theirs.flatMap((r) => r.failedLoads ?? []);
    checks.push({ what: `the ${variant} pages' failed loads, every run`, figure: failed.length === 0 ? '0' : `${failed.length}: ${[...new Set(failed)].slice(0, 3).join(', ')}`, target: '0', met: failed.length === 0, value: failed.length });
  }
  return checks;
}

/** The runs of repeat `k` of the repeated target cases, with every run that is not repeated. */
const runsOfRepeat = (runs: readonly RunFigures[], k: number): RunFigures[] => runs.filter((r) => r.repeat === undefined || r.repeat === k);

/**
 * The targets judged on the median of the repeated runs (issue 34 item 2): each target is
 * checked in every repeat, and the repeat whose figure is the median stands, the others'
 * figures said beside it.
 */
export function judgedTargets(runs: readonly RunFigures[], traced: readonly TracedUpdates[] = []): TargetCheck[] {
  const repeats = 1 + runs.reduce((m, r) => Math.max(m, r.repeat ?? 0), 0);
  if (repeats === 1) return checkTargets(runs, traced);
  const sets = Array.from({ length: repeats }, (_, k) => checkTargets(runsOfRepeat(runs, k), traced));
  return sets[0]!.map((first) => {
    const same = sets.map((set) => set.find((c) => c.what === first.what)).filter((c): c is TargetCheck => c !== undefined);
    if (same.length < 2 || same.some((c) => c.value === undefined || !Number.isFinite(c.value))) return first;
    const sorted = [...same].sort((a, b) => a.value! - b.value!);
    const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
    return { ...median, figure: `${median.figure}; median of ${same.length} runs: ${same.map((c) => fmt(c.value!, 2)).join(', ')}` };
  });
}

function tables(result: MacroResult): string {
  const lines: string[] = [];
  const { runs } = result;
  lines.push(
    '| rate/s | tabs | variant | sent | idle busy / CPU % per tab (mean) | busy % per tab (mean, worst tab) | CPU % per tab (mean, worst tab) | busiest second % | main-thread ms (all tabs) | baseline / product | long tasks (longest ms) | frames over 50 ms (longest ms) | rows timed | latency p50 / p95 / p99 ms | p50 first / last quarter ms | heap growth MB (worst tab) | sockets |',
    '|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  );
  for (const r of runs) {
    const s = summary(r);
    const twin = twinOf(runs, r);
    const ratio = twin === undefined ? '' : `${fmt(summary(twin).busyMs / s.busyMs)}x`;
    lines.push(
      `| ${fmt(r.rate, 0)} | ${repeatLabel(r)} | ${r.variant} | ${fmt(r.sent, 0)} | ${fmt(s.idleBusyPct)} / ${fmt(s.idleCpuPct)} | ${fmt(s.busyMeanPct)}, ${fmt(s.busyWorstPct)} | ${fmt(s.cpuMeanPct)}, ${fmt(s.cpuWorstPct)} | ${fmt(s.busyMaxSecondPct)} | ${fmt(s.busyMs, 0)} | ${ratio} | ${s.longTasks} (${fmt(s.longestTaskMs, 0)}) | ${fmt(s.longFrames, 0)} (${fmt(s.longestFrameMs, 0)}) | ${fmt(s.rowsTimed, 0)} | ${fmt(s.p50, 0)} / ${fmt(s.p95, 0)} / ${fmt(s.p99, 0)} | ${fmt(s.firstQuarterP50, 0)} / ${fmt(s.lastQuarterP50, 0)} | ${fmt(s.heapGrowthMB, 2)} | ${r.socketsOpenMax} |`,
    );
  }
  return lines.join('\n');
}

/** Where the machine's CPU went in each run, % of one core over the run's window. */
function cpuTable(runs: readonly RunFigures[]): string {
  const pct = (ms: number | undefined, r: RunFigures): string => (ms === undefined ? 'n/a' : fmt((100 * ms) / r.windowMs));
  const lines = [
    '| rate/s | tabs | variant | server frame counter / (sent x sockets): 2 = all written | sockets closed (reconnects) | server | SharedWorker (GC) | SharedWorker heap before / after MB | Chromium renderers (tabs and worker) | Chromium GPU process | Chromium browser + network | failed loads | load average (1 min) |',
    '|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of runs) {
    const c = r.browserCpuMs;
    const rest = Object.entries(c)
      .filter(([type]) => type !== 'renderer' && type !== 'gpu-process')
      .reduce((a, [, ms]) => a + ms, 0);
    const worker = r.worker === null ? 'n/a' : `${pct(r.worker.busyMs, r)} (${pct(r.worker.gcMs, r)})`;
    const written = r.framesSent === undefined ? 'n/a' : fmt(r.framesSent / (r.sent * Math.max(1, r.socketsOpenMax)), 3);
    const heap = r.worker === null || r.worker.heapBeforeMB === undefined ? 'n/a' : `${fmt(r.worker.heapBeforeMB, 2)} / ${fmt(r.worker.heapAfterMB ?? NaN, 2)}`;
    lines.push(`| ${fmt(r.rate, 0)} | ${repeatLabel(r)} | ${r.variant} | ${written} | ${r.socketsClosed ?? 'n/a'} | ${fmt(r.serverCpuPct)} | ${worker} | ${heap} | ${pct(c.renderer, r)} | ${pct(c['gpu-process'], r)} | ${pct(rest, r)} | ${r.failedLoads?.length ?? 'n/a'} | ${fmt(r.loadAverage, 2)} |`);
  }
  return lines.join('\n');
}

function targetTable(checks: readonly TargetCheck[]): string {
  return ['| target | figure | wanted | |', '|---|---:|---:|---|', ...checks.map((c) => `| ${c.what} | ${c.figure} | ${c.target} | ${mark(c.met)} |`)].join('\n');
}

function chartSeries(runs: readonly RunFigures[]): ChartSeries[] {
  const series: ChartSeries[] = [];
  const colours: Record<Variant, string> = { product: '#1f77b4', baseline: '#d62728', batched: '#ff7f0e' };
  for (const variant of ['product', 'baseline', 'batched'] as const) {
    for (const [tabs, hidden, dashed] of [
      [1, false, false],
      [4, false, true],
      [4, true, true],
    ] as const) {
      const points = runs
        .filter((r) => r.variant === variant && r.tabs === tabs && r.hidden === hidden && r.pausePlayers !== true && r.chatSpeed === undefined && (r.repeat ?? 0) === 0)
        .map((r) => {
          const s = summary(r);
          return [r.rate, s.busyMeanPct, s.p95] as const;
        })
        .sort((a, b) => a[0] - b[0]);
      if (points.length === 0) continue;
      const colour = hidden ? (variant === 'product' ? '#17becf' : '#ff9896') : colours[variant];
      series.push({ label: `${variant}, ${runLabel({ variant, rate: 0, seconds: 0, tabs, hidden })}`, colour, dashed, points });
    }
  }
  return series;
}

const blockingText = (f: BlockingFrame): string =>
  `${f.blockingMs} ms blocking in a ${f.durationMs} ms frame (rendering ${f.renderMs} ms)${f.scripts.length === 0 ? ', no script' : `: ${f.scripts.join('; ')}`}`;

/** What the product's long tasks were (the frames they blocked, from the Long Animation Frames API); none: nothing. */
function longTaskLines(runs: readonly RunFigures[]): string[] {
  const lines: string[] = [];
  for (const r of runs) {
    if (r.variant !== 'product') continue;
    r.tabFigures.forEach((t, i) => {
      for (const f of t.blockingFrames ?? []) lines.push(`- ${fmt(r.rate, 0)}/s, ${runLabel(r)}, tab ${i + 1} (${t.visibility}): ${blockingText(f)}`);
    });
  }
  if (lines.length === 0) return [];
  return ["What the product's long tasks were (the frames they blocked, Long Animation Frames API; the longest three scripts of each):", '', ...lines, ''];
}

/**
 * The machine's speed as this page sees it, beside the figures (issue 34 item 2): the page's
 * floor (the smallest update the product's page can make, applied and painted, median of the
 * runs') and the row floor (the browser's own cost of one new row, from the traced twins).
 */
function machineSpeed(result: MacroResult): string {
  const floors = result.runs.flatMap((r) => (r.updateFloor === null || r.updateFloor === undefined ? [] : [r.updateFloor]));
  const page = floors.length === 0 ? 'not measured' : `p50 ${fmt(quantile(floors.map((f) => f.p50Ms), 0.5), 2)} / p95 ${fmt(quantile(floors.map((f) => f.p95Ms), 0.5), 2)} ms (median over ${floors.length} runs)`;
  const rows = (result.tracedUpdates ?? []).flatMap((t) => (t.rowFloor === undefined || t.rowFloor.count === 0 ? [] : [`${fmt(t.rate, 0)}/s: CPU p50 ${fmt(t.rowFloor.cpuP50Ms, 2)} / p95 ${fmt(t.rowFloor.cpuP95Ms, 2)} ms`]));
  const repeats = 1 + result.runs.reduce((m, r) => Math.max(m, r.repeat ?? 0), 0);
  return `The machine's speed beside the figures: the page's floor (one character changed and painted in the product's page) ${page}; the row floor (a new row with no store or React work, traced) ${rows.length === 0 ? 'not measured' : rows.join(', ')}. ${repeats > 1 ? `Each target case ran ${repeats} times, spread over the run; the targets judge the median run's figure (the others beside it).` : 'Each case ran once.'}`;
}

function docsBody(result: MacroResult, chartName: string): string {
  const m = result.machine;
  const st = result.settings;
  const idle = result.runs.map((r) => summary(r).idleFrameMs).filter(Number.isFinite);
  return [
    `Machine: ${describeMachine(m)}; ${m.chromium}. Run ${result.date}; 1-minute load average ${fmt(result.loadAverage.before, 2)} before, ${fmt(result.loadAverage.after, 2)} after.`,
    '',
    machineSpeed(result),
    '',
    `\`npm run bench -- macro\` (bench/macro, see bench/README.md): Debian's Chromium (headless, \`--disable-gpu\`: software compositing; Playwright) against the benchmark's own reference server; the server's burst (\`POST /admin/v1/rooms/10001/burst\`) sends ${st.rates.map((r) => fmt(r, 0)).join(', ')} chat messages a second for ${st.seconds} s each, every message stamped with its \`sendTime\`. The **product** is the built client (guest login, video page at 1280x900, the SharedWorker's one socket); the **baseline** is the same ChatList/ChatMessage rows fed the common way (bench/macro/baseline: a socket per tab on the main thread, decode, toChatEntry and filter there, one React state update per message; both ask the server for batched messages, docs/protocol.md 5.2, so they get the same wire and React applies the state updates of one message together). The room's splash advert is marked seen (it would cover the chat for 5 s). The product's video page also plays the room's live stream (the player, hls.js), which the baseline page does not: its cost is in the product's figures; "idle" is the second before each burst, with no chat. The 1-tab product run at ${fmt(TARGETS.baselineRate, 0)}/s is repeated with the player paused before the idle second ("player paused"): the same chat without the video, to show what the player holds of the 10x target. An update's cost is split into its own task (the store, React's render and commit) and its frame (style, layout, paint, commit); "new rows each" is the rows timed over the updates measured. Each update-cost run has a traced twin (bench/macro/tracedUpdates.ts): one more tab at the same rate for up to 10 s under a Chromium trace, whose updates and floor are read from the trace as the update's task and the next main frame, in wall time and in the main thread's CPU time (\`tdur\`: less the time the thread waited for a core), without the other tasks between them that the Performance API measure counts; after the burst it also appends a copy of the tail's newest row (its text made new) with no store or React work around it, read the same way: the browser's own cost of one new row of this page. The tabs of a run are one viewer: one browser context; the last tab opened is brought to the front. Headless Chromium reports every tab visible, but it gives display-rate frames only to the tab in front: the product's tabs behind it got about one frame a second (the baseline's more, they have no video element), so in the "4 tabs" runs those tabs apply the worker's updates at that pace (the product waits for a frame before taking the next update). ${st.hidden ? '"3 hidden": the three tabs behind the front one report `document.visibilityState = hidden` and fire `visibilitychange` (emulated in the page: CDP has no switch that hides a headless tab), so the product\'s worker sends them one update per 250 ms; this is the realistic case of a viewer with one tab in view. The baseline has no notion of visibility, so the product\'s "3 hidden" runs are compared with its all-visible run.' : ''}`,
    '',
    `How it is measured: busy = CDP \`Performance.getMetrics\` TaskDuration (wall time, the default \`timeDomain\`) per second of the burst, mean of the seconds per tab ("mean" of the tabs, "worst tab"); CPU = the same with \`timeDomain: threadTicks\` (the main thread's CPU time: on a loaded machine wall time also counts the time a runnable task waited for a core); main-thread ms = wall TaskDuration over the burst and a 1.5 s drain, summed over the tabs ("baseline / product" = the baseline twin's / the product's); the targets are judged on wall time; long tasks from a 'longtask' PerformanceObserver; frames over 50 ms from the Long Animation Frames API (\`long-animation-frame\` entries; a frame's duration runs from the first task that needed it to its end, so in a tab behind the front one, which gets about one frame a second, it includes that wait); the probe's requestAnimationFrame loop runs only in a half-second display-rate check before the idle second (its interval: ${idle.length === 0 ? 'n/a' : `${fmt(Math.min(...idle), 2)} to ${fmt(Math.max(...idle), 2)} ms`}: rAF runs at display rate in this headless mode when the machine keeps up), never while main-thread time is measured: it makes a page render every vsync, which neither page does by itself, and a frame of the product's video page costs more than one of the baseline's bare list (idle, the loop added 2.1 % of a core to the baseline's page and 2 to 4 % to the product's: bench/README.md); latency = the time a row with a new message id entered the DOM (MutationObserver; painted in the next frame) minus its \`data-send-time\`, for the rows the virtualised list actually rendered ("rows timed"), worst tab, and its p50 over the first and the last quarter of the burst (growing: a backlog); heap = \`Runtime.getHeapUsage\` after a forced GC, before and after the run, worst tab; sockets = the largest \`webcast_sockets_open\` during the burst; server CPU = utime + stime of the server process over the run; SharedWorker = its V8 sampling profile (non-idle samples); Chromium's processes from /proc by process type.`,
    '',
    '### Targets (issue 6, item 5; issue 34)',
    '',
    targetTable(result.targets),
    '',
    ...longTaskLines(result.runs),
    '### Every run',
    '',
    tables(result),
    '',
    '### Where the CPU went (% of one core over each run; the machine has ' + String(m.cores) + ')',
    '',
    cpuTable(result.runs),
    '',
    `![main-thread busy and p95 latency against message rate](${chartName})`,
    '',
    `Figures of every tab and every second: \`bench/results/${result.date}-macro.json\`.`,
  ].join('\n');
}

/** Writes the docs section and the chart of a result (from a run, or a results file). */
export function writeReport(result: MacroResult, log: (line: string) => void): void {
  const chartName = 'benchmarks-macro.svg';
  fs.writeFileSync(CHART_FILE, macroChart(chartSeries(result.runs), result.settings.rates, `Chat burst in Chromium: product (SharedWorker) vs main-thread baseline, ${result.settings.seconds} s per rate`));
  log(`wrote ${writeDocsSection(SECTION, docsBody(result, chartName))} and ${CHART_FILE}`);
}

/**
 * The runs whose figures the targets judge: 20,000/s with 4 tabs (all visible and 3 hidden),
 * and 1 tab at 5,000/s (the ratio to the baselines) and 20,000/s (the batched twin's).
 */
function isTargetCase(p: RunPlan): boolean {
  if (p.chatSpeed !== undefined || p.pausePlayers === true) return false;
  if (p.rate === TARGETS.rate && p.tabs === TARGETS.tabs) return p.variant === 'product';
  if (p.tabs !== 1 || p.hidden) return false;
  return p.rate === TARGETS.baselineRate || (p.rate === TARGETS.rate && p.variant !== 'baseline');
}

export async function run(options: MacroOptions): Promise<MacroResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const smoke = options.smoke;
  // BENCH_MACRO_FROM=<results json>: re-renders the docs and the chart from a past run.
  const from = process.env.BENCH_MACRO_FROM;
  if (!smoke && from !== undefined && from !== '') {
    const past = JSON.parse(fs.readFileSync(from, 'utf8')) as MacroResult;
    const result = { ...past, targets: judgedTargets(past.runs, past.tracedUpdates ?? []) };
    log(targetTable(result.targets));
    writeReport(result, log);
    return result;
  }
  const rates = options.rates ?? (smoke ? [50] : list('BENCH_MACRO_RATES', [10, 1000, 5000, 10000, 20000]));
  const seconds = options.seconds ?? (smoke ? 1 : (list('BENCH_MACRO_SECONDS', [20])[0] ?? 20));
  const pauses = smoke ? { settleMs: 500, idleMs: 500, drainMs: 500 } : undefined;
  const tabs = options.tabs ?? (smoke ? [1] : list('BENCH_MACRO_TABS', [1, 4]));
  const variants =
    options.variants ??
    ((process.env.BENCH_MACRO_VARIANTS ?? 'product,baseline,batched')
      .split(',')
      .map((v) => v.trim())
      .filter((v): v is Variant => v === 'product' || v === 'baseline' || v === 'batched'));
  const repeats = smoke ? 1 : (list('BENCH_MACRO_REPEATS', [TARGET_REPEATS])[0] ?? TARGET_REPEATS);
  const hidden = options.hidden ?? (!smoke && process.env.BENCH_MACRO_HIDDEN !== '0');
  // The players paused: what the product's tabs cost without the video, to set the player's
  // share apart. An investigation, never the report: nothing is written.
  const pausePlayers = !smoke && process.env.BENCH_MACRO_PAUSE_PLAYERS === '1';
  const write = !pausePlayers && (options.write ?? (!smoke && process.env.BENCH_MACRO_WRITE !== '0'));
  if (pausePlayers) log('BENCH_MACRO_PAUSE_PLAYERS=1: the product\'s players are paused; nothing is written');
  const loadBefore = (await import('node:os')).loadavg()[0] ?? NaN;

  const clientDir = buildClient(log, { baseline: true });
  const server = await startBenchServer(clientDir);
  let browser: Browser | null = null;
  const runs: RunFigures[] = [];
  const traced: TracedUpdates[] = [];
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const plans: RunPlan[] = [];
    for (const rate of rates) {
      for (const t of tabs) {
        // The priority messages only where their target is read: typing in the composer and
        // the staff's messages cost the product's tab, which the baseline twin does not pay.
        const priority = rate === TARGETS.rate;
        for (const variant of variants) plans.push({ variant, rate, seconds, tabs: t, hidden: false, pauses, pausePlayers, priority: priority && variant === 'product' });
        // The baseline has no notion of visibility: its hidden run would repeat the visible one.
        if (t > 1 && hidden && variants.includes('product')) plans.push({ variant: 'product', rate, seconds, tabs: t, hidden: true, pauses, pausePlayers, priority });
        // The 10x target's run again with the player paused: what the video holds of it.
        if (!smoke && !pausePlayers && t === 1 && rate === TARGETS.baselineRate && variants.includes('product')) plans.push({ variant: 'product', rate, seconds, tabs: t, hidden: false, pauses, pausePlayers: true });
        // The busiest rate's run again with the viewer's chat slowed to 5 a second: what a slow setting saves the tab.
        if (!smoke && t === 1 && rate === Math.max(...rates) && variants.includes('product')) plans.push({ variant: 'product', rate, seconds, tabs: t, hidden: false, pauses, pausePlayers, chatSpeed: 5 });
      }
    }
    // The target cases again, after every other run (spread over the run's time, side by
    // side with the rest): their median is judged.
    const targetCases = plans.filter(isTargetCase);
    for (const p of targetCases) Object.assign(p, { repeat: 0 });
    for (let k = 1; k < repeats; k++) for (const p of targetCases) plans.push({ ...p, repeat: k });
    log(`${plans.length} runs of ${seconds} s against ${server.url}`);
    for (const plan of plans) {
      const started = Date.now();
      const figures = await measureRun(browser, server, plan, log);
      runs.push(figures);
      const s = summary(figures);
      log(
        `${plan.variant.padEnd(8)} ${String(plan.rate).padStart(6)}/s ${repeatLabel(plan).padEnd(16)} busy ${fmt(s.busyMeanPct)} % (worst ${fmt(s.busyWorstPct)}; CPU ${fmt(s.cpuMeanPct)} %), ${fmt(s.busyMs, 0)} ms, long tasks ${s.longTasks} (${fmt(s.longestTaskMs, 0)} ms), p95 ${fmt(s.p95, 0)} ms (to paint ${fmt(s.paintP95, 0)}), rows ${s.rowsTimed}, heap +${fmt(s.heapGrowthMB, 2)} MB, sockets ${figures.socketsOpenMax} (closed ${figures.socketsClosed ?? 'n/a'}), failed loads ${figures.failedLoads?.length ?? 'n/a'}, server ${fmt(figures.serverCpuPct)} %, worker ${figures.worker === null ? 'n/a' : `${fmt(figures.worker.busyMs, 0)} ms, heap ${fmt(figures.worker.heapBeforeMB ?? NaN, 2)} -> ${fmt(figures.worker.heapAfterMB ?? NaN, 2)} MB`}, chromium CPU ms ${JSON.stringify(figures.browserCpuMs)}, load ${fmt(figures.loadAverage, 2)} [${((Date.now() - started) / 1000).toFixed(0)} s]`,
      );
      log(
        `  per tab: ${figures.tabFigures.map((t, i) => `#${i + 1} ${t.visibility} p95 ${fmt(t.latencyP95Ms, 0)} ms, frames over 50 ms ${fmt(t.longFrames ?? NaN, 0)}, store lag ${t.storeLagMs.length === 0 ? 'n/a' : `max ${fmt(Math.max(...t.storeLagMs), 0)} ms`}${t.shownToCurrentMs === undefined ? '' : `, shown again: current after ${t.shownToCurrentMs === null ? 'more than 3 s' : `${fmt(t.shownToCurrentMs, 0)} ms`}`}, update cost ${t.updates === 0 ? 'n/a' : `p50 ${fmt(t.updateCostP50Ms, 2)} / p95 ${fmt(t.updateCostP95Ms, 2)} ms (${t.updates})`}${t.priority === null || t.priority === undefined ? '' : `, own/mention/staff given ${t.priority.shown}/${t.priority.sent}`}${(t.blockingFrames ?? []).length === 0 ? '' : `, long frames: ${(t.blockingFrames ?? []).map(blockingText).join(' | ')}`}`).join('; ')}${figures.updateFloor ? `; update floor p50 ${fmt(figures.updateFloor.p50Ms, 2)} / p95 ${fmt(figures.updateFloor.p95Ms, 2)} ms` : ''}`,
      );
    }
    // The update-cost runs' traced twins (a smoke run: its own rate, so the path never rots).
    const twinsRun = variants.includes('product') && tabs.includes(1) && !pausePlayers;
    const twinRates = smoke ? rates : TARGETS.updateCostRates.filter((r) => rates.includes(r));
    const tracedRates = twinsRun ? twinRates : [];
    for (const rate of tracedRates) {
      const started = Date.now();
      const t = await measureTracedUpdates(browser, server, rate, smoke ? 1 : Math.min(seconds, 10), smoke ? 5 : undefined);
      traced.push(t);
      log(
        `traced   ${String(rate).padStart(6)}/s 1 tab            update CPU p50 ${fmt(t.updates.cpuP50Ms, 2)} / p95 ${fmt(t.updates.cpuP95Ms, 2)} ms, wall p95 ${fmt(t.updates.wallP95Ms, 2)} ms (${t.updates.count}); floor CPU p50 ${fmt(t.floor.cpuP50Ms, 2)} / p95 ${fmt(t.floor.cpuP95Ms, 2)} ms (${t.floor.count}); row floor CPU p50 ${fmt(t.rowFloor?.cpuP50Ms ?? NaN, 2)} / p95 ${fmt(t.rowFloor?.cpuP95Ms ?? NaN, 2)} ms (${t.rowFloor?.count ?? 0}) [${((Date.now() - started) / 1000).toFixed(0)} s]`,
      );
    }
  } finally {
    await browser?.close();
    await server.stop();
    fs.rmSync(clientDir, { recursive: true, force: true });
  }
  const date = new Date().toISOString().slice(0, 10);
  const result: MacroResult = {
    benchmark: 'macro',
    date,
    machine: { ...machineFacts(), chromium: chromiumVersion() },
    settings: { rates, seconds, tabs, variants, hidden },
    loadAverage: { before: loadBefore, after: (await import('node:os')).loadavg()[0] ?? NaN },
    runs,
    tracedUpdates: traced,
    targets: judgedTargets(runs, traced),
  };
  log('');
  log(targetTable(result.targets));
  log('');
  log(tables(result));
  log('');
  log(cpuTable(result.runs));
  if (write) {
    log(`\nwrote ${writeResults('macro', result)}`);
    writeReport(result, log);
  }
  return result;
}
