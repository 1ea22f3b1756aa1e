import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

// "Account logged in on another device" (SPEC 8; PROTOCOL 9004): a phone login in one
// browser ends the same account's session in another; back on the guide page that browser
// is told so (4005) and can log in again.

test.describe.configure({ timeout: 90_000 });

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

  // The second browser needs a new code, which the server gives once a minute per address.
  const second = await (await browser.newContext()).newPage();
  await second.goto('/live/login/10004');
  await second.getByRole('checkbox', { name: '我已阅读并同意隐私协议' }).check();
  await expect
    .poll(
      async () => {
        const res = await request.post('/commerce/v1/verify/sms/send', { data: { phone, liveId: '10004' } });
        return ((await res.json()) as { code: number }).code;
      },
      { timeout: 75_000, intervals: [5_000] },
    )
    .toBe(200);
  const code2 = await inboxCode(request, phone, code1);
  await phoneLogin(second, phone, code2);

  await expect(first.getByText('您的账号已在其他设备登录')).toBeVisible();
  // The chat banner's way back to the guide page (in the app, no reload).
  await first.getByRole('link', { name: '返回直播间入口' }).click();
  await expect(first).toHaveURL(/\/live\/login\/10004$/);
  await expect(first.getByRole('alert').filter({ hasText: '您的账号已在其他设备登录' })).toBeVisible();
  await first.getByRole('button', { name: '重新登录' }).click();
  await expect(first.getByRole('form', { name: '手机号验证' })).toBeVisible();
});
