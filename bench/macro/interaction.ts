/**
 * Interaction during a burst (issue 13, Performance): a roll call and a quiz published while
 * the room's chat runs at 5,000 messages a second, in every tab of one viewer (the product:
 * one SharedWorker, one socket), side by side with the chat alone in the same run:
 *
 * - appear: from the host's publish (admin call, this machine's clock) to the card in each
 *   tab's DOM (a MutationObserver stamp in the page, Date.now(): the same clock);
 * - act: the viewer signs in and answers the quiz in the tab in front; how long until that
 *   tab shows the outcome, and until each other tab shows it (the worker's acted notes);
 * - long tasks (over 50 ms, PerformanceObserver 'longtask') per tab in the second after the
 *   publish and while acting, against the second before the publish (the chat alone).
 *
 * Runs: 4 tabs all visible (headless Chromium gives the tabs behind the front one about one
 * frame a second: bench/README.md), and 4 tabs with the 3 behind the front one hidden (the
 * viewer's usual case). Target (a report, not a test): every tab in view shows the
 * interaction within 1 s, and no long task over 50 ms in the front tab while acting that
 * the chat alone does not also show.
 *
 * Settings: BENCH_INTERACTION_RATE (5000), BENCH_INTERACTION_TABS (4), BENCH_INTERACTION_WRITE
 * (0: print only). Writes docs/benchmarks.md "Interaction during a burst (macro)" and
 * bench/results/<date>-interaction.json; a smoke run (50/s, 1 tab) writes nothing.
 */
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { describeMachine, machineFacts, writeDocsSection, writeResults, type BenchOptions } from '../lib/report';
import { buildClient, startBenchServer, type BenchServer } from '../../harness/serverProcess';
import { markSplashSeen } from '../../harness/splash';
import { CHROMIUM, CHROMIUM_ARGS } from './index';
import { hide, openProductTabs, ROOM } from './measure';
import { probeScript } from './probe';

export const SECTION = 'Interaction during a burst (macro)';
const APPEAR_TARGET_MS = 1000;
const LONG_TASK_MS = 50;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const fmt = (n: number | null): string => (n === null || !Number.isFinite(n) ? 'n/a' : Math.round(n).toLocaleString('en-US'));

/**
 * Stamps in the page (Date.now()) when each interaction card first appears and when it first
 * shows a success tone: `__interactionMarks['rollCall']`, `['rollCall:success']`. It looks
 * only at mutations inside the interactions region, so the chat's mutations cost a
 * `closest()` each.
 */
function marksScript(): string {
  return `(() => {
    const marks = (globalThis.__interactionMarks = {});
    const scan = () => {
      const now = Date.now();
      for (const card of document.querySelectorAll('[data-interaction]')) {
        const name = card.getAttribute('data-interaction');
        if (!(name in marks)) marks[name] = now;
        if (card.classList.contains('interaction-card--success') && !((name + ':success') in marks)) marks[name + ':success'] = now;
      }
    };
    new MutationObserver((records) => {
      for (const r of records) {
        const target = r.target instanceof Element ? r.target : r.target.parentElement;
        if (target !== null && target.closest('.live-screen__interactions, [data-interaction]') !== null) return scan();
        for (const node of r.addedNodes) if (node instanceof Element && node.closest('.live-screen__interactions') !== null) return scan();
      }
    }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
  })();`;
}

interface LongTask {
  readonly at: number;
  readonly duration: number;
}

interface TabWindowFigures {
  readonly chatAlone: { readonly count: number; readonly longestMs: number };
  readonly afterPublish: { readonly count: number; readonly longestMs: number };
}

interface CaseFigures {
  readonly name: 'rollCall' | 'quiz';
  /** Publish to card, per tab (front tab last); null: not seen within 10 s. */
  readonly appearMs: readonly (number | null)[];
  /** The acting (front) tab: first click to its success tone. */
  readonly actMs: number | null;
  /** Every other tab: first click to its success tone. */
  readonly seenElsewhereMs: readonly (number | null)[];
  /** Long tasks per tab: the second before the publish, the second after it. */
  readonly windows: readonly TabWindowFigures[];
  /** Long tasks in the front tab while acting (first click to success + 500 ms). */
  readonly actingLongTasks: { readonly count: number; readonly longestMs: number };
}

interface RunFigures {
  readonly tabs: number;
  readonly hidden: boolean;
  readonly rate: number;
  readonly cases: readonly CaseFigures[];
  readonly loadAverage: readonly [number, number];
}

const marksOf = (page: Page): Promise<Record<string, number>> => page.evaluate(() => ({ ...((globalThis as { __interactionMarks?: Record<string, number> }).__interactionMarks ?? {}) }));

