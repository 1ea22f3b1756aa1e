/**
 * A conference day (issue 34 item 6): `npm run bench -- soak [--minutes N]` (not in
 * `npm test`, nor in a bare `npm run bench`: an hour of the machine). One viewer with 2 tabs
 * of the product's video page (one SharedWorker, one socket) in a room whose chat runs at
 * 200 messages a second, with an interaction every minute (a roll call, then a quiz, in
 * turn) and a 2,000/s burst of 10 s every 10 minutes, for 60 minutes by default.
 *
 * Every 5 minutes (every minute in a run under 15): each tab's JavaScript heap and the
 * worker's after a forced GC, each tab's DOM (elements in the document), its long tasks over
 * 50 ms since the last sample, inside a burst (from its start to 5 s after its end) or
 * outside, the sockets open at the server and those closed (reconnects).
 *
 * Targets over the run's last 45 minutes (its last three quarters when shorter), printed met
 * or not met: heap growth at most 5 MB per tab and in the worker, DOM flat (within 2 % or 50
 * elements of the window's first sample), no long task outside bursts, 1 socket and none
 * closed. Writes docs/benchmarks.md "Conference day (soak)", docs/benchmarks-soak.svg and
 * bench/results/<date>-soak.json; `--smoke` (half a minute, a sample every 10 s) writes nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { describeMachine, machineFacts, ROOT, writeDocsSection, writeResults, type BenchOptions, type MachineFacts } from '../lib/report';
import { buildClient, startBenchServer, type BenchServer } from '../../harness/serverProcess';
import { markSplashSeen } from '../../harness/splash';
import { CHROMIUM, CHROMIUM_ARGS, chromiumVersion } from '../macro/index';
import { heapMB, openProductTabs, ROOM, socketsClosed } from '../macro/measure';
import { probeScript, type ProbeFigures } from '../macro/probe';
import { openWorkerSession, type WorkerSession } from '../macro/workerCpu';

export const SECTION = 'Conference day (soak)';
const CHART_FILE = path.join(ROOT, 'docs', 'benchmarks-soak.svg');
const TABS = 2;
const CHAT_RATE = 200;
const BURST_RATE = 2000;
const BURST_SECONDS = 10;
/** Long tasks this long after a burst ends still count as the burst's. */
const BURST_TAIL_MS = 5000;
const TARGETS = { heapGrowthMB: 5, domGrowthShare: 0.02, domGrowthNodes: 50, windowMinutes: 45 } as const;

export interface SoakSample {
  /** Minutes since the run began. */
  readonly minute: number;
  readonly tabHeapMB: readonly number[];
  readonly workerHeapMB: number;
  readonly domNodes: readonly number[];
  /** Long tasks over 50 ms since the previous sample, all tabs: inside a burst, outside. */
  readonly longTasksInBursts: number;
  readonly longTasksOutside: number;
  readonly longestOutsideMs: number;
  /**
   * What the long tasks outside bursts were: the frames they blocked (Long Animation Frames
   * API), their minute and longest scripts (absent in results before 2026-12-02).
   */
  readonly outsideFrames?: readonly string[];
  readonly socketsOpen: number;
  readonly socketsClosed: number;
}

export interface SoakTarget {
  readonly what: string;
  readonly figure: string;
  readonly target: string;
  readonly met: boolean;
}

export interface SoakResult {
  readonly benchmark: 'soak';
  readonly date: string;
  readonly machine: MachineFacts & { readonly chromium: string };
  readonly minutes: number;
  readonly sampleEveryMinutes: number;
  readonly bursts: readonly { readonly atMinute: number }[];
  readonly interactions: number;
  readonly samples: readonly SoakSample[];
  readonly windowFromMinute: number;
  readonly targets: readonly SoakTarget[];
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const fmt = (n: number, digits = 1): string => (Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: digits }) : 'n/a');

interface TakenTask {
  readonly at: number;
  readonly duration: number;
  /** The frame it blocked: its length and longest scripts, when the browser told. */
  readonly frame: string | null;
}

/** The probe's long tasks since its last start, as times on this machine's clock, with the frames they blocked; the probe starts again. */
async function takeLongTasks(page: Page): Promise<TakenTask[]> {
  const { figures, origin } = (await page.evaluate(`(() => { const figures = globalThis.__macroProbe.stop(); globalThis.__macroProbe.start(); return { figures, origin: performance.timeOrigin }; })()`)) as { figures: ProbeFigures; origin: number };
  return figures.longTasks.map((t) => {
    const frame = figures.blockingFrames.find((f) => t.start >= f.start && t.start < f.start + f.durationMs);
    return { at: origin + t.start, duration: t.duration, frame: frame === undefined ? null : `${fmt(frame.blockingMs, 0)} ms blocking in a ${fmt(frame.durationMs, 0)} ms frame (rendering ${fmt(frame.renderMs, 0)} ms): ${frame.scripts.join('; ') || 'no script'}` };
  });
}

