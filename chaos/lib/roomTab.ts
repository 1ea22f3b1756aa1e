/**
 * A viewer's tab of the demo room for the chaos scenarios that judge what a tab received
 * (cuts, offline): opened in Chromium as a guest with the page's test-only delivery log
 * on (src/diagnostics/deliveryLog.ts), its view of the room read from the page's realtime
 * diagnostics (src/state/realtimeConnection.ts), and the room's chat history for the judge.
 */
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_PATH as CHROMIUM, CHROMIUM_ARGS } from '../../harness/chromium';
import type { BenchServer } from '../../harness/serverProcess';
import type { DeliveryRecord } from '../../src/diagnostics/deliveryLog';
import { TestSocket } from '../../server/testing/socketClient';
import { markSplashSeen } from '../../harness/splash';
import { startFaultProxy, type FaultProxy } from './faultProxy';
import { guestLogin } from './guest';

export const ROOM = '10001';
export const GUEST_BUTTON = '以游客身份进入';

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export async function until(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(100);
  }
}

export interface TabView {
  readonly joined: string;
  readonly newest: number;
  /** Messages the tab's list marks as not shown, in all. */
  readonly notShown: number;
  readonly sync: { gapsFilled: number; gapsSkipped: number; messagesSkipped: number; messagesThinned: number };
  /** The chat entries the tab holds now (its list, the newest 200 at most). */
  readonly msgIds: readonly string[];
}

export async function tabView(page: Page): Promise<TabView | null> {
  return page.evaluate(`(() => {
    const r = window.__webcastRealtime;
    const room = r && r.snapshot().rooms[${JSON.stringify(ROOM)}];
    if (!room) return null;
    const newest = r.newest(${JSON.stringify(ROOM)});
    return { joined: room.joined, newest: newest ? newest.offset : -1, notShown: room.notShown, sync: room.sync, msgIds: room.msgIds };
  })()`);
}

/** A guest's tab on the room's video page at `baseURL`, joined, recording its deliveries. */
export async function openRecordedTab(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page; pageErrors: string[] }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  await markSplashSeen(context, [ROOM]);
  await context.addInitScript('window.__webcastDeliveries = [];');
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`/live/login/${ROOM}`);
  await page.getByRole('button', { name: GUEST_BUTTON }).click();
  await until('the tab joined the room', async () => (await tabView(page))?.joined === 'joined', 60_000);
  return { context, page, pageErrors };
}

export interface ProxiedTab {
  readonly proxy: FaultProxy;
  readonly context: BrowserContext;
  readonly page: Page;
  readonly pageErrors: string[];
}

/**
 * Chromium and a guest's recorded tab that loads the viewer and opens its socket through
 * the suite's fault proxy in front of `server` (the login's socket address is the Host's);
 * the browser and the proxy are closed afterwards, whatever happens.
 */
export async function withProxiedTab<T>(server: BenchServer, run: (tab: ProxiedTab) => Promise<T>): Promise<T> {
  const proxy = await startFaultProxy(new URL(server.url));
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    return await run({ proxy, ...(await openRecordedTab(browser, proxy.url)) });
  } finally {
    await browser?.close();
    await proxy.close();
  }
}

export const deliveriesOf = async (page: Page): Promise<DeliveryRecord[]> => (await page.evaluate('window.__webcastDeliveries')) as DeliveryRecord[];

/** The room's chat messages from its history (2401, pages of 500 from offset 0), read by a guest of its own. */
export interface ChatInHistory {
  readonly offset: number;
  readonly sendTime: number;
  readonly msgId: string;
}

export async function chatHistory(server: BenchServer): Promise<ChatInHistory[]> {
  const socket = await TestSocket.connect(server.url, (await guestLogin(server, ROOM)).sid, { batch: true });
  try {
    const chat: ChatInHistory[] = [];
    let after = 0;
    for (;;) {
      const reply = await socket.request(2401, { webcastId: ROOM, after, limit: 500 }, 30_000);
      const messages = (reply.messages ?? []) as { code: number; offset?: number; sendTime?: number; msgId?: string }[];
      if (messages.length === 0) break;
      for (const m of messages) {
        if (m.code === 7101 && typeof m.offset === 'number' && typeof m.sendTime === 'number') chat.push({ offset: m.offset, sendTime: m.sendTime, msgId: String(m.msgId) });
      }
      after += messages.length;
      if (messages.length < 500) break;
    }
    return chat;
  } finally {
    socket.close();
  }
}
