import { expect, type Page, type TestInfo } from '@playwright/test';
import { test } from './support/splash';
import { enterAsGuest } from './support/guest';
import { startOwnServer, type OwnServer } from './support/ownServer';

// The guide page shows the event (issue 12 item 3): the cover or the theme with the title,
// who hosts it, the start time with a countdown that reaches zero, the start reminder where
// the room offers it, the share link; when the host starts the live the page says so. On a
// server of its own: the open room is scheduled to start later, which other tests must not see.

async function keep(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await testInfo.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
}

let server: OwnServer;
test.beforeEach(async ({ browserName: _browserName }, testInfo) => {
  test.setTimeout(90_000);
  server = await startOwnServer(4720 + testInfo.workerIndex);
});
test.afterEach(async () => {
  await server.stop();
});

test('counts down to the start, takes a reminder, and offers the live once it starts', async ({ page, context }, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await server.admin('/admin/v1/rooms/10001/live/schedule', { inSeconds: 3600 });
  await page.goto(`${server.url}/live/login/10001`);
  const event = page.getByRole('article', { name: 'Open live room' });
  await expect(event.getByText('未开始')).toBeVisible();
  await expect(event.getByText('主办：主持人10001')).toBeVisible();
  await expect(event.getByRole('timer')).toHaveText(/^距离开播 00:59:5\d$/);
  await keep(page, testInfo, 'guide-upcoming');

  // Share: the guide page's own address, copied.
  await event.getByRole('button', { name: '复制链接' }).click();
  await expect(event.getByText('链接已复制')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${server.url}/live/login/10001`);

  // The reminder needs the viewer's login for this room.
  await event.getByRole('button', { name: '开播提醒' }).click();
  await expect(event.getByText('进入直播间（登录）后即可预约开播提醒')).toBeVisible();
  await enterAsGuest(page, '10001', server.url);
  await page.goto(`${server.url}/live/login/10001`);
  await event.getByRole('button', { name: '开播提醒' }).click();
  const reminder = event.getByRole('region', { name: '开播提醒' });
  await reminder.getByRole('radio', { name: '短信' }).check();
  await reminder.getByRole('textbox', { name: '手机号' }).fill('123');
  await reminder.getByRole('button', { name: '预约提醒' }).click();
  await expect(reminder.getByRole('alert')).toHaveText('手机号格式不正确');
  await reminder.getByRole('textbox', { name: '手机号' }).fill('13800000001');
  await reminder.getByRole('button', { name: '预约提醒' }).click();
  await expect(reminder.getByRole('status')).toHaveText('已预约，开播时将通过短信提醒您');
  await expect(reminder.getByText('已预约：短信')).toBeVisible();
  await keep(page, testInfo, 'guide-reminder');
  // The same channel again: the server's 4408, as the catalogue says it.
  await reminder.getByRole('radio', { name: /短信/ }).check();
  await reminder.getByRole('button', { name: '预约提醒' }).click();
  await expect(reminder.getByRole('alert')).toHaveText('已订阅');

  // The start comes: the countdown reaches zero, then the host starts the live.
  await server.admin('/admin/v1/rooms/10001/live/schedule', { inSeconds: 3 });
  await page.reload();
  await expect(event.getByRole('timer')).toHaveText(/^距离开播 00:00:0[1-3]$/);
  await expect(event.getByRole('timer')).toHaveText('即将开播，请稍候', { timeout: 6000 });
  await server.admin('/admin/v1/rooms/10001/live/start', {});
  await expect(event.getByText('直播中')).toBeVisible({ timeout: 8000 });
  await expect(event.getByText('直播已开始，现在进入即可观看')).toBeVisible();
  await expect(event.getByRole('timer')).toHaveCount(0);
  await expect(page.getByRole('button', { name: '进入直播间' })).toBeVisible();
  await keep(page, testInfo, 'guide-live');
});

test('a viewer who entered through enterprise messaging is reminded on that account, by its open id', async ({ page }) => {
  await server.admin('/admin/v1/rooms/10008/live/schedule', { inSeconds: 3600 });
  await page.goto(`${server.url}/live/login/10008`);
  await page.getByRole('checkbox', { name: '我已阅读并同意隐私协议' }).check();
  await page.getByRole('button', { name: '前往授权' }).click();
  await page.getByRole('button', { name: /^张三/ }).click();
  await expect(page).toHaveURL(/\/live\/video\/10008$/);

  await page.goto(`${server.url}/live/login/10008`);
  const event = page.getByRole('article', { name: 'Enterprise-internal room' });
  await event.getByRole('button', { name: '开播提醒' }).click();
  const reminder = event.getByRole('region', { name: '开播提醒' });
  await reminder.getByRole('radio', { name: '消息通知' }).check();
  await expect(reminder.getByText('提醒将发到你的企业微信（张三）')).toBeVisible();
  const openId = page.waitForResponse((r) => r.url().includes('/ccp/monitor/v2/workwx/openid?workWxUserId='));
  const subscribed = page.waitForRequest((r) => new URL(r.url()).pathname === '/ccp/monitor/v2/message_subscribe');
  await reminder.getByRole('button', { name: '预约提醒' }).click();
  const id = ((await (await openId).json()) as { data: { openId: string } }).data.openId;
  expect(id).toMatch(/^o[0-9a-f]{27}$/);
  expect((await subscribed).postDataJSON()).toMatchObject({ webcastId: '10008', type: 'wx', account: id });
  await expect(reminder.getByRole('status')).toHaveText('已预约，开播时将通过消息通知提醒您');
});