function minutesSetting(smoke: boolean): number {
  if (smoke) return 0.5;
  const raw = process.env.BENCH_SOAK_MINUTES;
  const n = raw === undefined || raw === '' ? 60 : Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--minutes must be a positive number, got "${raw}"`);
  return n;
}

/** The targets over the samples from `fromMinute` on. */
export function soakTargets(samples: readonly SoakSample[], fromMinute: number): SoakTarget[] {
  const window = samples.filter((s) => s.minute >= fromMinute);
  const first = window[0];
  const last = window.at(-1);
  if (first === undefined || last === undefined || window.length < 2) return [];
  const targets: SoakTarget[] = [];
  first.tabHeapMB.forEach((before, i) => {
    const growth = (last.tabHeapMB[i] ?? NaN) - before;
    targets.push({ what: `tab ${i + 1}: JavaScript heap growth after a forced GC`, figure: `${fmt(growth, 2)} MB (${fmt(before, 2)} -> ${fmt(last.tabHeapMB[i] ?? NaN, 2)})`, target: `<= ${TARGETS.heapGrowthMB} MB`, met: growth <= TARGETS.heapGrowthMB });
  });
  const workerGrowth = last.workerHeapMB - first.workerHeapMB;
  targets.push({ what: 'the SharedWorker: JavaScript heap growth after a forced GC', figure: `${fmt(workerGrowth, 2)} MB (${fmt(first.workerHeapMB, 2)} -> ${fmt(last.workerHeapMB, 2)})`, target: `<= ${TARGETS.heapGrowthMB} MB`, met: workerGrowth <= TARGETS.heapGrowthMB });
  first.domNodes.forEach((before, i) => {
    const most = Math.max(...window.map((s) => s.domNodes[i] ?? NaN));
    const allowed = Math.max(TARGETS.domGrowthNodes, before * TARGETS.domGrowthShare);
    targets.push({ what: `tab ${i + 1}: elements in the document`, figure: `${fmt(before, 0)} -> ${fmt(last.domNodes[i] ?? NaN, 0)} (most ${fmt(most, 0)})`, target: `flat (within ${fmt(allowed, 0)})`, met: most - before <= allowed });
  });
  const outside = window.slice(1).reduce((a, s) => a + s.longTasksOutside, 0);
  const longest = Math.max(0, ...window.slice(1).map((s) => s.longestOutsideMs));
  targets.push({ what: 'long tasks over 50 ms outside the bursts, all tabs', figure: `${outside}${outside > 0 ? ` (longest ${fmt(longest, 0)} ms)` : ''}`, target: '0', met: outside === 0 });
  const sockets = window.map((s) => s.socketsOpen);
  const closed = last.socketsClosed - first.socketsClosed;
  targets.push({ what: 'sockets open at the server at every sample; sockets closed (reconnects)', figure: `${[...new Set(sockets)].join(', ')}; ${closed} closed`, target: '1; 0', met: sockets.every((n) => n === 1) && closed === 0 });
  return targets;
}

function chart(result: SoakResult): string {
  const width = 720;
  const height = 320;
  const pad = { left: 56, right: 150, top: 28, bottom: 40 };
  const series = [...result.samples[0]!.tabHeapMB.map((_, i) => ({ name: `tab ${i + 1} heap`, values: result.samples.map((s) => s.tabHeapMB[i] ?? NaN), colour: i === 0 ? '#1f77b4' : '#2ca02c' })), { name: 'worker heap', values: result.samples.map((s) => s.workerHeapMB), colour: '#d62728' }];
  const most = Math.max(1, ...series.flatMap((s) => s.values.filter(Number.isFinite)));
  const x = (minute: number): number => pad.left + (minute / Math.max(result.minutes, 1e-9)) * (width - pad.left - pad.right);
  const y = (mb: number): number => height - pad.bottom - (mb / (most * 1.1)) * (height - pad.top - pad.bottom);
  const lines = series.map((s, k) => {
    const points = result.samples.map((sample, i) => `${x(sample.minute).toFixed(1)},${y(s.values[i] ?? 0).toFixed(1)}`).join(' ');
    return `<polyline fill="none" stroke="${s.colour}" stroke-width="2" points="${points}"/><text x="${width - pad.right + 8}" y="${pad.top + 16 * k + 4}" fill="${s.colour}" font-size="12">${s.name}</text>`;
  });
  const bursts = result.bursts.map((b) => `<rect x="${x(b.atMinute).toFixed(1)}" y="${pad.top}" width="${Math.max(2, x(b.atMinute + BURST_SECONDS / 60) - x(b.atMinute)).toFixed(1)}" height="${height - pad.top - pad.bottom}" fill="#ff7f0e" opacity="0.25"/>`);
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => `<text x="${pad.left - 6}" y="${y(most * 1.1 * f) + 4}" font-size="11" text-anchor="end">${fmt(most * 1.1 * f, 1)}</text>`);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="${pad.left}" y="18" font-size="13">Heap after a forced GC (MB) over ${fmt(result.minutes, 1)} minutes; bursts of ${BURST_RATE}/s shaded</text>`,
    ...bursts,
    `<line x1="${pad.left}" y1="${height - pad.bottom}" x2="${width - pad.right}" y2="${height - pad.bottom}" stroke="#333"/>`,
    `<line x1="${pad.left}" y1="${pad.top}" x2="${pad.left}" y2="${height - pad.bottom}" stroke="#333"/>`,
    ...ticks,
    `<text x="${(pad.left + width - pad.right) / 2}" y="${height - 10}" font-size="11" text-anchor="middle">minutes</text>`,
    ...lines,
    '</svg>',
  ].join('\n');
}

