import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { startOwnServer, type OwnServer } from './support/ownServer';
import { test } from './support/splash';
import { enterAsGuest, guestContext, joinedRoom } from './support/guest';

// Issue 42: time-limited interactions arrive where the viewer is looking (desktop and phone,
// without scrolling), the room's activity waits in one tray with a badge, and the pages
// neither scroll sideways at 320 px nor ask for files that are not there. A server of this
// file's own: its roll calls and red packets must not reach other specs' pages.

const ROOM = '10001';

test.describe.configure({ mode: 'serial', timeout: 90_000 });

let server: OwnServer;

// eslint-disable-next-line no-empty-pattern -- Playwright reads a hook's fixtures from this pattern; it needs none.
test.beforeAll(async ({}, testInfo) => {
  test.setTimeout(120_000);
  server = await startOwnServer(6800 + testInfo.workerIndex);
});

test.afterAll(async () => server?.stop());

const card = (page: Page, name: string) => page.locator(`[data-interaction="${name}"]`);
const tray = (page: Page) => page.getByRole('button', { name: /^本场互动/ });
const badge = (page: Page) => page.getByTestId('activity-badge');

/** Nothing of the page has scrolled: the document, nor the stage (a scrolling column on wide screens). */
async function scrolled(page: Page): Promise<number> {
  return page.evaluate(() => (document.scrollingElement?.scrollTop ?? 0) + (document.querySelector('.live-screen__stage')?.scrollTop ?? 0));
}

test('a roll call arrives in view on a desktop and a phone; put away, it waits in the tray and comes back with the focus', async ({ browser }) => {
  const context = await guestContext(browser, server.url);
  const desktop = await context.newPage();
  await desktop.setViewportSize({ width: 1280, height: 800 });
  await enterAsGuest(desktop, ROOM);
  const phone = await context.newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto(`/live/video/${ROOM}`);
  for (const page of [desktop, phone]) await joinedRoom(page, ROOM);
  await expect(badge(desktop)).toHaveCount(0);

  await server.admin(`/admin/v1/rooms/${ROOM}/rollcall/start`, { seconds: 60 });
  for (const page of [desktop, phone]) {
    const rollCall = card(page, 'rollCall');
    await expect(rollCall.getByRole('button', { name: '立即签到' })).toBeInViewport({ ratio: 1, timeout: 10_000 });
    await expect(rollCall.getByRole('timer')).toBeInViewport({ ratio: 1 });
    expect(await scrolled(page), 'nothing had to scroll').toBe(0);
    // The tray button is in the phone's short bar too, with what waits counted.
    await expect(tray(page)).toBeInViewport();
    await expect(badge(page)).toHaveText('1');
  }

  // More arrive while it is open: each waits, and the newest is in view however many are open.
  await server.admin(`/admin/v1/rooms/${ROOM}/paper/publish`, { kind: 'quiz' });
  await expect(card(desktop, 'paper')).toBeVisible({ timeout: 10_000 });
  await server.admin(`/admin/v1/rooms/${ROOM}/lottery/start`, {});
  await expect(card(desktop, 'lottery')).toBeVisible({ timeout: 10_000 });
  await server.admin(`/admin/v1/rooms/${ROOM}/redpacket/send`, {});
  for (const page of [desktop, phone]) await expect(card(page, 'redpacket').getByRole('button', { name: '抢红包' })).toBeInViewport({ ratio: 1, timeout: 10_000 });
  expect(await scrolled(desktop)).toBe(0);
  await expect(badge(desktop)).toHaveText('4');
  await expect(tray(desktop)).toHaveAccessibleName('本场互动，4 项待处理');

  // Put away, the roll call still waits: the badge keeps counting it.
  await card(desktop, 'rollCall').getByRole('button', { name: /关闭/ }).click();
  await expect(card(desktop, 'rollCall')).toHaveCount(0);
  await expect(badge(desktop)).toHaveText('4');
  // The other tab keeps its own cards.
  await expect(card(phone, 'rollCall')).toBeVisible();

  // The tray lists both, what waits first, and shows the roll call again with the focus on it.
  await tray(desktop).click();
  const list = desktop.getByRole('dialog', { name: '本场互动' });
  await expect(list).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(4);
  await expect(list.getByRole('listitem').filter({ hasText: '主持人发起了签到' })).toContainText('待签到');
  await expect(list.getByRole('listitem').filter({ hasText: 'Thanks for watching' })).toContainText('待领取');
  await list.getByRole('button', { name: '查看：主持人发起了签到' }).click();
  await expect(list).toBeHidden();
  await expect(card(desktop, 'rollCall')).toBeFocused();
  await expect(card(desktop, 'rollCall').getByRole('button', { name: '立即签到' })).toBeInViewport({ ratio: 1 });

  // Signing in ends its wait, in every tab.
  await card(desktop, 'rollCall').getByRole('button', { name: '立即签到' }).click();
  await expect(card(desktop, 'rollCall')).toContainText('签到成功');
  for (const page of [desktop, phone]) await expect(badge(page)).toHaveText('3', { timeout: 5_000 });
  await tray(desktop).click();
  await expect(list.getByRole('listitem').filter({ hasText: '主持人发起了签到' })).toContainText('已参与');
  await list.getByRole('button', { name: '关闭本场互动' }).click();
  await expect(tray(desktop)).toBeFocused();

  // The phone's bar: the most used actions, the rest under "more".
  await expect(phone.getByRole('button', { name: '设置', exact: true })).toBeHidden();
  await phone.getByRole('button', { name: '更多' }).click();
  await expect(phone.getByRole('button', { name: '设置', exact: true })).toBeVisible();
  await expect(phone.getByRole('button', { name: '收起' })).toHaveAttribute('aria-expanded', 'true');
  expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await context.close();
});

