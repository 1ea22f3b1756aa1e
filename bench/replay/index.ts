/**
 * `npm run bench -- replay` (issue 36, Speed and memory): a 2-hour recording with 500,000
 * chat messages, replayed in Debian's Chromium against a reference server of its own.
 *
 * - Data: the replay demo room (10015) is made a 2-hour recording (360 demo loops) and its
 *   chat and story are seeded again over it with 500,000 messages (server/seed/replayChat.ts,
 *   the same code as the demo: the room log and the chat history, offsets in time order).
 * - Seeks: 50 positions drawn from a fixed seed over the recording, in one page; each is
 *   timed in the page, from setting the video's position (paused) to the chat list's newest
 *   row being a message of that moment (sent at most 1 s before it: at 69 messages a second
 *   the newest row of the moment is within a second of it).
 * - Long tasks: a PerformanceObserver over the whole run of seeks (tasks over 50 ms).
 * - Heap: the page's JS heap (CDP Runtime.getHeapUsage after a forced GC) once the replay
 *   shows, after the first 10 seeks and after all 50. The window the page keeps is bounded
 *   (REPLAY_WINDOW_MAX messages, src/domain/replayChatWindow.ts), so the heap after 50
 *   seeks must not exceed the heap after 10 by more than HEAP_GROWTH_MAX_MB.
 *
 * Targets: p95 seek to chat <= 500 ms, 0 long tasks over 50 ms, the heap bounded. Prints
 * met / not met; writes docs/benchmarks.md "Replay seek (replay)" and
 * bench/results/<date>-replay.json (a smoke run: 20,000 messages, 5 seeks, writes nothing).
 * Settings: BENCH_REPLAY_MESSAGES (500000), BENCH_REPLAY_SEEKS (50), BENCH_REPLAY_WRITE (0: print only).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { describeMachine, machineFacts, writeDocsSection, writeResults, type BenchOptions } from '../lib/report';
import { buildClient, startBenchServer } from '../../harness/serverProcess';
import { markSplashSeen } from '../../harness/splash';
import { CHROMIUM, CHROMIUM_ARGS } from '../macro/index';
import { probeScript } from '../macro/probe';
import { openDatabase } from '../../server/store/db';
import { seedReplayDemo } from '../../server/seed/replayChat';
import { DEMO_STAFF } from '../../server/seed/rooms';
import { REPLAY_WINDOW_MAX } from '../../src/domain/replayChatWindow';
import { sqliteStore } from '../../server/store/sqlStore';

export const SECTION = 'Replay seek (replay)';
const ROOM = '10015';
const RECORDING_S = 7_200;
const LOOPS = 360; // 360 demo loops of 20 s
const SEEK_TARGET_MS = 500;
const LONG_TASK_MS = 50;
const HEAP_GROWTH_MAX_MB = 8;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** A small fixed-seed generator: the same 50 positions every run. */
function positions(count: number, lengthS: number): number[] {
  let state = 0x9e3779b9;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  return Array.from({ length: count }, () => Math.round(next() * (lengthS - 5) * 10) / 10 + 2);
}