async function longTasksOf(page: Page): Promise<LongTask[]> {
  return page.evaluate(() => {
    const probe = (globalThis as unknown as { __macroProbe: { stop(): { longTasks: { start: number; duration: number }[] } } }).__macroProbe;
    return probe.stop().longTasks.map((t) => ({ at: performance.timeOrigin + t.start, duration: t.duration }));
  });
}

function within(tasks: readonly LongTask[], from: number, to: number) {
  const hit = tasks.filter((t) => t.at + t.duration > from && t.at < to && t.duration > LONG_TASK_MS);
  return { count: hit.length, longestMs: hit.reduce((m, t) => Math.max(m, t.duration), 0) };
}

async function waitForMark(pages: readonly Page[], mark: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const all = await Promise.all(pages.map((p) => marksOf(p).then((m) => mark in m).catch(() => false)));
    if (all.every(Boolean)) return;
    await sleep(100);
  }
}

async function runCase(name: CaseFigures['name'], pages: readonly Page[], server: BenchServer, act: (front: Page) => Promise<void>): Promise<CaseFigures & { readonly publishedAt: number; readonly clickAt: number; readonly doneAt: number }> {
  const front = pages[pages.length - 1]!;
  const mark = name === 'quiz' ? 'paper' : 'rollCall';
  const publishedAt = Date.now();
  if (name === 'rollCall') await server.admin(`/admin/v1/rooms/${ROOM}/rollcall/start`, { seconds: 120 });
  else await server.admin(`/admin/v1/rooms/${ROOM}/paper/publish`, { kind: 'quiz' });
  await waitForMark(pages, mark, 10_000);
  const appear = await Promise.all(pages.map(marksOf));
  const appearMs = appear.map((m) => (mark in m ? m[mark]! - publishedAt : null));
  await sleep(publishedAt + 2000 - Date.now());
  const clickAt = Date.now();
  await act(front);
  await waitForMark(pages, `${mark}:success`, 10_000);
  const done = await Promise.all(pages.map(marksOf));
  const successAt = done.map((m) => m[`${mark}:success`] ?? null);
  const frontDone = successAt[successAt.length - 1] ?? null;
  return {
    name,
    appearMs,
    actMs: frontDone === null ? null : frontDone - clickAt,
    seenElsewhereMs: successAt.slice(0, -1).map((at) => (at === null ? null : at - clickAt)),
    windows: [],
    actingLongTasks: { count: 0, longestMs: 0 },
    publishedAt,
    clickAt,
    doneAt: frontDone ?? Date.now(),
  };
}

async function signIn(front: Page): Promise<void> {
  await front.locator('[data-interaction="rollCall"]').getByRole('button', { name: '立即签到' }).click();
}

async function answerQuiz(front: Page): Promise<void> {
  await front.locator('[data-interaction="paper"]').getByRole('button', { name: '立即作答' }).click();
  const dialog = front.getByRole('dialog', { name: 'Quick quiz' });
  await dialog.getByRole('radio', { name: 'HLS or FLV' }).check();
  await dialog.getByRole('checkbox', { name: 'Rose' }).check();
  await dialog.getByRole('checkbox', { name: 'Rocket' }).check();
  await dialog.getByRole('radio', { name: '0.01 yuan' }).check();
  await dialog.getByRole('button', { name: '提交', exact: true }).click();
}

