import { expect } from '@playwright/test';
import { test } from './support/base';

// The guide page's room info and every blocked case of SPEC 6 / entry message of SPEC 8,
// against the reference server's demo rooms (10011-10014) and the admin API.

test.describe('guide page: room info', () => {
  test('shows title, status, start time and introduction; no agreement in the open room', async ({ page }) => {
    await page.goto('/live/login/10001');
    await expect(page.getByRole('heading', { name: 'Open live room' })).toBeVisible();
    await expect(page.getByText(/^开始时间：/)).toBeVisible();
    await expect(page.getByText('Open live room: a demo room of the reference room server.')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: '我已阅读并同意隐私协议' })).toHaveCount(0);
    // The room's theme colour is applied as the CSS variable.
    const theme = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--theme-color').trim());
    expect(theme).toMatch(/^#[0-9a-f]{3,6}$/i);
  });

  test('a room that requires the privacy agreement refuses to log in until it is ticked', async ({ page }) => {
    await page.goto('/live/login/10002');
    const form = page.getByRole('form', { name: '观看密码' });
    await form.getByLabel('请输入观看密码').fill('123456');
    await form.getByRole('button', { name: '进入直播间' }).click();
    await expect(page.getByText('请先阅读并同意隐私协议')).toBeVisible();
    await expect(page).toHaveURL(/\/live\/login\/10002$/);
  });
});

test.describe('blocked cases', () => {
  test('unknown room: live address invalid or expired (4002)', async ({ page }) => {
    await page.goto('/live/login/99999');
    await expect(page.getByRole('alert')).toHaveText('直播地址无效或已过期');
  });

  test('malformed address: address invalid (4001)', async ({ page }) => {
    await page.goto('/live/login/bad%20room!');
    await expect(page.getByRole('alert')).toHaveText('地址无效，请稍后重试');
  });

  test('deleted room (4006)', async ({ page }) => {
    await page.goto('/live/login/10013');
    await expect(page.getByRole('alert')).toHaveText('直播间已删除');
  });

  for (const [room, message] of [
    ['10011', '直播间人数已满，请稍后再试'],
    ['10012', '回放并发已满'],
    ['10014', '直播已结束'],
  ] as const) {
    test(`room ${room}: the guest login is refused with "${message}"`, async ({ page }) => {
      await page.goto(`/live/login/${room}`);
      const form = page.getByRole('form', { name: '游客进入' });
      await page.getByRole('checkbox', { name: '我已阅读并同意隐私协议' }).check();
      await form.getByRole('button', { name: '以游客身份进入' }).click();
      await expect(form.getByRole('alert')).toHaveText(message);
      await expect(page).toHaveURL(new RegExp(`/live/login/${room}$`));
    });
  }

  test('an expired login sends the viewer to the application root with the notice', async ({ page }) => {
    await page.goto('/live/login/10001');
    await page.evaluate(() =>
      localStorage.setItem('webcast.login.10001', JSON.stringify({ liveToken: 'expired-token', sid: 'x', userId: 'u-gone', role: 5, wsUrl: 'ws://127.0.0.1/ws' })),
    );
    await page.goto('/live/login/10002');
    await page.goto('/live/login/10001');
    await expect(page.getByText('登录信息已过期，请重新登录')).toBeVisible();
    await expect(page.getByRole('button', { name: '以游客身份进入' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('webcast.login.10001'))).toBeNull();
  });
});
