import { expect } from '@playwright/test';
import { test } from './support/base';

// Watch password (10002) and member code (10003) rooms: a wrong secret is refused with its
// message, the right one enters the video page. Both rooms require the privacy agreement.

test.describe('watch password room', () => {
  test('a wrong password is refused (4103); the right one enters with a nickname', async ({ page }) => {
    await page.goto('/live/login/10002');
    // The organiser's welcome and logo (login resource) above the way in.
    await expect(page.locator('.entry-welcome')).toContainText('Welcome to the partners briefing');
    await expect(page.getByRole('img', { name: '主办方标志' })).toBeVisible();
    const form = page.getByRole('form', { name: '观看密码' });
    await page.getByRole('checkbox', { name: '我已阅读并同意隐私协议' }).check();

    await form.getByRole('button', { name: '进入直播间' }).click();
    await expect(form.getByRole('alert')).toHaveText('此项为必填项');

    await form.getByLabel('请输入观看密码').fill('000000');
    await form.getByRole('button', { name: '进入直播间' }).click();
    // Checked on its own first (clv/sign/password/check): said under the password field.
    await expect(form.getByRole('alert')).toHaveText('观看密码错误');
    await expect(form.getByLabel('请输入观看密码')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/live\/login\/10002$/);

    await form.getByLabel('请输入观看密码').fill('123456');
    await form.getByLabel('昵称（选填）').fill('密码观众');
    await form.getByRole('button', { name: '进入直播间' }).click();
    await expect(page).toHaveURL(/\/live\/video\/10002$/);
  });
});

test.describe('member code room', () => {
  test('a wrong member code is refused (4102); a right one enters', async ({ page }) => {
    await page.goto('/live/login/10003');
    const form = page.getByRole('form', { name: '会员码验证' });
    await page.getByRole('checkbox', { name: '我已阅读并同意隐私协议' }).check();
    await form.getByLabel('会员码').fill('M9999');
    await form.getByRole('button', { name: '进入直播间' }).click();
    await expect(form.getByRole('alert')).toHaveText('会员码错误');

    await form.getByLabel('会员码').fill('M1001');
    await form.getByRole('button', { name: '进入直播间' }).click();
    await expect(page).toHaveURL(/\/live\/video\/10003$/);
  });
});

test.describe('a series of rooms', () => {
  test('the guide page lists the series; its next session opens through the series, and the login goes through it (live_login/agg)', async ({ page }) => {
    await page.goto('/live/login/10001');
    const series = page.getByRole('region', { name: '本系列共 2 场直播' });
    await expect(series.getByRole('listitem')).toHaveCount(2);
    await expect(series.getByRole('listitem').nth(0)).toHaveAttribute('aria-current', 'page');
    await series.getByRole('link', { name: 'Watch password room' }).click();
    await expect(page).toHaveURL(/\/live\/login\/10002\?agg=agg-demo$/);
    await page.getByRole('checkbox', { name: '我已阅读并同意隐私协议' }).check();
    const form = page.getByRole('form', { name: '观看密码' });
    await form.getByLabel('请输入观看密码').fill('123456');
    const login = page.waitForRequest((request) => new URL(request.url()).pathname === '/ccp/monitor/v2/live_login/agg');
    await form.getByRole('button', { name: '进入直播间' }).click();
    expect((await login).postDataJSON()).toMatchObject({ aggId: 'agg-demo', webcastId: '10002', type: 'password' });
    await expect(page).toHaveURL(/\/live\/video\/10002/);
  });
});