async function runOnce(clientDir: string, tabs: number, hidden: boolean, rate: number, smoke: boolean, log: (line: string) => void): Promise<RunFigures> {
  // A server per run: the roll call and the quiz are open (and answered) once per room.
  const server = await startBenchServer(clientDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  const loadBefore = (await import('node:os')).loadavg()[0]!;
  let context: BrowserContext | null = null;
  try {
    context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    await context.addInitScript({ content: probeScript() });
    await context.addInitScript({ content: marksScript() });
    await markSplashSeen(context, [ROOM]);
    const pages = await openProductTabs(context, tabs);
    const front = pages[pages.length - 1]!;
    await front.bringToFront();
    if (hidden) for (const page of pages.slice(0, -1)) await hide(page);
    await sleep(smoke ? 300 : 1500);
    await Promise.all(pages.map((p) => p.evaluate(() => (globalThis as unknown as { __macroProbe: { start(): void } }).__macroProbe.start())));
    const seconds = smoke ? 12 : 16;
    await server.admin(`/admin/v1/rooms/${ROOM}/burst`, { rate, seconds });
    await sleep(smoke ? 1000 : 3000);
    const roll = await runCase('rollCall', pages, server, signIn);
    await sleep(1000);
    const quiz = await runCase('quiz', pages, server, answerQuiz);
    const tasks = await Promise.all(pages.map(longTasksOf));
    const cases = [roll, quiz].map((c) => ({
      name: c.name,
      appearMs: c.appearMs,
      actMs: c.actMs,
      seenElsewhereMs: c.seenElsewhereMs,
      windows: tasks.map((t) => ({ chatAlone: within(t, c.publishedAt - 1000, c.publishedAt), afterPublish: within(t, c.publishedAt, c.publishedAt + 1000) })),
      actingLongTasks: within(tasks[tasks.length - 1]!, c.clickAt, c.doneAt + 500),
    }));
    const figures: RunFigures = { tabs, hidden, rate, cases, loadAverage: [loadBefore, (await import('node:os')).loadavg()[0]!] };
    for (const c of cases) {
      log(
        `${tabs} tab(s)${hidden ? ' (3 hidden)' : ''}, ${rate}/s, ${c.name}: appear ${c.appearMs.map(fmt).join(' / ')} ms; act ${fmt(c.actMs)} ms, elsewhere ${c.seenElsewhereMs.map(fmt).join(' / ') || '-'} ms; ` +
          `long tasks front tab: chat alone ${c.windows.at(-1)?.chatAlone.count}, after publish ${c.windows.at(-1)?.afterPublish.count}, acting ${c.actingLongTasks.count} (longest ${fmt(c.actingLongTasks.longestMs)} ms)`,
      );
    }
    return figures;
  } finally {
    await context?.close().catch(() => undefined);
    await browser.close();
    await server.stop();
  }
}

function report(runs: readonly RunFigures[], machine: string): string {
  const rows = runs.flatMap((r) =>
    r.cases.map((c) => {
      const visible = r.hidden ? c.appearMs.slice(-1) : c.appearMs;
      const worstVisible = visible.reduce<number | null>((m, v) => (v === null || m === null ? null : Math.max(m, v)), 0);
      const front = c.windows.at(-1)!;
      return `| ${r.tabs}${r.hidden ? ' (3 hidden)' : ''} | ${r.rate.toLocaleString('en-US')} | ${c.name} | ${c.appearMs.map(fmt).join(' / ')} | ${worstVisible !== null && worstVisible <= APPEAR_TARGET_MS ? 'met' : '**not met**'} | ${fmt(c.actMs)} | ${c.seenElsewhereMs.map(fmt).join(' / ') || '-'} | ${front.chatAlone.count} (${fmt(front.chatAlone.longestMs)}) | ${front.afterPublish.count} (${fmt(front.afterPublish.longestMs)}) | ${c.actingLongTasks.count} (${fmt(c.actingLongTasks.longestMs)}) | ${r.loadAverage.map((l) => l.toFixed(1)).join(' → ')} |`;
    }),
  );
  return [
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine}, by \`npm run bench -- interaction\` (bench/macro/interaction.ts).`,
    '',
    'A roll call and then a quiz published during a chat burst; the viewer signs in and answers the quiz in the tab in front. Times in ms from the host\'s publish (appear) or the viewer\'s first click (act, elsewhere), per tab, the front tab last. Long tasks (over 50 ms) in the front tab: count (longest ms). Target: every tab in view shows the interaction within 1 s.',
    '',
    '| tabs | rate/s | interaction | appear per tab | within 1 s in view | act (front) | shown in the other tabs | long tasks, chat alone (1 s before) | long tasks, 1 s after publish | long tasks while acting | load average |',
    '|---|---:|---|---|---|---:|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

export async function run(options: BenchOptions & { readonly log?: (line: string) => void }): Promise<readonly RunFigures[]> {
  const log = options.log ?? ((line: string) => console.log(line));
  const rate = options.smoke ? 50 : Number(process.env.BENCH_INTERACTION_RATE ?? 5000);
  const tabs = options.smoke ? 1 : Number(process.env.BENCH_INTERACTION_TABS ?? 4);
  const write = !options.smoke && process.env.BENCH_INTERACTION_WRITE !== '0';
  const clientDir = buildClient(log);
  const runs: RunFigures[] = [];
  try {
    runs.push(await runOnce(clientDir, tabs, false, rate, options.smoke, log));
    if (tabs > 1) runs.push(await runOnce(clientDir, tabs, true, rate, options.smoke, log));
  } finally {
    (await import('node:fs')).rmSync(clientDir, { recursive: true, force: true });
  }
  if (write) {
    const facts = machineFacts();
    writeDocsSection(SECTION, report(runs, describeMachine(facts)));
    log(`wrote ${writeResults('interaction', { benchmark: 'interaction', date: new Date().toISOString(), machine: facts, runs })}`);
  }
  return runs;
}