/** Makes the replay demo room a long recording with `messages` chat messages over it. */
async function seedLongRecording(dataDir: string, messages: number, lengthS: number, log: (line: string) => void): Promise<number> {
  const started = Date.now();
  const db = openDatabase(dataDir);
  try {
    const startedAt = Date.now() - 3 * 3_600_000;
    db.transaction(() => {
      for (const table of ['room_messages', 'chat_messages', 'room_timeline']) db.prepare(`DELETE FROM ${table} WHERE webcast_id = ?`).run(ROOM);
      db.prepare("UPDATE rooms SET config = json_set(config, '$.replay.loops', ?), start_time = ? WHERE id = ?").run(LOOPS, startedAt, ROOM);
      db.prepare('UPDATE room_records SET duration_ms = ?, url = ?, started_at = ? WHERE webcast_id = ?').run(lengthS * 1000, `/media/vod-${LOOPS}/master.m3u8`, startedAt, ROOM);
    })();
    const host = DEMO_STAFF.host;
    await seedReplayDemo(sqliteStore(db), { webcastId: ROOM, host: { uid: host.userId(ROOM), name: host.name(ROOM), role: host.role, headImgUrl: '' }, startedAt, durationMs: lengthS * 1000, messages, locale: 'zh_cn' });
    log(`seeded ${messages.toLocaleString('en-US')} messages over ${lengthS} s in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return startedAt;
  } finally {
    db.close();
  }
}

/**
 * One seek, timed in the page: set the position, then each frame look at the newest chat
 * row. A script text, not a function: the bench runs under tsx, whose helpers a function
 * serialised into the page would not find.
 */
function timedSeek(page: Page, seconds: number, startedAt: number): Promise<number> {
  return page.evaluate(`new Promise((resolve, reject) => {
    const video = document.querySelector('video');
    if (video === null) return reject(new Error('no video'));
    const to = ${JSON.stringify(seconds)};
    const moment = ${JSON.stringify(startedAt)} + to * 1000;
    const newest = () => {
      const rows = document.querySelectorAll('[data-replay="true"] article.chat-message');
      return Number(rows[rows.length - 1]?.getAttribute('data-send-time') ?? NaN);
    };
    const began = performance.now();
    const check = () => {
      const at = newest();
      if (at <= moment && at > moment - 1000) resolve(performance.now() - began);
      else if (performance.now() - began > 15000) reject(new Error('after 15 s the newest row is ' + (at - moment) / 1000 + ' s from ' + to));
      else requestAnimationFrame(check);
    };
    video.pause();
    video.currentTime = to;
    requestAnimationFrame(check);
  })`);
}

async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    const usage = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    return usage.usedSize / 2 ** 20;
  } finally {
    await cdp.detach();
  }
}

const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

export interface ReplayFigures {
  readonly messages: number;
  readonly recordingS: number;
  readonly seeks: readonly { readonly positionS: number; readonly ms: number }[];
  readonly medianMs: number;
  readonly p95Ms: number;
  readonly maxMs: number;
  readonly longTasks: readonly number[];
  readonly heapMb: { readonly loaded: number; readonly after10: number; readonly afterAll: number };
  readonly met: { readonly seek: boolean; readonly longTasks: boolean; readonly heap: boolean };
  readonly loadAverage: readonly number[];
}

export async function measure(clientDir: string, messages: number, seekCount: number, log: (line: string) => void): Promise<ReplayFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'webcast-bench-replay-'));
  try {
    // The first start seeds the demo rooms; the long recording is written with the server stopped.
    const first = await startBenchServer(clientDir, { dataDir });
    await first.stop();
    const startedAt = await seedLongRecording(dataDir, messages, RECORDING_S, log);
    const server = await startBenchServer(clientDir, { dataDir });
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
    try {
      const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
      await markSplashSeen(context);
      await context.addInitScript({ content: probeScript() });
      const page = await context.newPage();
      await page.goto(`/live/login/${ROOM}`);
      await page.getByRole('button', { name: '以游客身份进入' }).click();
      await page.waitForURL(new RegExp(`/live/video/${ROOM}$`));
      await page.locator('[data-mode="replay"]').waitFor({ timeout: 30_000 });
      await page.locator('[data-replay="true"] article.chat-message').first().waitFor({ timeout: 30_000 });
      await sleep(1000);
      const loaded = await heapMb(page);
      await page.evaluate('globalThis.__macroProbe.start()');
      const seeks: { positionS: number; ms: number }[] = [];
      let after10 = loaded;
      for (const [i, to] of positions(seekCount, RECORDING_S).entries()) {
        seeks.push({ positionS: to, ms: await timedSeek(page, to, startedAt) });
        if (i === Math.min(9, seekCount - 1)) {
          after10 = await heapMb(page);
        }
      }
      const probe = (await page.evaluate('globalThis.__macroProbe.stop()')) as { longTasks: { duration: number }[] };
      const afterAll = await heapMb(page);
      const times = seeks.map((s) => s.ms);
      const longTasks = probe.longTasks.map((t) => t.duration).filter((d) => d > LONG_TASK_MS);
      const figures: ReplayFigures = {
        messages,
        recordingS: RECORDING_S,
        seeks,
        medianMs: percentile(times, 50),
        p95Ms: percentile(times, 95),
        maxMs: Math.max(...times),
        longTasks,
        heapMb: { loaded, after10, afterAll },
        met: { seek: percentile(times, 95) <= SEEK_TARGET_MS, longTasks: longTasks.length === 0, heap: afterAll - after10 <= HEAP_GROWTH_MAX_MB },
        loadAverage: os.loadavg(),
      };
      await context.close();
      return figures;
    } finally {
      await browser.close();
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const yes = (met: boolean): string => (met ? 'met' : '**not met**');

function report(f: ReplayFigures, machine: string): string {
  return [
    `${machine}. A ${f.recordingS / 3600}-hour recording (room 10015 re-seeded: ${f.messages.toLocaleString('en-US')} chat messages and the demo story over it), ${f.seeks.length} seeks to fixed random positions in one page, paused; Debian's Chromium, headless. \`npm run bench -- replay\` (bench/replay/index.ts, bench/README.md).`,
    '',
    '| figure | value | target | |',
    '|---|---:|---|---|',
    `| seek to the chat of that moment on screen, median | ${f.medianMs.toFixed(0)} ms | | |`,
    `| the same, p95 | ${f.p95Ms.toFixed(0)} ms | <= ${SEEK_TARGET_MS} ms | ${yes(f.met.seek)} |`,
    `| the same, slowest | ${f.maxMs.toFixed(0)} ms | | |`,
    `| main-thread long tasks over ${LONG_TASK_MS} ms during the seeks | ${f.longTasks.length}${f.longTasks.length > 0 ? ` (longest ${Math.max(...f.longTasks).toFixed(0)} ms)` : ''} | 0 | ${yes(f.met.longTasks)} |`,
    `| JS heap once the replay shows / after 10 seeks / after all | ${f.heapMb.loaded.toFixed(1)} / ${f.heapMb.after10.toFixed(1)} / ${f.heapMb.afterAll.toFixed(1)} MB | after all <= after 10 + ${HEAP_GROWTH_MAX_MB} MB (the page keeps at most ${REPLAY_WINDOW_MAX.toLocaleString('en-US')} messages of the recording) | ${yes(f.met.heap)} |`,
    '',
    `Load average after the run: ${f.loadAverage.map((n) => n.toFixed(2)).join(', ')}.`,
  ].join('\n');
}

export async function run(options: BenchOptions & { readonly log?: (line: string) => void }): Promise<ReplayFigures> {
  const log = options.log ?? ((line: string) => console.log(line));
  const messages = options.smoke ? 20_000 : Number(process.env.BENCH_REPLAY_MESSAGES ?? 500_000);
  const seekCount = options.smoke ? 5 : Number(process.env.BENCH_REPLAY_SEEKS ?? 50);
  const write = !options.smoke && process.env.BENCH_REPLAY_WRITE !== '0';
  const clientDir = buildClient(log);
  let figures: ReplayFigures;
  try {
    figures = await measure(clientDir, messages, seekCount, log);
  } finally {
    fs.rmSync(clientDir, { recursive: true, force: true });
  }
  log(`seek to chat: median ${figures.medianMs.toFixed(0)} ms, p95 ${figures.p95Ms.toFixed(0)} ms (target <= ${SEEK_TARGET_MS}: ${figures.met.seek ? 'met' : 'not met'}), slowest ${figures.maxMs.toFixed(0)} ms`);
  log(`long tasks over ${LONG_TASK_MS} ms: ${figures.longTasks.length} (target 0: ${figures.met.longTasks ? 'met' : 'not met'})`);
  log(`heap: ${figures.heapMb.loaded.toFixed(1)} MB loaded, ${figures.heapMb.after10.toFixed(1)} after 10 seeks, ${figures.heapMb.afterAll.toFixed(1)} after all (bounded: ${figures.met.heap ? 'met' : 'not met'})`);
  if (write) {
    const facts = machineFacts();
    writeDocsSection(SECTION, report(figures, describeMachine(facts)));
    log(`wrote ${writeResults('replay', { benchmark: 'replay', date: new Date().toISOString(), machine: facts, figures })}`);
  }
  return figures;
}
