import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './support/base';
import { E2E_ADMIN_TOKEN } from '../../playwright.config';
import { joinedRoom } from './support/guest';

// "Account logged in on another device" (SPEC 8; PROTOCOL 9004): a phone login in one
// browser, then a login of the same account in another, ends the first; back on the guide
// page that browser is told so (4005) and can log in again. The second login is a one-time
// link made for the account (an account login like the phone's): a second SMS code for the
// same phone would wait out the server's minute between codes.

const randomPhone = () => `136${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

async function inboxCode(request: APIRequestContext, to: string, not = ''): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      code = /<code>(\d{4,8})<\/code>/.exec(await (await request.get(`/sim/inbox?to=${encodeURIComponent(to)}`)).text())?.[1] ?? '';
      return code !== '' && code !== not;
    })
    .toBe(true);
  return code;
}

async function phoneLogin(page: Page, phone: string, code: string) {
  const form = page.getByRole('form', { name: '手机号验证' });
  await form.getByLabel('手机号').fill(phone);
  await form.getByLabel('短信验证码').fill(code);
  await form.getByRole('button', { name: '进入直播间' }).click();
  await expect(page).toHaveURL(/\/live\/video\/10004$/);
}

/** The user id of the page's stored login of room 10004. */
async function storedUserId(page: Page): Promise<string> {
  const stored = await page.evaluate(() => localStorage.getItem('webcast.login.10004'));
  return (JSON.parse(stored ?? '{}') as { userId?: string }).userId ?? '';
}

test('a login elsewhere ends this one; the guide page says so and offers to log in again', async ({ browser, request }) => {
  const phone = randomPhone();
  const first = await (await browser.newContext()).newPage();
  await first.goto('/live/login/10004');
  await first.getByRole('checkbox', { name: '我已阅读并同意隐私协议' }).check();
  const form = first.getByRole('form', { name: '手机号验证' });
  await form.getByLabel('手机号').fill(phone);
  await form.getByRole('button', { name: '获取验证码' }).click();
  const code1 = await inboxCode(request, phone);
  await phoneLogin(first, phone, code1);

  // The first browser is in the room (its socket joined) before the same account logs in in
  // a second one: a login elsewhere before that would end a session the page never used.
  await joinedRoom(first, '10004');
  const userId = await storedUserId(first);
  expect(userId).not.toBe('');
  const res = await request.post('/admin/v1/rooms/10004/disposable', { headers: { 'x-admin-token': E2E_ADMIN_TOKEN }, data: { uid: userId } });
  const { data } = (await res.json()) as { data: { path: string } };
  const second = await (await browser.newContext()).newPage();
  await second.goto(data.path);
  await second.getByRole('checkbox', { name: '我已阅读并同意隐私协议' }).check();
  await second.getByRole('button', { name: '使用链接进入' }).click();
  await expect(second).toHaveURL(/\/live\/video\/10004$/);
  expect(await storedUserId(second)).toBe(userId);

  await expect(first.getByText('您的账号已在其他设备登录')).toBeVisible();
  // The chat banner's way back to the guide page (in the app, no reload).
  await first.getByRole('link', { name: '返回直播间入口' }).click();
  await expect(first).toHaveURL(/\/live\/login\/10004$/);
  await expect(first.getByRole('alert').filter({ hasText: '您的账号已在其他设备登录' })).toBeVisible();
  await first.getByRole('button', { name: '重新登录' }).click();
  await expect(first.getByRole('form', { name: '手机号验证' })).toBeVisible();
});
