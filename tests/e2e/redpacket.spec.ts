import { expect, type Browser, type Page } from '@playwright/test';
import { startOwnServer, type OwnServer } from './support/ownServer';
import { test } from './support/splash';
import { enterAsGuest, guestContext } from './support/guest';

// Red packets (issue 14 item 3) against the reference server: the host's packet shows in
// every viewer's page, three viewers grab until it is grabbed out, and a withdrawal is
// refused without a real-name verified account (4204) and beyond the balance (4202), then
// made. The server's ledger is the proof of what moved.

const ROOM = '10001';

let server: OwnServer;

// eslint-disable-next-line no-empty-pattern -- Playwright reads a hook's fixtures from this pattern; it needs none.
test.beforeAll(async ({}, testInfo) => {
  test.setTimeout(120_000);
  server = await startOwnServer(5600 + testInfo.workerIndex);
});

test.afterAll(async () => server?.stop());

test.describe.configure({ timeout: 90_000 });

async function viewer(browser: Browser): Promise<{ page: Page; userId: string; close(): Promise<void> }> {
  const context = await guestContext(browser, server.url);
  const page = await context.newPage();
  const { userId } = await enterAsGuest(page, ROOM);
  return { page, userId, close: () => context.close() };
}

const card = (page: Page) => page.locator('[data-interaction="redpacket"]');
const yuanText = (amount: string) => `¥${amount}`;

test('three viewers grab a packet of two shares: two get theirs, the third is told it is grabbed out; every tab follows', async ({ browser }) => {
  const viewers = [await viewer(browser), await viewer(browser), await viewer(browser)];
  const secondTab = await viewers[0]!.page.context().newPage();
  await secondTab.goto(`/live/video/${ROOM}`);

  const sent = await server.admin<{ id: string }>(`/admin/v1/rooms/${ROOM}/redpacket/send`, { total: '1.00', count: 2, title: '感谢观看' });
  for (const { page } of viewers) {
    await expect(card(page)).toContainText('感谢观看');
    await expect(card(page)).toContainText('剩余 2/2 个');
  }
  await card(viewers[0]!.page).getByRole('button', { name: '抢红包' }).click();
  await expect(card(viewers[0]!.page)).toContainText('恭喜，抢到');
  // The viewer's other tab shows their share too.
  await expect(card(secondTab)).toContainText('恭喜，抢到');
  await card(viewers[1]!.page).getByRole('button', { name: '抢红包' }).click();
  await expect(card(viewers[1]!.page)).toContainText('恭喜，抢到');
  // The last share went: the third viewer's card says so by push, before they press anything.
  await expect(card(viewers[2]!.page)).toContainText('红包已被抢完');
  await expect(card(viewers[2]!.page).getByRole('button', { name: '抢红包' })).toHaveCount(0);

  const draws = (await server.admin<{ list: { userId: string; amount: string }[] }>(`/admin/v1/rooms/${ROOM}/ledger`, { kind: 'redpacket.draw' })).list;
  expect(draws.map((d) => d.userId).sort()).toEqual([viewers[0]!.userId, viewers[1]!.userId].sort());
  const [a, b] = draws.map((d) => d.amount);
  expect((Math.round(Number(a) * 100) + Math.round(Number(b) * 100)) / 100).toBe(1);
  // What each page says matches the ledger.
  const mine = draws.find((d) => d.userId === viewers[0]!.userId)!;
  await expect(card(viewers[0]!.page)).toContainText(yuanText(mine.amount));
  expect(sent.id).toBeTruthy();
  for (const v of viewers) await v.close();
});

