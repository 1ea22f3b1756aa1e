import { expect, type Browser } from '@playwright/test';
import { startOwnServer, type OwnServer } from './support/ownServer';
import { test } from './support/splash';
import { enterAsGuest, guestContext } from './support/guest';

// Leaving the room (issue 19 items 4 and 5), on a server of this file's own, so that its
// kick and logouts touch no other test's room on the shared server.
//
// - The page's exit logs out: the token is refused afterwards (402), and every tab of the
//   browser goes to the guide page saying "logged out".
// - A kicked guest is sent to the guide page with SPEC 8's "removed from the room"; a new
//   guest login from the same browser is refused with it until the host readmits them,
//   while a colleague's browser on the same address gets in.

const ROOM = '10001';
const LOGIN_KEY = `webcast.login.${ROOM}`;
const REMOVED = '您已被移出直播间';
const LOGGED_OUT = '您已退出登录';

test.describe.configure({ mode: 'serial', timeout: 90_000 });

let server: OwnServer;

// eslint-disable-next-line no-empty-pattern -- Playwright reads a hook's fixtures from this pattern; it needs none.
test.beforeAll(async ({}, testInfo) => {
  test.setTimeout(120_000);
  server = await startOwnServer(5200 + testInfo.workerIndex);
});

test.afterAll(async () => server?.stop());

const newContext = (browser: Browser) => guestContext(browser, server.url);

const refreshCode = async (login: { token: string; sid: string }): Promise<number> => {
  const query = new URLSearchParams({ token: login.token, sid: login.sid, webcastId: ROOM });
  const res = await fetch(`${server.url}/ccp/monitor/v2/webcast/user/refresh?${query}`);
  return ((await res.json()) as { code: number }).code;
};

test('the exit logs out: the token is refused afterwards, and every tab is told', async ({ browser }) => {
  const context = await newContext(browser);
  const first = await context.newPage();
  const login = await enterAsGuest(first);
  const second = await context.newPage();
  await second.goto(`/live/video/${ROOM}`);
  await expect(second.getByTestId('exit-room')).toBeVisible();
  expect(await refreshCode(login)).toBe(200);

  await first.getByTestId('exit-room').click();
  for (const tab of [first, second]) {
    await expect(tab).toHaveURL(new RegExp(`/live/login/${ROOM}$`));
    await expect(tab.getByRole('status').filter({ hasText: LOGGED_OUT })).toBeVisible();
    await expect(tab.getByRole('button', { name: '以游客身份进入' })).toBeVisible();
  }
  expect(await first.evaluate((key) => localStorage.getItem(key), LOGIN_KEY)).toBeNull();
  expect(await refreshCode(login)).toBe(402);
  // The device id stays: it is the browser's, not the login's.
  expect(await first.evaluate(() => localStorage.getItem('webcast.device'))).toMatch(/^[0-9A-Za-z]{32}$/);
  await context.close();
});

test('a kicked guest is sent out, stays out as a new guest, and gets back in once readmitted', async ({ browser }) => {
  const context = await newContext(browser);
  const page = await context.newPage();
  const login = await enterAsGuest(page);
  await expect(page.getByTestId('exit-room')).toBeVisible();

  await server.admin(`/admin/v1/rooms/${ROOM}/users/${login.userId}/kick`, { text: 'spam', minutes: 30 });
  await expect(page).toHaveURL(new RegExp(`/live/login/${ROOM}$`));
  await expect(page.getByRole('alert').filter({ hasText: REMOVED })).toBeVisible();
  expect(await refreshCode(login)).toBe(402);

  // Back in as a new guest from the same browser: refused, said in the form.
  await page.getByRole('button', { name: '以游客身份进入' }).click();
  await expect(page.getByRole('form', { name: '游客进入' }).getByRole('alert')).toHaveText(REMOVED);
  await expect(page).toHaveURL(new RegExp(`/live/login/${ROOM}$`));

  // The kicked account itself, through a one-time link made for it: refused too.
  const link = await server.admin<{ path: string }>(`/admin/v1/rooms/${ROOM}/disposable`, { uid: login.userId });
  await page.goto(link.path);
  await page.getByRole('button', { name: '使用链接进入' }).click();
  await expect(page.getByRole('form', { name: '一次性登录链接' }).or(page.getByRole('region', { name: '一次性登录链接' })).getByRole('alert')).toHaveText(REMOVED);
  await page.goto(`/live/login/${ROOM}`);

  // Another browser profile (a colleague's: a device id of its own) on the same address gets
  // in: a kick keeps out the person and their device, not an office behind one address (issue 35).
  const other = await newContext(browser);
  const otherPage = await other.newPage();
  await otherPage.goto(`/live/login/${ROOM}`);
  await otherPage.getByRole('button', { name: '以游客身份进入' }).click();
  await expect(otherPage).toHaveURL(new RegExp(`/live/video/${ROOM}$`));

  await server.admin(`/admin/v1/rooms/${ROOM}/users/${login.userId}/readmit`, {});
  await page.getByRole('button', { name: '以游客身份进入' }).click();
  await expect(page).toHaveURL(new RegExp(`/live/video/${ROOM}$`));
  await expect(page.getByTestId('exit-room')).toBeVisible();
  // And stays: nothing of the old kick sends the new session out.
  await page.waitForTimeout(1_500);
  await expect(page).toHaveURL(new RegExp(`/live/video/${ROOM}$`));
  await other.close();
  await context.close();
});
