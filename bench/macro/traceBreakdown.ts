/**
 * Where one tab's main-thread time goes under a burst, by trace event (what the profiler's
 * "(program)" hides: paint, style, layout, commit, message deserialization). Not part of
 * `npm run bench`:
 *
 *   npx tsx bench/macro/traceBreakdown.ts [product|baseline] [rate=5000] [seconds=5]
 *
 * PROFILE_PAUSE_VIDEO=1 pauses the product's player first. Prints, for the renderer's main
 * thread over the burst, the self time of each event name (an event's duration minus its
 * children's), largest first; for the product, also each chat update's cost as the trace
 * has it (its task and the next main frame, traceEvents.ts) beside the benchmark's own
 * Performance API figure, the same in the main thread's CPU time (the events' `tdur`: what
 * is left when the time the thread waited for a core is taken out), where that frame's time goes against the page's other frames, and
 * what the compositor thread does while the main thread waits in the frame's commit.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from './index';
import { quantile, ROOM } from './measure';
import { buildClient, startBenchServer } from '../../harness/serverProcess';
import { openOneTab, variantArg } from './oneTab';
import { eventsWithin, selfTimes, updatesInTrace, type TraceEvent } from './traceEvents';
import { UPDATE_MARK, updateTotal, type UpdateCost } from '../../src/diagnostics/updateCost';

const variant = variantArg(process.argv[2]);
const rate = Number(process.argv[3] ?? 5000);
const seconds = Number(process.argv[4] ?? 5);

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const clientDir = buildClient(console.log, { minify: true, baseline: true });
const server = await startBenchServer(clientDir);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const traceFile = path.join(os.tmpdir(), `webcast-trace-${process.pid}.json`);
try {
  const { context, page } = await openOneTab(browser, server, variant, { measureUpdates: true });
  await browser.startTracing(page, { path: traceFile, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'cc', 'v8', 'toplevel', 'blink.user_timing'] });
  await server.admin(`/admin/v1/rooms/${ROOM}/burst`, { rate, seconds });
  await sleep(seconds * 1000);
  await browser.stopTracing();
  const trace = JSON.parse(fs.readFileSync(traceFile, 'utf8')) as { traceEvents: TraceEvent[] };
  const events = trace.traceEvents;
  const threadNames = new Map(events.filter((e) => e.ph === 'M' && e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args?.name ?? '']));
  const mains = [...threadNames.entries()].filter(([, n]) => n === 'CrRendererMain').map(([k]) => k);
  // The tab's main thread is the renderer main thread with the most events.
  const counts = mains.map((k) => [k, events.filter((e) => `${e.pid}:${e.tid}` === k).length] as const).sort((a, b) => b[1] - a[1]);
  const main = counts[0]?.[0];
  const onMain = events.filter((e) => `${e.pid}:${e.tid}` === main);
  const self = selfTimes(onMain);
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  console.log(`${variant}, ${rate}/s for ${seconds} s${process.env.PROFILE_PAUSE_VIDEO === '1' ? ', video paused' : ''}: main thread ${total.toFixed(0)} ms of trace events`);
  for (const [name, ms] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 35)) console.log(`  ${ms.toFixed(1).padStart(8)} ms  ${name}`);
  // Script entry points: which callbacks the JavaScript time starts from.
  const calls = new Map<string, { ms: number; count: number }>();
  for (const e of onMain) {
    if (e.ph !== 'X' || (e.name !== 'FunctionCall' && e.name !== 'EventDispatch' && e.name !== 'TimerFire' && e.name !== 'FireAnimationFrame')) continue;
    const d = e.args?.data;
    const key = `${e.name} ${d?.type ?? ''} ${d?.functionName ?? ''} ${(d?.url ?? '').split('/').pop() ?? ''}`.replace(/\s+/g, ' ');
    const c = calls.get(key) ?? { ms: 0, count: 0 };
    c.ms += (e.dur ?? 0) / 1000;
    c.count++;
    calls.set(key, c);
  }
  console.log('  entry points (inclusive ms, count):');
  for (const [key, c] of [...calls.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 20)) console.log(`  ${c.ms.toFixed(1).padStart(8)} ms ${String(c.count).padStart(6)}  ${key}`);
  if (variant === 'product') {
    const measured = ((await page.evaluate('Array.isArray(globalThis.__webcastUpdateCosts) ? globalThis.__webcastUpdateCosts.slice() : []')) as UpdateCost[]).map(updateTotal);
    printUpdates(events, onMain, main!, threadNames, measured);
  }
  await context.close();
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(clientDir, { recursive: true, force: true });
  fs.rmSync(traceFile, { force: true });
}

// Function declarations: the script above runs before this point is reached.
function ms(e: TraceEvent): number {
  return (e.dur ?? 0) / 1000;
}

function cpu(e: TraceEvent): number {
  return (e.tdur ?? 0) / 1000;
}

function figures(values: readonly number[]): string {
  return `p50 ${quantile(values, 0.5).toFixed(2)} / p95 ${quantile(values, 0.95).toFixed(2)} ms`;
}

function printSelfTimes(title: string, events: readonly TraceEvent[], per: number): void {
  console.log(`  ${title}, mean self ms each:`);
  for (const [name, total] of [...selfTimes(events).entries()].sort((a, b) => b[1] - a[1]).slice(0, 14)) console.log(`  ${(total / per).toFixed(3).padStart(8)}  ${name}`);
}

function printUpdates(events: readonly TraceEvent[], onMain: readonly TraceEvent[], main: string, threadNames: ReadonlyMap<string, string>, measured: readonly number[]): void {
  const marks = events.filter((e) => e.name === UPDATE_MARK).map((e) => e.ts);
  const updates = updatesInTrace(onMain, marks);
  if (updates.length === 0) return;
  console.log(`  chat updates: ${marks.length} marked, ${updates.length} found with their frame`);
  console.log(`    the benchmark's measure (Performance API): ${figures(measured)}`);
  console.log(`    the trace's: task + next main frame ${figures(updates.map((u) => ms(u.task) + ms(u.frame)))}; task ${figures(updates.map((u) => ms(u.task)))}; frame ${figures(updates.map((u) => ms(u.frame)))}`);
  console.log(`    the same in the main thread's CPU time (tdur): task + next main frame ${figures(updates.map((u) => cpu(u.task) + cpu(u.frame)))}; task ${figures(updates.map((u) => cpu(u.task)))}; frame ${figures(updates.map((u) => cpu(u.frame)))}`);
  const updateFrames = new Set(updates.map((u) => u.frame));
  const otherFrames = onMain.filter((e) => e.ph === 'X' && e.name === 'ProxyMain::BeginMainFrame' && !updateFrames.has(e));
  console.log(`    the page's other main frames: ${otherFrames.length}, ${figures(otherFrames.map(ms))}`);
  printSelfTimes('  in an update\'s task', eventsWithin(onMain, updates.map((u) => u.task)), updates.length);
  printSelfTimes('  in the frame after an update', eventsWithin(onMain, [...updateFrames]), updates.length);
  printSelfTimes('  in the page\'s other frames', eventsWithin(onMain, otherFrames), Math.max(1, otherFrames.length));
  // The main thread waits in commit while the compositor thread takes the frame.
  const pid = main.split(':')[0];
  const compositor = [...threadNames.entries()].find(([key, name]) => name === 'Compositor' && key.startsWith(`${pid}:`))?.[0];
  const commits = eventsWithin(onMain, [...updateFrames]).filter((e) => e.name === 'ProxyMain::BeginMainFrame::commit');
  if (compositor !== undefined) printSelfTimes('  compositor thread during those commits', eventsWithin(events.filter((e) => `${e.pid}:${e.tid}` === compositor), commits), updates.length);
}
