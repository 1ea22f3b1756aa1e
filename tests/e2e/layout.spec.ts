import { expect, type Page, type TestInfo } from '@playwright/test';
import { E2E_ADMIN_TOKEN } from '../../playwright.config';
import { test } from './support/splash';
import { enterAsGuest } from './support/guest';
import { adminCall } from '../../harness/serverCalls';
import { menuItem, openMenu, playerRegion, showControls } from './support/player';

// The video page as people use it (issue 12 items 1, 2 and 4): the phone layout keeps the
// video in sight and the composer in reach while the chat scrolls; the control bar over the
// picture with its menus and keyboard shortcuts; the room tab kept in the address. Each
// state's screenshot is attached to the test's results for a person to look at.

const say = (baseURL: string, text: string) => adminCall(baseURL, E2E_ADMIN_TOKEN, '/admin/v1/rooms/10001/say', { text, role: 'host' });

async function keep(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await testInfo.attach(name, { body: await page.screenshot(), contentType: 'image/png' });
}

/** The part of an element's box inside the window, in px of height (0: out of sight). */
const visibleHeight = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((el) => {
    const box = el.getBoundingClientRect();
    return Math.max(0, Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0));
  });

test.describe('phone layout', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the video stays at the top and the composer at the bottom while the chat scrolls', async ({ page, baseURL }, testInfo) => {
    await enterAsGuest(page);
    await expect(playerRegion(page)).toHaveAttribute('data-phase', 'playing', { timeout: 15_000 });
    for (let i = 1; i <= 30; i++) await say(baseURL ?? '', `layout line ${i}`);
    const list = page.locator('.chat-list__scroller');
    await expect(page.getByRole('log').getByText('layout line 30')).toBeVisible();
    await keep(page, testInfo, 'phone-video');

    const composer = page.getByRole('textbox', { name: '消息', exact: true });
    const player = await playerRegion(page).boundingBox();
    expect(player?.y ?? -1).toBeGreaterThanOrEqual(0);
    // 16:9 across the whole width.
    expect(Math.round((player?.width ?? 0) * 9) / 16).toBeCloseTo(player?.height ?? 0, -1);
    expect(player?.width).toBe(390);

    // The page itself does not scroll: the chat list does.
    await list.hover();
    await page.mouse.wheel(0, -2000);
    await expect.poll(() => list.evaluate((el) => el.scrollTop + el.clientHeight < el.scrollHeight - 10)).toBe(true);
    expect(await page.evaluate(() => document.scrollingElement?.scrollTop ?? 0)).toBe(0);
    expect(await visibleHeight(page, '.player')).toBeGreaterThan(200);
    await expect(composer).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await keep(page, testInfo, 'phone-chat-scrolled');

    // A tap on the picture brings the control bar; its menus open inside the player.
    await showControls(page);
    const menu = await openMenu(page, '播放设置');
    const menuBox = await menu.boundingBox();
    expect(menuBox?.y ?? -1).toBeGreaterThanOrEqual(0);
    await keep(page, testInfo, 'phone-menu');
    await page.keyboard.press('Escape');

    // The bar shows its most used actions; the settings are under "more". Their panel is a bottom sheet.
    await expect(page.getByRole('button', { name: '设置', exact: true })).toBeHidden();
    await page.getByRole('button', { name: '更多' }).click();
    await page.getByRole('button', { name: '设置', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: '设置', exact: true });
    await expect(sheet).toBeVisible();
    const sheetBox = await sheet.boundingBox();
    expect(Math.round((sheetBox?.y ?? 0) + (sheetBox?.height ?? 0))).toBe(844);
    expect(sheetBox?.width).toBe(390);
    await keep(page, testInfo, 'phone-settings-sheet');
  });

  test('no horizontal scrolling at 320 px, and sideways the video fills the screen with the chat on request', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/live/login/10001');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await enterAsGuest(page);
    await expect(playerRegion(page)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await keep(page, testInfo, 'phone-320');

    await page.setViewportSize({ width: 844, height: 390 });
    await expect.poll(async () => Math.round((await playerRegion(page).boundingBox())?.height ?? 0)).toBe(390);
    await expect(page.locator('.live-screen__side')).toBeHidden();
    await page.getByRole('button', { name: '显示聊天' }).click();
    await expect(page.locator('.live-screen__side')).toBeVisible();
    await expect(page.getByRole('tab', { name: '聊天' })).toBeVisible();
    await keep(page, testInfo, 'phone-landscape-chat');
    await page.getByRole('button', { name: '隐藏聊天' }).click();
    await expect(page.locator('.live-screen__side')).toBeHidden();
  });
});

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the chat and its composer are in view beside the player; the room tab is kept in the address', async ({ page }, testInfo) => {
    await enterAsGuest(page);
    const side = await page.locator('.live-screen__side').boundingBox();
    const player = await playerRegion(page).boundingBox();
    expect(side?.x ?? 0).toBeGreaterThan((player?.x ?? 0) + (player?.width ?? 0));
    expect((side?.y ?? 0) + (side?.height ?? 0)).toBeLessThanOrEqual(800);
    // The list stops at 420 px: its rows are what every chat update lays out.
    expect((await page.locator('.chat-list').boundingBox())?.height).toBeLessThanOrEqual(420);
    await expect(page.getByRole('textbox', { name: '消息', exact: true })).toBeInViewport();
    await keep(page, testInfo, 'desktop-video');

    await page.getByRole('tab', { name: '直播介绍' }).click();
    await expect(page).toHaveURL(/\/live\/video\/10001\?tab=intro$/);
    await page.reload();
    await expect(page.getByRole('tab', { name: '直播介绍' })).toHaveAttribute('aria-selected', 'true');
    // A tab the room does not have opens the usual one.
    await page.goto('/live/video/10001?tab=shop');
    await expect(page.getByRole('tab', { name: '聊天' })).toHaveAttribute('aria-selected', 'true');
  });

  test('keyboard shortcuts: space, m, f and c; none while typing', async ({ page, baseURL }, testInfo) => {
    await enterAsGuest(page);
    const player = playerRegion(page);
    const video = player.locator('video');
    await expect(player).toHaveAttribute('data-phase', 'playing', { timeout: 15_000 });
    await page.locator('body').click({ position: { x: 5, y: 400 } });

    await page.keyboard.press('m');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
    await page.keyboard.press('m');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);

    // Typing in the composer is typing.
    const composer = page.getByRole('textbox', { name: '消息', exact: true });
    await composer.fill('');
    await composer.type('m c');
    await expect(composer).toHaveValue('m c');
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);
    await composer.fill('');
    await page.locator('body').click({ position: { x: 5, y: 400 } });

    await page.keyboard.press(' ');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    // Paused: the bar stays, and the live badge offers the way back to the edge.
    await expect(player.getByRole('group', { name: '播放控制' })).toHaveAttribute('data-shown', 'true');
    await expect(player.getByRole('button', { name: '回到直播' })).toBeVisible();
    await keep(page, testInfo, 'desktop-paused');
    await player.getByRole('button', { name: '回到直播' }).click();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
    await expect(player.getByText('直播', { exact: true })).toBeVisible();

    await page.keyboard.press('f');
    await expect.poll(() => page.evaluate(() => document.fullscreenElement?.classList.contains('player') ?? false)).toBe(true);
    await page.keyboard.press('f');
    await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);

    // Captions: a caption from the host shows over the video; c turns them off and on.
    await adminCall(baseURL ?? '', E2E_ADMIN_TOKEN, '/admin/v1/rooms/10001/caption', { text: '欢迎来到直播间', lang: 'zh_cn', start: 0, end: 15_000 });
    await expect(page.getByTestId('caption')).toHaveText('欢迎来到直播间');
    await keep(page, testInfo, 'desktop-caption');
    await page.keyboard.press('c');
    await expect(page.getByTestId('caption')).toHaveCount(0);
    await showControls(page);
    await expect(player.getByRole('button', { name: '字幕' })).toHaveAttribute('aria-pressed', 'false');
    await page.keyboard.press('c');
    await expect(page.getByTestId('caption')).toHaveText('欢迎来到直播间');
  });

  test('menus are real menus: arrow keys, Escape, the choice checked', async ({ page }) => {
    await enterAsGuest(page);
    await expect(playerRegion(page)).toHaveAttribute('data-phase', 'playing', { timeout: 15_000 });
    await openMenu(page, '清晰度');
    await expect(menuItem(page, '清晰度', '高清')).toHaveAttribute('aria-checked', 'true');
    await expect(menuItem(page, '清晰度', '高清')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menuItem(page, '清晰度', '标清')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(playerRegion(page).getByRole('menu')).toHaveCount(0);
    await expect(playerRegion(page).getByRole('button', { name: '清晰度 高清' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menuItem(page, '清晰度', '高清')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(playerRegion(page)).toHaveAttribute('data-quality', 'sd');
  });
});
