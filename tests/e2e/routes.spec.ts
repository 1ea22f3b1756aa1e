import { expect } from '@playwright/test';
import { test } from './support/base';
import { markSplashSeen } from './support/splash';

test.describe('routes (SPEC 2)', () => {
  test('/ lands on the default room guide', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/live\/login\/10001$/);
    await expect(page.getByRole('heading', { level: 1, name: '直播间 10001' })).toBeVisible();
    await expect(page.getByRole('button', { name: '以游客身份进入' })).toBeVisible();
  });

  test('the root redirect replaces history: back does not bounce to /', async ({ page }) => {
    await page.goto('/404');
    await page.goto('/');
    await expect(page).toHaveURL(/\/live\/login\/10001$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/404$/);
  });

  test('entering the room shows the same screen in video mode, and back to the guide', async ({ page }) => {
    await page.goto('/live/login/10001');
    const screen = page.locator('article[data-mode]');
    await expect(screen).toHaveAttribute('data-mode', 'guide');

    await page.getByRole('button', { name: '以游客身份进入' }).click();
    await expect(page).toHaveURL(/\/live\/video\/10001$/);
    await expect(page.getByRole('heading', { level: 1, name: '正在观看直播间 10001' })).toBeVisible();
    await expect(screen).toHaveAttribute('data-mode', 'video');

    await page.getByRole('link', { name: '返回直播间引导页' }).click();
    await expect(page).toHaveURL(/\/live\/login\/10001$/);
    await expect(screen).toHaveAttribute('data-mode', 'guide');
  });

  test('pushing the route already shown adds no history entry', async ({ page }) => {
    await page.goto('/live/login/10001');
    await expect(page.getByRole('heading', { level: 1, name: '直播间 10001' })).toBeVisible();
    const before = await page.evaluate(() => history.length);

    // The app name links to the current room's guide page: the page already shown.
    const home = page.getByRole('link', { name: '直播间', exact: true });
    await expect(home).toHaveAttribute('aria-current', 'page');
    await home.click();
    await home.click();
    await expect(page).toHaveURL(/\/live\/login\/10001$/);
    expect(await page.evaluate(() => history.length)).toBe(before);

    // A real move still pushes exactly one entry.
    await page.getByRole('button', { name: '以游客身份进入' }).click();
    await expect(page).toHaveURL(/\/live\/video\/10001$/);
    expect(await page.evaluate(() => history.length)).toBe(before + 1);
    await page.goBack();
    await expect(page).toHaveURL(/\/live\/login\/10001$/);
  });

  test('another room id is shown as given', async ({ page }) => {
    await page.goto('/live/video/20002');
    await expect(page.getByRole('heading', { level: 1, name: '正在观看直播间 20002' })).toBeVisible();
  });

  test('the meeting room route', async ({ page }) => {
    await page.goto('/live/meetLive/10001');
    await expect(page.getByRole('heading', { level: 1, name: '会议直播间 10001' })).toBeVisible();
  });

  test('an unknown path shows the 404 page, with a way back', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: '页面不存在' })).toBeVisible();
    await expect(page.getByText('您打开的地址不存在。')).toBeVisible();
    await expect(page).toHaveURL(/\/no\/such\/page$/);
    await page.getByRole('link', { name: '返回直播间' }).click();
    await expect(page).toHaveURL(/\/live\/login\/10001$/);
  });

  test('/404 is the ErrorRoom page', async ({ page }) => {
    await page.goto('/404');
    await expect(page.getByRole('heading', { level: 1, name: '页面不存在' })).toBeVisible();
  });

  test("the route shell calls no service by itself: the guide page calls only the entry's, the video page only its features'", async ({ page }) => {
    await markSplashSeen(page.context());
    const calls: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/ccp/') || pathname.includes('/login/')) calls.push(`${request.method()} ${pathname}`);
    });
    await page.goto('/');
    await expect(page.getByRole('button', { name: '以游客身份进入' })).toBeVisible();
    // The guide page: the entry reads the room's entry rules, its login page's resources and its series. Nothing else.
    const guide = ['GET /ccp/monitor/v2/webcast/10001', 'GET /ccp/monitor/v2/login/resource/10001', 'GET /ccp/monitor/v2/agg/relation/list'];
    await expect.poll(() => calls).toContain('GET /ccp/monitor/v2/agg/relation/list');
    expect(calls.filter((call) => !guide.includes(call))).toEqual([]);
    await page.getByRole('button', { name: '以游客身份进入' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '正在观看直播间 10001' })).toBeVisible();
    expect(calls).toContain('POST /ccp/monitor/v2/live_login');
    // The video page: the player (room info, stream address), the counts and likes, the
    // notice and viewing terms, the watermark, the splash advert, the room's display
    // settings, the keep-alive, the open interactions; the chat talks over the socket (the
    // document share is read from the resource host, /share/).
    await expect(page.getByRole('button', { name: '点赞' })).toBeVisible();
    await page.waitForTimeout(1000);
    const features = [
      'GET /ccp/monitor/v2/webcast/10001',
      'GET /ccp/monitor/v2/login/resource/10001',
      'GET /ccp/monitor/v2/agg/relation/list',
      'POST /ccp/monitor/v2/live_login',
      'GET /ccp/monitor/v2/stream/pull/url',
      'POST /ccp/handler/v2/praise/count',
      'GET /ccp/monitor/v2/webcast/total',
      'GET /ccp/handler/v2/praise/10001/custom/images',
      'GET /ccp/handler/v2/noticeV2/get/info',
      'GET /ccp/monitor/v2/contract/10001',
      'GET /ccp/monitor/v2/watermark/config',
      'GET /ccp/monitor/v2/splash/config',
      'GET /ccp/monitor/v2/splash/list',
      'GET /ccp/monitor/v2/setting/other',
      // The room's commerce offers (which tabs and buttons it has), its papers' tab, and
      // whether it shares documents at all (before following the share).
      'GET /ccp/monitor/v2/setting/cloud',
      'GET /ccp/monitor/v2/market/config',
      'GET /ccp/handler/v1/paper/publish/list',
      // The introduction tab's presenters (the room's staff).
      'GET /ccp/monitor/v1/webcast/user/list',
      'POST /ccp/user/v1/heartbeat',
      // The room's interactions still open, for a viewer arriving late: roll call,
      // questionnaire, answer sheet, lottery round, Q&A.
      'GET /ccp/handler/v1/rollcall/current',
      'GET /ccp/handler/v1/paper/unanswered/info',
      'GET /ccp/handler/v1/answerSheet/need',
      'GET /ccp/handler/v1/raffle/conf/record',
      'GET /ccp/handler/v1/qa/list',
      // Delayed charging: whether the room charges after a free time (issue 14).
      'GET /ccp/handler/v2/webcast/delay/10001/check',
    ];
    expect(calls.filter((call) => !features.includes(call))).toEqual([]);
  });
});

test.describe('WxInfo', () => {
  test('without a code the link is expired or invalid', async ({ page }) => {
    await page.goto('/getWxInfo');
    await expect(page.getByRole('heading', { level: 1, name: '即时通讯授权登录' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText('链接已过期或无效');
  });

  test('with a code it asks the server, which refuses one it never issued', async ({ page }) => {
    await page.goto('/getWxInfo?code=abc&state=10001');
    // The exchange itself (and a good code) is covered by entry-wxinfo.spec.ts.
    await expect(page.getByText('验证信息有误')).toBeVisible();
  });
});
