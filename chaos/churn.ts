/**
 * Issue 17 item 4, tab churn: one viewer (one browser context, so one SharedWorker) opens
 * and closes up to 10 tabs of a room at random for a minute, and crashes one through CDP
 * (Page.crash: no pagehide, no goodbye; only its released Web Lock tells the worker), while
 * the server bursts chat. Through the suite's TCP proxy (chaos/lib/faultProxy.ts, passing
 * everything) the scenario counts the WebSocket connections open at every moment; each tab
 * times the updates the worker delivers to it (its delivery log, src/diagnostics/deliveryLog.ts).
 *
 * Rules: never more than one socket; no open tab without an update for more than 3 s (12 s in the short version) once
 * it had its first; the socket closed a few seconds after the last tab (the worker keeps it
 * SESSION_LINGER_MS for a reload).
 */
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_PATH as CHROMIUM, CHROMIUM_ARGS } from '../harness/chromium';
import type { BenchServer } from '../harness/serverProcess';
import { SESSION_LINGER_MS } from '../src/realtime/realtimeService';
import { markSplashSeen } from '../harness/splash';
import { startFaultProxy } from './lib/faultProxy';
import { GUEST_BUTTON, ROOM, sleep } from './lib/roomTab';
import { withServer } from './lib/server';
import type { ChaosCheck, ChaosOptions, ChaosReport, ChaosRow, ChaosScenario } from './lib/scenario';

const MAX_TABS = 10;
/** Longest time an open tab may go without an update once it had one (the full run). */
const UPDATE_GAP_MAX_MS = 3000;
/**
 * The short version's bound (npm test's bench-smoke step): it still catches a tab whose
 * updates stopped, but not the machine. On the 2-core CI machine, ten headless tabs opening
 * and closing at once left a tab 4.8 to 8.5 s without an update three times (renderers
 * starved while pages load; every page also plays the live video), where this machine's
 * runs stay near 1 s; the full run holds the 3 s target and reports the figure.
 */
const SHORT_UPDATE_GAP_MAX_MS = 12_000;
/** The socket must be closed within this long after the last tab. */
const CLOSED_WITHIN_MS = SESSION_LINGER_MS + 5000;
const BURST_RATE = 50;
const between = (low: number, high: number): number => low + Math.random() * (high - low);

/**
 * In each tab: the delivery log, and a watch of when it grows (every 100 ms): the longest
 * time without a delivery since the first one, and the time since the last.
 */
const TAB_WATCH = `
  window.__webcastDeliveries = [];
  window.__churn = { first: null, last: null, maxGap: 0 };
  setInterval(() => {
    const w = window.__churn, n = window.__webcastDeliveries.length, now = performance.now();
    if (n > (w.count || 0)) {
      if (w.last !== null) w.maxGap = Math.max(w.maxGap, now - w.last);
      if (w.first === null) w.first = now;
      w.last = now;
      w.count = n;
    }
  }, 100);
`;

interface TabFigures {
  readonly tab: number;
  readonly end: 'closed' | 'crashed' | 'open at the end';
  /** Longest time without an update once it had its first, including up to its end. */
  readonly maxGapMs: number;
  readonly updated: boolean;
  readonly openMs: number;
}

interface OpenTab {
  readonly tab: number;
  readonly page: Page;
  readonly openedAt: number;
}

async function tabFigures(open: OpenTab, end: TabFigures['end']): Promise<TabFigures> {
  const watch = (await open.page.evaluate('(() => { const w = window.__churn; return { first: w.first, last: w.last, maxGap: w.maxGap, now: performance.now() }; })()').catch(() => null)) as {
    first: number | null;
    last: number | null;
    maxGap: number;
    now: number;
  } | null;
  const sinceLast = watch?.last == null ? 0 : watch.now - watch.last;
  return { tab: open.tab, end, maxGapMs: Math.max(watch?.maxGap ?? 0, sinceLast), updated: watch?.first != null, openMs: Date.now() - open.openedAt };
}

async function openTab(context: BrowserContext, tab: number, first: boolean): Promise<OpenTab> {
  const page = await context.newPage();
  const openedAt = Date.now();
  if (first) {
    await page.goto(`/live/login/${ROOM}`);
    await page.getByRole('button', { name: GUEST_BUTTON }).click();
    await page.waitForURL(new RegExp(`/live/video/${ROOM}$`));
  } else {
    // The login is the browser's (localStorage): another tab of the room opens on the video page.
    await page.goto(`/live/video/${ROOM}`);
  }
  return { tab, page, openedAt };
}