function report(result: SoakResult): string {
  const rows = result.samples.map(
    (s) =>
      `| ${fmt(s.minute, 1)} | ${s.tabHeapMB.map((m) => fmt(m, 2)).join(' / ')} | ${fmt(s.workerHeapMB, 2)} | ${s.domNodes.map((n) => fmt(n, 0)).join(' / ')} | ${s.longTasksInBursts} | ${s.longTasksOutside}${s.longTasksOutside > 0 ? ` (${fmt(s.longestOutsideMs, 0)} ms)` : ''} | ${s.socketsOpen} | ${s.socketsClosed} |`,
  );
  return [
    `Run: ${result.date} on ${describeMachine(result.machine)}; ${result.machine.chromium}.`,
    '',
    `\`npm run bench -- soak\` (bench/soak): one viewer, ${TABS} tabs of the product's video page (one SharedWorker, one socket), the room's chat at ${CHAT_RATE} messages a second for ${fmt(result.minutes, 1)} minutes, an interaction every minute (a roll call and a quiz in turn: ${result.interactions} published) and a ${BURST_RATE}/s burst of ${BURST_SECONDS} s every 10 minutes (${result.bursts.length}); a sample every ${fmt(result.sampleEveryMinutes, 2)} minutes: each tab's heap and the worker's after a forced GC, the elements in each document, long tasks over 50 ms since the last sample (in a burst: from its start to ${BURST_TAIL_MS / 1000} s after its end), sockets open and closed at the server. The targets judge the samples from minute ${fmt(result.windowFromMinute, 1)} on.`,
    '',
    '| target | figure | wanted | |',
    '|---|---:|---:|---|',
    ...result.targets.map((t) => `| ${t.what} | ${t.figure} | ${t.target} | ${t.met ? 'met' : '**not met**'} |`),
    '',
    '| minute | tab heap MB | worker heap MB | elements per tab | long tasks in bursts | outside | sockets open | closed (total) |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    ...outsideFramesText(result.samples),
    `![heap over the run](${path.basename(CHART_FILE)})`,
  ].join('\n');
}

/** What the long tasks outside bursts were, one line each (none: nothing). */
function outsideFramesText(samples: readonly SoakSample[]): string[] {
  const lines = samples.flatMap((s) => s.outsideFrames ?? []);
  return lines.length === 0 ? [] : ['What the long tasks outside bursts were (the frames they blocked, Long Animation Frames API; the longest scripts of each):', '', ...lines.map((line) => `- ${line}`), ''];
}

