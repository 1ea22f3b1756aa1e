import { expect } from '@playwright/test';
import { startOwnServer, type OwnServer } from './support/ownServer';
import { test } from './support/splash';
import { enterAsGuest, guestContext } from './support/guest';

// Goods and recommendations (issue 14 item 4) against the reference server: the products
// tab pages and searches; a pushed goods card shows in every tab and opens its detail; a
// purchase is charged once and beyond the stock is refused in words; products disabled by
// the platform hide the tab and a link to it says why.

const ROOM = '10001';

let server: OwnServer;

// eslint-disable-next-line no-empty-pattern -- Playwright reads a hook's fixtures from this pattern; it needs none.
test.beforeAll(async ({}, testInfo) => {
  test.setTimeout(120_000);
  server = await startOwnServer(5700 + testInfo.workerIndex);
});

test.afterAll(async () => server?.stop());

test.describe.configure({ timeout: 90_000 });

test('the products tab lists and searches; a pushed goods card in every tab opens its detail; buying beyond the stock is refused, within it charged once', async ({ browser }) => {
  const context = await guestContext(browser, server.url);
  const page = await context.newPage();
  const { userId } = await enterAsGuest(page, ROOM);
  const other = await context.newPage();
  await other.goto(`/live/video/${ROOM}`);

  await page.getByRole('tab', { name: '商品' }).click();
  const list = page.getByRole('list', { name: '商品列表' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await expect(list).toContainText('Webcast mug');
  // A keyword over the limit is refused before any call; a keyword that matches nothing says so.
  const search = page.getByRole('searchbox', { name: '搜索' });
  await search.fill('x'.repeat(60));
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('关键词超出');
  await search.fill('notebook');
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Notebook');

  // The host pushes the mug with 3 left: a card in both tabs.
  const pushed = await server.admin<{ id: string }>(`/admin/v1/rooms/${ROOM}/goods/push`, { kind: 'goods' });
  await server.admin(`/admin/v1/rooms/${ROOM}/goods/${pushed.id}/stock`, { stock: 3 });
  await server.admin(`/admin/v1/rooms/${ROOM}/goods/push`, { kind: 'goods', id: pushed.id });
  for (const tab of [page, other]) await expect(tab.locator('[data-interaction="pushed"]')).toContainText('Webcast mug');
  // A viewer who opens the products tab after the push finds the mug pinned as presented now (goods/pushgoodsid).
  await other.getByRole('tab', { name: '商品' }).click();
  const presented = other.getByRole('region', { name: '主播正在讲解的商品' });
  await expect(presented).toContainText('Webcast mug');
  await expect(presented).toContainText('讲解中');
  await expect(page.locator('[data-interaction="pushed"]')).toContainText('仅剩 3 件');
  await page.locator('[data-interaction="pushed"]').getByRole('button', { name: '查看 Webcast mug' }).click();
  const detail = page.getByRole('dialog', { name: 'Webcast mug' });
  await detail.getByRole('button', { name: '增加一件' }).click();
  await detail.getByRole('button', { name: '增加一件' }).click();
  await expect(detail.getByRole('button', { name: '增加一件' })).toBeDisabled();
  await expect(detail).toContainText('合计 ¥119.70');
  // Someone else buys two meanwhile: the server refuses three, the detail says how many are left.
  await server.admin(`/admin/v1/rooms/${ROOM}/goods/${pushed.id}/stock`, { stock: 1 });
  await detail.getByRole('button', { name: '立即购买' }).click();
  await expect(detail.getByRole('alert')).toHaveText('库存不足，仅剩 1 件');
  await expect(detail).toContainText('仅剩 1 件');
  await detail.getByRole('button', { name: '减少一件' }).click();
  await detail.getByRole('button', { name: '减少一件' }).click();
  await page.waitForTimeout(3100);
  await detail.getByRole('button', { name: '立即购买' }).click();
  await expect(detail.getByRole('status')).toContainText('购买成功：1 件，共 ¥39.90');
  await expect(detail).toContainText('已售罄');
  const orders = (await server.admin<{ list: { userId: string; amount: string }[] }>(`/admin/v1/rooms/${ROOM}/ledger`, { kind: 'goods.purchase' })).list;
  expect(orders.filter((o) => o.userId === userId).map((o) => o.amount)).toEqual(['39.90']);
  await context.close();
});

test('recommendations open their link in a new tab; a pushed recommendation shows as a card', async ({ browser }) => {
  const context = await guestContext(browser, server.url);
  const page = await context.newPage();
  await enterAsGuest(page, ROOM);
  await page.getByRole('tab', { name: '推荐' }).click();
  const list = page.getByRole('list', { name: '推荐列表' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  const link = list.getByRole('link').first();
  await expect(link).toHaveAttribute('target', '_blank');
  expect(await link.getAttribute('href')).toMatch(/^https?:\/\//);
  await server.admin(`/admin/v1/rooms/${ROOM}/goods/push`, { kind: 'recommend' });
  await expect(page.locator('[data-interaction="pushed"]')).toContainText('推荐');
  await page.locator('[data-interaction="pushed"]').getByRole('button', { name: /关闭/ }).click();
  await expect(page.locator('[data-interaction="pushed"]')).toHaveCount(0);
  await context.close();
});

test('products disabled by the platform: the tab is hidden, and a link to it says why', async ({ browser }) => {
  await server.admin(`/admin/v1/rooms/${ROOM}/commerce`, { goods: false });
  const context = await guestContext(browser, server.url);
  const page = await context.newPage();
  await enterAsGuest(page, ROOM);
  await expect(page.getByRole('tab', { name: '商品' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: '推荐' })).toBeVisible();
  await page.goto(`/live/video/${ROOM}?tab=goods`);
  await expect(page.getByText('商品已被平台禁用')).toBeVisible();
  await expect(page.getByRole('tab', { name: '聊天' })).toHaveAttribute('aria-selected', 'true');
  await server.admin(`/admin/v1/rooms/${ROOM}/commerce`, { goods: true });
  await context.close();
});
