/**
 * One tab in the benchmark room for the investigation tools (profile.ts, traceBreakdown.ts):
 * the product's video page after a guest login, or the baseline page with a login of its
 * own, settled for 3 s; PROFILE_PAUSE_VIDEO=1 pauses the product's player.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { BenchServer } from '../../harness/serverProcess';
import { markSplashSeen } from '../../harness/splash';
import { ROOM } from './measure';

export type TabVariant = 'product' | 'baseline';

export const variantArg = (arg: string | undefined): TabVariant => (arg === 'baseline' ? 'baseline' : 'product');

/** `measureUpdates`: the product measures each chat update as the benchmark has it (src/diagnostics/updateCost.ts). */
export async function openOneTab(browser: Browser, server: BenchServer, variant: TabVariant, options: { readonly measureUpdates?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
  if (options.measureUpdates === true) await context.addInitScript({ content: 'globalThis.__webcastUpdateCosts = [];' });
  await markSplashSeen(context, [ROOM]);
  const page = await context.newPage();
  if (variant === 'product') {
    await page.goto(`/live/login/${ROOM}`);
    await page.getByRole('button', { name: '以游客身份进入' }).click();
    await page.waitForURL(new RegExp(`/live/video/${ROOM}$`));
  } else {
    const res = await fetch(`${server.url}/ccp/monitor/v2/live_login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ webcastId: ROOM, type: 'guest' }) });
    const { data } = (await res.json()) as { data: { sid: string; ws: string; userId: string } };
    await page.goto(`/bench-baseline/index.html?${new URLSearchParams({ ws: data.ws, sid: data.sid, uid: data.userId, room: ROOM }).toString()}`);
  }
  await new Promise((resolve) => setTimeout(resolve, 3000));
  if (process.env.PROFILE_PAUSE_VIDEO === '1') await page.evaluate(() => document.querySelectorAll('video').forEach((v) => v.pause()));
  // The settling's own updates are not the burst's.
  if (options.measureUpdates === true) await page.evaluate('void (Array.isArray(globalThis.__webcastUpdateCosts) && (globalThis.__webcastUpdateCosts.length = 0))');
  return { context, page };
}
