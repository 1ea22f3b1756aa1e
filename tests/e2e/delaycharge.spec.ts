import { expect } from '@playwright/test';
import { startOwnServer, type OwnServer } from './support/ownServer';
import { test } from './support/splash';
import { enterAsGuest, guestContext } from './support/guest';

// Delayed charging (issue 14 item 6) against the reference server: the viewer is told the
// free time and the price before anything is due; then a gate covers the video until the
// price is paid, once (the ledger), and the video stops meanwhile; a reload after paying
// shows nothing.

const ROOM = '10001';

let server: OwnServer;

// eslint-disable-next-line no-empty-pattern -- Playwright reads a hook's fixtures from this pattern; it needs none.
test.beforeAll(async ({}, testInfo) => {
  test.setTimeout(120_000);
  server = await startOwnServer(5900 + testInfo.workerIndex);
  await server.admin(`/admin/v1/rooms/${ROOM}/settings`, { charge: { enabled: true, freeSeconds: 4, priceYuan: '1.5' } });
});

test.afterAll(async () => server?.stop());

test('free time and price said first; then the gate over the video until paid, once; nothing after a reload', async ({ browser }) => {
  const context = await guestContext(browser, server.url);
  const page = await context.newPage();
  const { userId } = await enterAsGuest(page, ROOM);
  const badge = page.locator('.delay-badge');
  await expect(badge).toContainText('免费试看 00:0');
  await expect(badge).toContainText('试看结束后需支付 ¥1.50 继续观看');

  const gate = page.getByRole('dialog', { name: '免费试看已结束' });
  await expect(gate).toBeVisible({ timeout: 15_000 });
  await expect(gate).toContainText('支付 ¥1.50 即可继续观看本场直播');
  await expect(badge).toHaveCount(0);
  // The video stops under the gate (no picture, no sound), and plays again once paid.
  const player = page.getByRole('region', { name: '直播播放器' });
  await expect(player).toHaveAttribute('data-phase', 'idle');
  await gate.getByRole('button', { name: '支付 ¥1.50' }).click();
  await expect(gate).toHaveCount(0);
  await expect(player).toHaveAttribute('data-phase', 'playing', { timeout: 20_000 });
  const ledger = (await server.admin<{ list: { userId: string; amount: string }[] }>(`/admin/v1/rooms/${ROOM}/ledger`, { kind: 'delay.pay' })).list;
  expect(ledger.filter((row) => row.userId === userId).map((row) => row.amount)).toEqual(['1.50']);

  await page.reload();
  await expect(page.getByRole('tab', { name: '聊天' })).toBeVisible();
  await page.waitForTimeout(1500);
  await expect(page.locator('.delay-badge, .delay-gate')).toHaveCount(0);
  await context.close();
});
