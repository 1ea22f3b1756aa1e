import { expect } from '@playwright/test';
import { test } from './support/base';
import { E2E_ADMIN_TOKEN } from '../../playwright.config';

// Entries that go through something outside the page: the enterprise-messaging
// authorisation round trip (10008, the server's simulated provider), the social-messaging
// QR scan login (10009, the simulated phone at the QR's address) and one-time links.

test.describe.configure({ timeout: 60_000 });

test.describe('enterprise messaging room', () => {
  test('an employee of the corp authorises and enters', async ({ page }) => {
    await page.goto('/live/login/10008');
    const region = page.getByRole('region', { name: '企业微信授权登录' });
    await region.getByRole('button', { name: '前往授权' }).click();
    await expect(page.getByText('请先阅读并同意隐私协议')).toBeVisible();
    await page.getByRole('checkbox', { name: '我已阅读并同意隐私协议' }).check();
    await region.getByRole('button', { name: '前往授权' }).click();
    await expect(page).toHaveURL(/\/sim\/workwx\/authorize/);
    await page.getByRole('button', { name: /^张三/ }).click();
    // Back on the login page with ?code=…&state=10008: the login finishes by itself.
    await expect(page).toHaveURL(/\/live\/video\/10008$/);
  });

  test('someone of another corp is told so by name before any login (workwx/user/info)', async ({ page }) => {
    await page.goto('/live/login/10008');
    await page.getByRole('checkbox', { name: '我已阅读并同意隐私协议' }).check();
    await page.getByRole('button', { name: '前往授权' }).click();
    const logins: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/ccp/monitor/v2/live_login') logins.push(request.url());
    });
    await page.getByRole('button', { name: /^王五/ }).click();
    await expect(page).toHaveURL(/\/live\/login\/10008$/);
    // Who the code belongs to is asked first (workwx/user/info): told by name, and no login is tried.
    await expect(page.getByRole('region', { name: '企业微信授权登录' }).getByRole('alert')).toHaveText(/^王五（other-corp）不是本直播间所属企业的成员，无法进入$/);
    await expect(page.getByRole('region', { name: '企业微信授权登录' }).getByRole('button', { name: '完成登录' })).toHaveCount(0);
    expect(logins).toEqual([]);
  });
});

test.describe('third-party app room', () => {
  test("a viewer signs in with the organiser's app, is named on the way back, and enters as that app user", async ({ page }) => {
    await page.goto('/live/login/10017');
    const region = page.getByRole('region', { name: '使用 Demo CRM 登录' });
    await expect(region).toContainText('本直播间通过主办方的应用「Demo CRM」确认观众身份');
    const asked = page.waitForResponse((r) => r.url().includes('/ccp/monitor/v2/third/login/url?webcastId=10017&appCode=democrm'));
    await region.getByRole('button', { name: '前往 Demo CRM 授权' }).click();
    expect((await asked).ok()).toBe(true);
    await expect(page).toHaveURL(/\/sim\/third\/authorize/);
    // Back with ?code=…&state=10017: who the code is (third/auth/url), then the login (type third).
    const who = page.waitForResponse((r) => r.url().includes('/ccp/monitor/v2/third/auth/url?'));
    const login = page.waitForRequest((r) => new URL(r.url()).pathname === '/ccp/monitor/v2/live_login');
    await page.getByRole('button', { name: /^Carol/ }).click();
    expect(((await (await who).json()) as { data: { name: string } }).data.name).toBe('Carol');
    expect((await login).postDataJSON()).toMatchObject({ webcastId: '10017', type: 'third', appCode: 'democrm' });
    await expect(page).toHaveURL(/\/live\/video\/10017$/);
  });

  test('a spent code is refused with the reason, and the viewer can authorise again', async ({ page }) => {
    await page.goto('/live/login/10017?code=not-a-code&state=10017');
    const region = page.getByRole('region', { name: '使用 Demo CRM 登录' });
    await expect(region.getByRole('alert')).toHaveText('验证信息有误');
    await expect(region.getByRole('button', { name: '前往 Demo CRM 授权' })).toBeEnabled();
  });
});

