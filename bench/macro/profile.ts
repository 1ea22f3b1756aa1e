/**
 * Profiles one tab's main thread under a burst (what the macro benchmark's unmet targets
 * are investigated with; not part of `npm run bench`):
 *
 *   npx tsx bench/macro/profile.ts [product|baseline] [rate=20000] [seconds=5]
 *
 * PROFILE_PAUSE_VIDEO=1 pauses the product's player first, to see the chat's own costs;
 * PROFILE_OUT=file.cpuprofile keeps the V8 profile.
 *
 * Builds the client unminified, starts the benchmark's own server, opens one tab, runs the
 * burst under the V8 sampling profiler of the tab, and prints the main thread's CDP
 * metrics over the burst (task, script, layout, style durations, counts) and the functions
 * with the most self time.
 */
import fs from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from './index';
import { ROOM } from './measure';
import { buildClient, startBenchServer } from '../../harness/serverProcess';
import { openOneTab, variantArg } from './oneTab';

const variant = variantArg(process.argv[2]);
const rate = Number(process.argv[3] ?? 20000);
const seconds = Number(process.argv[4] ?? 5);

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const clientDir = buildClient(console.log, { minify: false, baseline: true });
const server = await startBenchServer(clientDir);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  const { context, page } = await openOneTab(browser, server, variant);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  const metrics = async (): Promise<Record<string, number>> => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: Number(process.env.PROFILE_INTERVAL ?? 500) });
  await cdp.send('Profiler.start');
  const before = await metrics();
  await server.admin(`/admin/v1/rooms/${ROOM}/burst`, { rate, seconds });
  await sleep(seconds * 1000);
  const after = await metrics();
  const { profile } = await cdp.send('Profiler.stop');
  // For Chromium's DevTools (Performance > load profile) or a script of one's own.
  if (process.env.PROFILE_OUT) fs.writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profile));
  console.log(`${variant}, ${rate}/s for ${seconds} s, main thread (CPU time):`);
  for (const name of ['TaskDuration', 'ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration', 'LayoutCount', 'RecalcStyleCount', 'Nodes', 'JSEventListeners']) {
    const delta = (after[name] ?? NaN) - (before[name] ?? NaN);
    console.log(`  ${name.padEnd(20)} ${name.endsWith('Duration') ? `${(delta * 1000).toFixed(0)} ms` : delta.toFixed(0)}`);
  }
  const self = new Map<string, number>();
  const names = new Map(profile.nodes.map((n) => [n.id, `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop() ?? ''}:${n.callFrame.lineNumber + 1}`]));
  const deltas = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, i) => {
    const key = names.get(id) ?? '?';
    self.set(key, (self.get(key) ?? 0) + (deltas[i + 1] ?? 0));
  });
  const byScript = new Map<string, number>();
  const urls = new Map(profile.nodes.map((n) => [n.id, n.callFrame.url === '' ? n.callFrame.functionName || '(native)' : (n.callFrame.url.split('/').pop() ?? '')]));
  (profile.samples ?? []).forEach((id, i) => {
    const key = urls.get(id) ?? '?';
    byScript.set(key, (byScript.get(key) ?? 0) + (deltas[i + 1] ?? 0));
  });
  console.log('  self time by script (native calls by name):');
  for (const [key, us] of [...byScript.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${(us / 1000).toFixed(0).padStart(6)} ms  ${key}`);
  console.log('  self time:');
  for (const [key, us] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`  ${(us / 1000).toFixed(0).padStart(6)} ms  ${key}`);
  await context.close();
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(clientDir, { recursive: true, force: true });
}