async function violations(page: Page): Promise<string[]> {
  // A card still fading in is read by its colour half-way (contrast): wait for the finite animations.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
  const { violations: found } = await new AxeBuilder({ page }).analyze();
  return found.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`).slice(0, 5).join(', ')}`);
}

/** The page's background colour as painted (the dark theme's is dark). */
const backgroundLuminance = (page: Page) =>
  page.evaluate(() => {
    const [r = 0, g = 0, b = 0] = (getComputedStyle(document.body.parentElement ?? document.body).backgroundColor.match(/\d+/g) ?? []).map(Number);
    return (r + g + b) / 3;
  });

test('both themes: dark when the system is, the page switch overrides it and is kept; axe finds nothing with the cards and the tray in either', async ({ browser }) => {
  const context = await guestContext(browser, server.url);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(`/live/login/${ROOM}`);
  await expect(page.getByRole('button', { name: '以游客身份进入' })).toBeVisible();
  expect(await backgroundLuminance(page), 'the system is dark: so is the page').toBeLessThan(60);
  expect(await violations(page), 'guide page, dark').toEqual([]);

  // The page's own switch overrides the system's and is kept.
  await page.getByLabel('主题').selectOption('light');
  expect(await backgroundLuminance(page)).toBeGreaterThan(200);
  await page.getByRole('button', { name: '以游客身份进入' }).click();
  await joinedRoom(page, ROOM);
  await server.admin(`/admin/v1/rooms/${ROOM}/rollcall/start`, { seconds: 60 });
  await server.admin(`/admin/v1/rooms/${ROOM}/redpacket/send`, {});
  await server.admin(`/admin/v1/rooms/${ROOM}/paper/publish`, { kind: 'answerSheet' });
  for (const name of ['rollCall', 'redpacket', 'answerSheet']) await expect(card(page, name)).toBeVisible({ timeout: 10_000 });
  expect(await backgroundLuminance(page), 'the choice is kept across pages').toBeGreaterThan(200);
  expect(await violations(page), 'video page with cards, light').toEqual([]);
  await tray(page).click();
  expect(await violations(page), 'the tray, light').toEqual([]);
  await page.keyboard.press('Escape');

  await page.getByLabel('主题').selectOption('dark');
  expect(await backgroundLuminance(page)).toBeLessThan(60);
  expect(await violations(page), 'video page with cards, dark').toEqual([]);
  await tray(page).click();
  expect(await violations(page), 'the tray, dark').toEqual([]);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: '设置', exact: true }).click();
  await expect(page.getByRole('dialog', { name: '设置', exact: true })).toBeVisible();
  expect(await violations(page), 'settings, dark').toEqual([]);
  await page.keyboard.press('Escape');
  for (const tab of ['直播介绍', '商品', '问答']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel').locator('.skeleton, [aria-busy="true"]')).toHaveCount(0, { timeout: 10_000 });
    expect(await violations(page), `${tab}, dark`).toEqual([]);
  }
  await page.reload();
  await expect(page.getByLabel('主题')).toHaveValue('dark');
  expect(await backgroundLuminance(page)).toBeLessThan(60);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card(page, 'rollCall')).toBeVisible({ timeout: 15_000 });
  expect(await violations(page), 'phone with cards, dark').toEqual([]);
  await context.close();
});

test('nothing scrolls sideways at 320 px, and the guide and video pages ask for no file that is not there', async ({ browser }) => {
  const context = await guestContext(browser, server.url);
  const page = await context.newPage();
  await page.setViewportSize({ width: 320, height: 640 });
  const missing: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404) missing.push(response.url());
  });
  const fitsWidth = (where: string) => expect(page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), where).resolves.toBe(true);

  await page.goto(`/live/login/${ROOM}`);
  await expect(page.getByRole('button', { name: '以游客身份进入' })).toBeVisible();
  await fitsWidth('the guide page');
  // The icon the page names, and the one a browser asks for on its own.
  const icons = await page.locator('link[rel~="icon"]').evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
  expect(icons.length).toBeGreaterThan(0);
  for (const icon of [...icons, `${server.url}/favicon.ico`]) expect((await page.request.get(icon)).status(), icon).toBe(200);

  await page.getByRole('button', { name: '以游客身份进入' }).click();
  await expect(page).toHaveURL(new RegExp(`/live/video/${ROOM}$`));
  await joinedRoom(page, ROOM);
  await expect(page.getByRole('textbox', { name: '消息', exact: true })).toBeEnabled({ timeout: 15_000 });
  await fitsWidth('the video page');
  await page.getByRole('button', { name: '更多' }).click();
  await fitsWidth('the video page, its bar open');
  await server.admin(`/admin/v1/rooms/${ROOM}/rollcall/start`, { seconds: 60 });
  await expect(card(page, 'rollCall').getByRole('button', { name: '立即签到' })).toBeInViewport({ ratio: 1, timeout: 10_000 });
  await fitsWidth('the video page with a card');
  await tray(page).click();
  await fitsWidth('the activity tray');
  await page.keyboard.press('Escape');

  for (const [where, path] of [
    ['the chat window', `/live/chat/${ROOM}`],
    ['the console', `/live/meetLive/${ROOM}`],
    ['a page that does not exist', '/no/such/page'],
    ['an error page', '/error/500'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('h1, h2').first()).toBeVisible({ timeout: 15_000 });
    await fitsWidth(where);
  }
  // The 404 page itself answers 200 (the app shows it); a file the pages asked for never answered 404.
  expect(missing).toEqual([]);
  await context.close();
});