test.describe('QR scan login room', () => {
  test('scanning and confirming on the phone enters', async ({ page, context }) => {
    await page.goto('/live/login/10009');
    await page.getByRole('checkbox', { name: '我已阅读并同意隐私协议' }).check();
    const region = page.getByRole('region', { name: '扫码登录' });
    const image = region.getByRole('img', { name: '登录二维码，请使用即时通讯应用扫描' });
    await expect(image).toBeVisible();
    expect(await image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await expect(region.getByText(/^二维码 \d+ 秒后过期$/)).toBeVisible();

    // The phone: open the QR's address (marks it scanned), then confirm as Alice.
    const scanUrl = await region.getByRole('link', { name: '无法扫码？在浏览器中打开链接' }).getAttribute('href');
    expect(scanUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sim\/qr\/scan\?ticket=/);
    const phone = await context.newPage();
    await phone.goto(scanUrl ?? '');
    await expect(region.getByRole('status')).toHaveText('已扫码，请在手机上确认登录');
    await phone.getByRole('button', { name: /^Alice/ }).click();
    await expect(page).toHaveURL(/\/live\/video\/10009$/);
  });

  test('an invalid QR code (4302) is said so and can be renewed', async ({ page }) => {
    await page.route('**/commerce/v1/follow/result**', (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ code: 4302, msg: 'QR code invalid', data: null }) }),
    );
    await page.goto('/live/login/10009');
    const region = page.getByRole('region', { name: '扫码登录' });
    await expect(region.getByRole('alert')).toHaveText('二维码无效');
    await page.unroute('**/commerce/v1/follow/result**');
    await region.getByRole('button', { name: '刷新二维码' }).click();
    await expect(region.getByRole('img', { name: '登录二维码，请使用即时通讯应用扫描' })).toBeVisible();
  });

  test('an expired QR code is said so', async ({ page }) => {
    await page.clock.install();
    await page.goto('/live/login/10009');
    const region = page.getByRole('region', { name: '扫码登录' });
    await expect(region.getByRole('img', { name: '登录二维码，请使用即时通讯应用扫描' })).toBeVisible();
    await page.clock.fastForward('02:05');
    await expect(region.getByRole('alert')).toHaveText('二维码已过期');
    await expect(region.getByRole('button', { name: '刷新二维码' })).toBeVisible();
  });
});

test.describe('one-time link', () => {
  test('enters once; a second use is refused (4301)', async ({ page, request, browser }) => {
    const res = await request.post('/admin/v1/rooms/10001/disposable', { headers: { 'x-admin-token': E2E_ADMIN_TOKEN }, data: { name: '链接观众' } });
    const { data } = (await res.json()) as { data: { path: string } };
    expect(data.path).toMatch(/^\/live\/login\/10001\?disposable=/);

    await page.goto(data.path);
    // The token is taken out of the address bar.
    await expect(page).toHaveURL(/\/live\/login\/10001$/);
    await page.getByRole('button', { name: '使用链接进入' }).click();
    await expect(page).toHaveURL(/\/live\/video\/10001$/);

    const other = await browser.newContext();
    const again = await other.newPage();
    await again.goto(data.path);
    await again.getByRole('button', { name: '使用链接进入' }).click();
    await expect(again.getByRole('region', { name: '一次性登录链接' }).getByRole('alert')).toHaveText('链接已过期或无效');
    await other.close();
  });

  test('in a room that requires the privacy agreement, the link enters once it is ticked', async ({ page, request }) => {
    const res = await request.post('/admin/v1/rooms/10002/disposable', { headers: { 'x-admin-token': E2E_ADMIN_TOKEN }, data: { name: '隐私链接观众' } });
    const { data } = (await res.json()) as { data: { path: string } };
    await page.goto(data.path);
    await page.getByRole('button', { name: '使用链接进入' }).click();
    await expect(page.getByText('请先阅读并同意隐私协议')).toBeVisible();
    await expect(page).toHaveURL(/\/live\/login\/10002$/);
    await page.getByRole('checkbox', { name: '我已阅读并同意隐私协议' }).check();
    await page.getByRole('button', { name: '使用链接进入' }).click();
    await expect(page).toHaveURL(/\/live\/video\/10002$/);
  });
});
