import { expect } from '@playwright/test';
import { test } from './support/base';

// Guest entry on the guide page (PROTOCOL 1.3) and logins shared by the browser's tabs
// (localStorage + storage event), against the reference server's open room 10001.

const LOGIN_KEY = 'webcast.login.10001';

test.describe('guest entry (features/entry)', () => {
  test('a bad nickname is refused inline; a good one enters the video page', async ({ page }) => {
    await page.goto('/live/login/10001');
    const form = page.getByRole('form', { name: '游客进入' });
    await expect(form).toBeVisible();
    // The open room does not require the privacy agreement: no checkbox.
    await expect(form.getByRole('checkbox')).toHaveCount(0);

    await form.getByLabel('昵称（选填）').fill('bad name');
    await form.getByRole('button', { name: '以游客身份进入' }).click();
    await expect(form.getByRole('alert')).toHaveText('昵称只能包含中文、字母、数字和下划线');
    await expect(page).toHaveURL(/\/live\/login\/10001$/);

    await form.getByLabel('昵称（选填）').fill('访客_1');
    await form.getByRole('button', { name: '以游客身份进入' }).click();
    await expect(page).toHaveURL(/\/live\/video\/10001$/);
    const stored = await page.evaluate((key) => localStorage.getItem(key), LOGIN_KEY);
    expect(JSON.parse(stored ?? 'null')).toMatchObject({ liveToken: expect.any(String), sid: expect.any(String), role: 5 });
  });

  test('enters without a nickname', async ({ page }) => {
    await page.goto('/live/login/10001');
    await page.getByRole('button', { name: '以游客身份进入' }).click();
    await expect(page).toHaveURL(/\/live\/video\/10001$/);
  });

  test("another tab's login reaches this tab, and a new tab is already signed in", async ({ context }) => {
    // Four page loads, two of the video page: 26 s of the default 30 alone on the 2-core machine.
    test.setTimeout(60_000);
    const first = await context.newPage();
    await first.goto('/live/login/10001');
    await expect(first.getByRole('button', { name: '以游客身份进入' })).toBeVisible();

    const second = await context.newPage();
    await second.goto('/live/login/10001');
    await second.getByRole('button', { name: '以游客身份进入' }).click();
    await expect(second).toHaveURL(/\/live\/video\/10001$/);

    // The first tab heard of the login through the storage event.
    await expect(first.getByText(/^您已登录：/)).toBeVisible();
    await first.getByRole('button', { name: '进入直播间' }).click();
    await expect(first).toHaveURL(/\/live\/video\/10001$/);

    const third = await context.newPage();
    await third.goto('/live/login/10001');
    await expect(third.getByText(/^您已登录：/)).toBeVisible();

    // A logout in another tab (as clearSession does after 402) ends the login here too.
    await second.evaluate((key) => localStorage.removeItem(key), LOGIN_KEY);
    await expect(third.getByRole('button', { name: '以游客身份进入' })).toBeVisible();
  });

  test('a room without guest logins offers its own form instead', async ({ page }) => {
    await page.goto('/live/login/10002');
    await expect(page.getByRole('form', { name: '观看密码' })).toBeVisible();
    await expect(page.getByRole('form', { name: '游客进入' })).toHaveCount(0);
  });
});