async function run(server: BenchServer, seconds: number, log: (line: string) => void): Promise<ChaosReport> {
  const proxy = await startFaultProxy(new URL(server.url));
  let browser: Browser | null = null;
  let sampler: NodeJS.Timeout | null = null;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const context = await browser.newContext({ baseURL: proxy.url, viewport: { width: 1280, height: 800 } });
    await markSplashSeen(context, [ROOM]);
    await context.addInitScript(TAB_WATCH);
    let maxSockets = 0;
    sampler = setInterval(() => {
      maxSockets = Math.max(maxSockets, proxy.socketsOpen());
    }, 20);

    await server.admin(`/admin/v1/rooms/${ROOM}/burst`, { rate: BURST_RATE, seconds: 3600, users: 100 });
    const open: OpenTab[] = [await openTab(context, 1, true)];
    const ended: TabFigures[] = [];
    let opened = 1;
    let crashed = false;
    let mostOpen = 1;
    const until = Date.now() + seconds * 1000;
    const openOne = async () => {
      opened++;
      open.push(await openTab(context, opened, false));
      mostOpen = Math.max(mostOpen, open.length);
    };
    /**
     * Crashes a random tab while at least one other stays open. The crash is certain, not
     * left to the walk: on a loaded machine the short run's few steps after halfway could
     * all find a single tab open (CI, 2026-11-28: "crashed: no").
     */
    const crashOne = async () => {
      while (open.length < 2) await openOne();
      const victim = open.splice(Math.floor(Math.random() * open.length), 1)[0]!;
      ended.push(await tabFigures(victim, 'crashed'));
      const cdp = await context.newCDPSession(victim.page);
      // The renderer dies at once; the call itself never answers.
      void cdp.send('Page.crash').catch(() => undefined);
      crashed = true;
      log(`churn: tab ${victim.tab} crashed`);
    };
    log(`churn: up to ${MAX_TABS} tabs opened and closed at random for ${seconds} s...`);
    while (Date.now() < until) {
      await sleep(between(200, 1500));
      if (!crashed && Date.now() > until - (seconds * 1000) / 2) {
        await crashOne();
      } else if (open.length === 0 || (open.length < MAX_TABS && Math.random() < 0.65)) {
        await openOne();
      } else {
        const closing = open.splice(Math.floor(Math.random() * open.length), 1)[0]!;
        ended.push(await tabFigures(closing, 'closed'));
        await closing.page.close({ runBeforeUnload: Math.random() < 0.5 });
      }
    }
    // One step can outlast the second half (a tab that took that long to open).
    if (!crashed) await crashOne();
    for (const tab of open) ended.push(await tabFigures(tab, 'open at the end'));
    // The last tabs go: the socket must follow a few seconds later.
    const lastClosed = Date.now();
    for (const tab of open.splice(0)) await tab.page.close();
    for (const page of context.pages()) await page.close().catch(() => undefined);
    let closedAfterMs = -1;
    while (Date.now() - lastClosed < CLOSED_WITHIN_MS + 5000) {
      if (proxy.socketsOpen() === 0) {
        closedAfterMs = Date.now() - lastClosed;
        break;
      }
      await sleep(100);
    }
    await server.admin(`/admin/v1/rooms/${ROOM}/burst/stop`, {});
    await context.close();

    const gapMax = seconds < 60 ? SHORT_UPDATE_GAP_MAX_MS : UPDATE_GAP_MAX_MS;
    const stale = ended.filter((t) => t.updated && t.maxGapMs > gapMax);
    // A tab closed within a few seconds of opening may not have had its first update yet.
    const never = ended.filter((t) => !t.updated && t.openMs > 10_000);
    const rows: ChaosRow[] = [
      { what: 'tabs opened (each following the room through the shared worker)', tried: opened, failed: never.length, expected: 'each open more than 10 s had updates', seen: `${ended.filter((t) => t.updated).length} had updates; ${never.length} open over 10 s without any` },
      {
        what: `tabs without an update for more than ${gapMax / 1000} s while open`,
        tried: ended.length,
        failed: stale.length,
        expected: '0',
        seen: `longest gap ${Math.round(ended.reduce((most, t) => Math.max(most, t.maxGapMs), 0))} ms${stale.length > 0 ? `; tabs ${stale.map((t) => `${t.tab} (${Math.round(t.maxGapMs)} ms)`).join(', ')}` : ''}`,
      },
    ];
    const checks: ChaosCheck[] = [
      { what: 'WebSocket connections open at once (sampled every 20 ms at the proxy)', figure: `at most ${maxSockets}; opened in all ${proxy.socketsOpened()}`, ok: maxSockets === 1 },
      { what: `tabs open at once, at most (the full run reaches ${MAX_TABS})`, figure: String(mostOpen), ok: seconds < 60 || mostOpen === MAX_TABS },
      { what: 'one tab crashed through CDP (Page.crash) while others were open', figure: crashed ? 'yes' : 'no', ok: crashed },
      { what: `the socket closed after the last tab (within ${CLOSED_WITHIN_MS / 1000} s; the worker keeps it ${SESSION_LINGER_MS / 1000} s for a reload)`, figure: closedAfterMs < 0 ? 'still open' : `${(closedAfterMs / 1000).toFixed(1)} s`, ok: closedAfterMs >= 0 && closedAfterMs <= CLOSED_WITHIN_MS },
    ];
    return {
      name: 'churn',
      title: 'Tab churn',
      how: `Debian's Chromium, one viewer (one browser context, so one SharedWorker) of room ${ROOM} through the suite's TCP proxy (counting WebSocket connections), while the server bursts ${BURST_RATE} chat messages a second: for ${seconds} s, every 0.2 to 1.5 s a tab is opened (up to ${MAX_TABS}, more often than one is closed; the first logs in as a guest, the others open the video page with the browser's login) or a random one closed (half of them running beforeunload), and halfway through one is crashed through CDP (Page.crash). Each tab times the worker's deliveries to it (its delivery log, polled every 100 ms in the page). Headless Chromium gives display-rate frames only to the tab in front, so the others apply updates at about one a second.`,
      rows,
      checks,
      examples: stale.slice(0, 5).map((t) => `tab ${t.tab} (${t.end}): ${Math.round(t.maxGapMs)} ms without an update`),
    };
  } finally {
    if (sampler !== null) clearInterval(sampler);
    await browser?.close();
    await proxy.close();
  }
}

export const churnScenario: ChaosScenario = {
  name: 'churn',
  run: ({ short, log }: ChaosOptions) => withServer(log, (server) => run(server, short ? 15 : 60, log)),
};
