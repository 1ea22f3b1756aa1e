import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './support/base';
import { E2E_ADMIN_TOKEN } from '../../playwright.config';

// The sign-up room (10006): seeded phones in each audit state, and a new viewer who signs
// up, waits for approval (is_sign polling and the re-check button) and is let in or told
// the sign-up failed. The host's audit goes through the admin API.

test.describe.configure({ timeout: 60_000 });

const ROOM = '10006';
const ADMIN = { 'x-admin-token': E2E_ADMIN_TOKEN };
const randomPhone = () => `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

async function inboxCode(request: APIRequestContext, to: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      code = /<code>(\d{4,8})<\/code>/.exec(await (await request.get(`/sim/inbox?to=${encodeURIComponent(to)}`)).text())?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{4,8}$/);
  return code;
}

async function login(page: Page, request: APIRequestContext, phone: string) {
  await page.goto(`/live/login/${ROOM}`);
  await page.getByRole('checkbox', { name: '我已阅读并同意隐私协议' }).check();
  const form = page.getByRole('form', { name: '报名观看' });
  await form.getByRole('textbox', { name: '手机号' }).fill(phone);
  await form.getByRole('button', { name: '获取验证码' }).click();
  await expect(form.getByRole('status')).toHaveText('验证码已发送');
  await form.getByRole('textbox', { name: '短信验证码' }).fill(await inboxCode(request, phone));
  await form.getByRole('button', { name: '进入直播间' }).click();
}

async function audit(request: APIRequestContext, phone: string, state: 'passed' | 'failed') {
  const list = (await (await request.get(`/admin/v1/rooms/${ROOM}/signups`, { headers: ADMIN })).json()) as {
    data: { signups: { uid: string; phone: string | null }[] };
  };
  const signup = list.data.signups.find((s) => s.phone === phone);
  expect(signup, `a sign-up for ${phone}`).toBeDefined();
  const res = await request.post(`/admin/v1/rooms/${ROOM}/signups/${signup?.uid ?? ''}/audit`, { headers: ADMIN, data: { state } });
  expect(res.ok()).toBe(true);
}

test('a passed sign-up enters', async ({ page, request }) => {
  await login(page, request, '13800000062');
  await expect(page).toHaveURL(new RegExp(`/live/video/${ROOM}$`));
});

test('a failed sign-up is told so (4012)', async ({ page, request }) => {
  await login(page, request, '13800000063');
  await expect(page.getByRole('alert')).toHaveText('您的报名审核未通过');
  await expect(page).toHaveURL(new RegExp(`/live/login/${ROOM}$`));
});

test('under review (4011): re-checked by hand once the host approves, then enters', async ({ page, request }) => {
  // A sign-up of its own (the seeded pending phone would be approved after one run).
  const phone = randomPhone();
  const signed = await request.post('/ccp/monitor/v2/webcast/sign', { data: { webcastId: ROOM, answers: { name: '待审观众', phone } } });
  expect(((await signed.json()) as { data: { state: string } }).data.state).toBe('pending');
  await login(page, request, phone);
  const region = page.getByRole('region', { name: '报名观看' });
  await expect(region.getByRole('status')).toHaveText('您的报名正在审核中');
  await audit(request, phone, 'passed');
  await region.getByRole('button', { name: '重新查询审核结果' }).click();
  await expect(page).toHaveURL(new RegExp(`/live/video/${ROOM}$`));
});

test('not signed up (4009): the form checks its fields, the sign-up waits for review, approval lets in', async ({ page, request }) => {
  const phone = randomPhone();
  await login(page, request, phone);
  const form = page.getByRole('form', { name: '报名表' });
  await expect(form.getByText('您还没有报名，请先填写报名表')).toBeVisible();

  await form.getByRole('button', { name: '提交报名' }).click();
  await expect(form.getByRole('alert')).toHaveText(['此项为必填项', '此项为必填项']);
  await form.getByRole('textbox', { name: '姓名' }).fill('报名观众');
  await form.getByRole('textbox', { name: '手机号' }).fill('12345');
  await form.getByRole('textbox', { name: '邮箱' }).fill('bad@');
  await form.getByRole('button', { name: '提交报名' }).click();
  await expect(form.getByRole('alert')).toHaveText(['手机号格式不正确', '邮箱格式不正确']);

  await form.getByRole('textbox', { name: '手机号' }).fill(phone);
  await form.getByRole('textbox', { name: '邮箱' }).fill('');
  await form.getByRole('button', { name: '提交报名' }).click();
  const region = page.getByRole('region', { name: '报名观看' });
  await expect(region.getByRole('status')).toHaveText('您的报名正在审核中');

  await audit(request, phone, 'passed');
  // Polling notices the approval and the login is tried again with the same phone and code.
  await expect(page).toHaveURL(new RegExp(`/live/video/${ROOM}$`), { timeout: 15_000 });
});

test('a sign-up that the host refuses shows the failure while waiting', async ({ page, request }) => {
  const phone = randomPhone();
  await login(page, request, phone);
  const form = page.getByRole('form', { name: '报名表' });
  await form.getByRole('textbox', { name: '姓名' }).fill('被拒观众');
  await form.getByRole('textbox', { name: '手机号' }).fill(phone);
  await form.getByRole('button', { name: '提交报名' }).click();
  await expect(page.getByRole('region', { name: '报名观看' }).getByRole('status')).toHaveText('您的报名正在审核中');
  await audit(request, phone, 'failed');
  await expect(page.getByRole('alert')).toHaveText('您的报名审核未通过', { timeout: 15_000 });
});