export async function run(options: BenchOptions): Promise<SoakResult> {
  const log = (line: string): void => console.log(`[soak] ${line}`);
  const minutes = minutesSetting(options.smoke);
  const sampleEveryMinutes = options.smoke ? 1 / 6 : minutes < 15 ? 1 : 5;
  const totalMs = minutes * 60_000;
  const clientDir = buildClient(log);
  const server: BenchServer = await startBenchServer(clientDir);
  let browser: Browser | null = null;
  let worker: WorkerSession | null = null;
  const samples: SoakSample[] = [];
  const bursts: { atMinute: number; from: number; to: number }[] = [];
  let interactions = 0;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    await context.addInitScript({ content: probeScript() });
    await markSplashSeen(context, [ROOM]);
    const pages = await openProductTabs(context, TABS);
    await pages.at(-1)!.bringToFront();
    const cdps = await Promise.all(pages.map((p) => context.newCDPSession(p)));
    worker = await openWorkerSession(browser, 'realtime.shared', log);
    await Promise.all(pages.map((p) => p.evaluate('globalThis.__macroProbe.start()')));
    const started = Date.now();
    const minuteNow = (): number => (Date.now() - started) / 60_000;
    const chat = (seconds: number) => server.admin(`/admin/v1/rooms/${ROOM}/burst`, { rate: CHAT_RATE, seconds: Math.max(1, Math.ceil(seconds)) });
    await chat(totalMs / 1000);

    const sample = async (): Promise<void> => {
      const tasks = (await Promise.all(pages.map(takeLongTasks))).flat();
      const inBurst = (at: number): boolean => bursts.some((b) => at >= b.from && at <= b.to + BURST_TAIL_MS);
      const outside = tasks.filter((t) => !inBurst(t.at));
      const s: SoakSample = {
        minute: minuteNow(),
        tabHeapMB: await Promise.all(cdps.map(heapMB)),
        workerHeapMB: worker === null ? Number.NaN : await worker.heapMB(),
        domNodes: await Promise.all(pages.map((p) => p.evaluate('document.getElementsByTagName("*").length') as Promise<number>)),
        longTasksInBursts: tasks.length - outside.length,
        longTasksOutside: outside.length,
        longestOutsideMs: Math.max(0, ...outside.map((t) => t.duration)),
        outsideFrames: outside.map((t) => `minute ${fmt((t.at - started) / 60_000, 1)}, ${fmt(t.duration, 0)} ms: ${t.frame ?? 'no frame told'}`),
        socketsOpen: await server.metric('webcast_sockets_open'),
        socketsClosed: await socketsClosed(server.url),
      };
      samples.push(s);
      log(`minute ${fmt(s.minute, 1)}: heap ${s.tabHeapMB.map((m) => fmt(m, 2)).join(' / ')} MB, worker ${fmt(s.workerHeapMB, 2)} MB, elements ${s.domNodes.join(' / ')}, long tasks ${s.longTasksInBursts} in bursts, ${s.longTasksOutside} outside, sockets ${s.socketsOpen} (closed ${s.socketsClosed})`);
    };

    await sleep(5000);
    await sample();
    // A timeline of what the room does, minute by minute (a smoke run: one of each, quickly).
    const interactionEveryMs = options.smoke ? 10_000 : 60_000;
    const burstEveryMs = options.smoke ? 15_000 : 10 * 60_000;
    const sampleEveryMs = sampleEveryMinutes * 60_000;
    let nextInteraction = started + interactionEveryMs;
    let nextBurst = started + burstEveryMs;
    let nextSample = started + sampleEveryMs;
    while (Date.now() < started + totalMs) {
      const next = Math.min(nextInteraction, nextBurst, nextSample, started + totalMs);
      await sleep(next - Date.now());
      const now = Date.now();
      if (now >= nextBurst && now + BURST_SECONDS * 1000 < started + totalMs) {
        bursts.push({ atMinute: minuteNow(), from: now, to: now + BURST_SECONDS * 1000 });
        // One burst per room (server/admin/burst.ts): the spike replaces the room's chat for its 10 s.
        await server.admin(`/admin/v1/rooms/${ROOM}/burst`, { rate: BURST_RATE, seconds: BURST_SECONDS });
        await sleep(BURST_SECONDS * 1000);
        await chat((started + totalMs - Date.now()) / 1000);
        nextBurst += burstEveryMs;
      }
      if (Date.now() >= nextInteraction) {
        if (interactions % 2 === 0) await server.admin(`/admin/v1/rooms/${ROOM}/rollcall/start`, { seconds: 30 });
        else await server.admin(`/admin/v1/rooms/${ROOM}/paper/publish`, { kind: 'quiz' });
        interactions++;
        nextInteraction += interactionEveryMs;
      }
      if (Date.now() >= nextSample) {
        await sample();
        nextSample += sampleEveryMs;
      }
    }
    await sample();
    await context.close();
  } finally {
    await worker?.detach();
    await browser?.close();
    await server.stop();
    fs.rmSync(clientDir, { recursive: true, force: true });
  }
  const windowFromMinute = Math.max(0, minutes - Math.min(TARGETS.windowMinutes, (minutes * 3) / 4));
  const result: SoakResult = {
    benchmark: 'soak',
    date: new Date().toISOString().slice(0, 10),
    machine: { ...machineFacts(), chromium: chromiumVersion() },
    minutes,
    sampleEveryMinutes,
    bursts: bursts.map((b) => ({ atMinute: b.atMinute })),
    interactions,
    samples,
    windowFromMinute,
    targets: soakTargets(samples, windowFromMinute),
  };
  const body = report(result);
  log(`\n${body}`);
  if (!options.smoke) {
    fs.writeFileSync(CHART_FILE, chart(result));
    log(`wrote ${writeDocsSection(SECTION, body)}, ${CHART_FILE} and ${writeResults('soak', result)}`);
  }
  return result;
}
