/**
 * Where one tab's main-thread time goes under a burst, by trace event (what the profiler's
 * "(program)" hides: paint, style, layout, commit, message deserialization). Not part of
 * `npm run bench`:
 *
 *   npx tsx bench/macro/traceBreakdown.ts [product|baseline] [rate=5000] [seconds=5]
 *
 * PROFILE_PAUSE_VIDEO=1 pauses the product's player first. Prints, for the renderer's main
 * thread over the burst, the self time of each event name (an event's duration minus its
 * children's), largest first.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from './index';
import { ROOM } from './measure';
import { buildClient, startBenchServer } from '../lib/benchServer';
import { openOneTab, variantArg } from './oneTab';

const variant = variantArg(process.argv[2]);
const rate = Number(process.argv[3] ?? 5000);
const seconds = Number(process.argv[4] ?? 5);

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  readonly ts: number;
  readonly dur?: number;
  readonly args?: { name?: string; data?: { functionName?: string; url?: string; type?: string } };
}

/** Self time per event name of complete ('X') events on one thread, in ms. */
function selfTimes(events: readonly TraceEvent[]): Map<string, number> {
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

const clientDir = buildClient(console.log, { minify: true, baseline: true });
const server = await startBenchServer(clientDir);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const traceFile = path.join(os.tmpdir(), `webcast-trace-${process.pid}.json`);
try {
  const { context, page } = await openOneTab(browser, server, variant);
  await browser.startTracing(page, { path: traceFile, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'cc', 'v8', 'toplevel'] });
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
  await context.close();
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(clientDir, { recursive: true, force: true });
  fs.rmSync(traceFile, { force: true });
}
