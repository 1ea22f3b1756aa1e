import { expect, type Page } from '@playwright/test';
import { test } from './support/splash';
import { enterAsGuest, guestContext } from './support/guest';

// The online count (issue 12 item 5): the server pushes 7109 when a viewer joins or leaves
// (coalesced), the worker hands it to every tab, so two tabs of one viewer show the same
// count as the server, moving when a second viewer comes and goes.

const shown = (page: Page) => page.locator('.room-counts__online').getAttribute('data-online').then(Number);

async function serverOnline(page: Page): Promise<number> {
  const res = await page.request.get('/ccp/monitor/v2/webcast/total?webcastId=10001');
  return ((await res.json()) as { data: { online: number } }).data.online;
}

test('the online count moves in every tab when a viewer joins and leaves', async ({ page, context, browser, baseURL }) => {
  test.setTimeout(60_000);
  await enterAsGuest(page);
  const second = await context.newPage();
  await second.goto('/live/video/10001');
  const bothShowServer = async () => {
    const online = await serverOnline(page);
    return (await shown(page)) === online && (await shown(second)) === online ? online : -1;
  };
  await expect.poll(bothShowServer, { timeout: 15_000 }).toBeGreaterThan(0);
  const before = await bothShowServer();

  const other = await guestContext(browser, baseURL ?? '');
  const visitor = await other.newPage();
  await enterAsGuest(visitor);
  await expect.poll(bothShowServer, { timeout: 15_000 }).toBeGreaterThan(before);
  const during = await bothShowServer();
  await expect(page.locator('.room-counts__online')).toContainText(String(during));

  await other.close();
  await expect.poll(bothShowServer, { timeout: 20_000 }).toBeLessThan(during);
});