test('withdrawal: the rules shown; refused without real-name verification (4204) and beyond the balance (4202); then made', async ({ browser }) => {
  const me = await viewer(browser);
  await server.admin(`/admin/v1/rooms/${ROOM}/settings`, { openPlatform: { privateMerchant: true, merchantName: '示例会展公司' } });
  await server.admin(`/admin/v1/rooms/${ROOM}/redpacket/send`, { total: '0.50', count: 1, title: '提现测试' });
  await card(me.page).getByRole('button', { name: '抢红包' }).click();
  await expect(card(me.page)).toContainText('恭喜，抢到 ¥0.50');
  await card(me.page).getByRole('button', { name: '我的红包' }).click();
  const wallet = me.page.getByRole('dialog', { name: '我的红包' });
  await expect(wallet.locator('[data-balance]')).toHaveText('¥0.50');
  await expect(wallet.getByRole('list', { name: '提现规则' })).toContainText('提现需要实名认证的账号');
  // Whose account pays (the private-merchant check), and where the money goes: the viewer
  // links their messaging account in a new window (the open platform's app id and its
  // authorisation), which comes back to /getWxInfo.
  await expect(wallet.getByRole('list', { name: '提现规则' })).toContainText('红包与提现款项由「示例会展公司」的商户账号支付');
  const popup = me.page.waitForEvent('popup');
  await wallet.getByRole('link', { name: '关联即时通讯账号（新窗口）' }).click();
  const consent = await popup;
  await consent.getByRole('button', { name: /^Alice/ }).click();
  await expect(consent.getByText('已获取即时通讯账号：Alice')).toBeVisible();
  await consent.close();
  const amount = wallet.getByRole('textbox', { name: '提现金额（元）' });

  // Checked before sending: more than the balance, too precise.
  await amount.fill('0.51');
  await wallet.getByRole('button', { name: '提现', exact: true }).click();
  await expect(wallet.getByRole('alert')).toHaveText('可提现余额不足（可提现 ¥0.50）');
  // Refused by the server: not real-name verified.
  await amount.fill('0.20');
  await wallet.getByRole('button', { name: '提现', exact: true }).click();
  await expect(wallet.getByRole('alert')).toHaveText('提现未成功：提现需要实名认证的账号。余额未变。');
  await expect(wallet.locator('[data-balance]')).toHaveText('¥0.50');

  await server.admin(`/admin/v1/rooms/${ROOM}/users/${me.userId}/real-name`, { verified: true });
  // Another tab withdraws 0.40 meanwhile: this one's balance is old, the server refuses 0.20 (4202).
  const other = await me.page.context().newPage();
  await other.goto(`/live/video/${ROOM}`);
  await card(other).getByRole('button', { name: '我的红包' }).click();
  const otherWallet = other.getByRole('dialog', { name: '我的红包' });
  await otherWallet.getByRole('textbox', { name: '提现金额（元）' }).fill('0.40');
  await otherWallet.getByRole('button', { name: '提现', exact: true }).click();
  await expect(otherWallet.getByRole('status')).toContainText('已提现 ¥0.40');
  await me.page.waitForTimeout(3100);
  await wallet.getByRole('button', { name: '提现', exact: true }).click();
  await expect(wallet.getByRole('alert')).toHaveText('提现未成功：可提现余额不足。余额未变。');
  await expect(wallet.locator('[data-balance]')).toHaveText('¥0.10');

  // Then a withdrawal within the balance is made.
  await wallet.getByRole('button', { name: '全部' }).click();
  await me.page.waitForTimeout(3100);
  await wallet.getByRole('button', { name: '提现', exact: true }).click();
  await expect(wallet.getByRole('status')).toContainText('已提现 ¥0.10');
  await expect(wallet.locator('[data-balance]')).toHaveText('¥0.00');
  await expect(wallet.getByRole('region', { name: '提现记录' })).toContainText('−¥0.10');
  const withdrawals = (await server.admin<{ list: { userId: string; amount: string }[] }>(`/admin/v1/rooms/${ROOM}/ledger`, { kind: 'redpacket.withdraw' })).list.filter((w) => w.userId === me.userId);
  expect(withdrawals.map((w) => w.amount)).toEqual(['0.40', '0.10']);
  await me.close();
});
