import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN_TOKEN } from '../../playwright.config';
import { adminCall, readMetric } from '../../harness/serverCalls';
import { test } from './support/splash';
import { enterAsGuest, joinedRoom } from './support/guest';
import { playerRegion, pressControl } from './support/player';

// Reading at one's own pace (issue 37 item 1): a viewer slows the chat of a busy room to at
// most 5 messages a second. The worker sends the tab an even sample of the burst and every
// message of the viewer's own; the chat says how much of the room that is; the choice holds
// in the viewer's other tab and is undone there.

const ROOM = '10001';

const offsets = (page: Page): Promise<number[]> =>
  page.evaluate((room) => {
    const api = (globalThis as { __webcastRealtime?: { snapshot(): { rooms: Record<string, { offsets: number[] }> } } }).__webcastRealtime;
    return api?.snapshot().rooms[room]?.offsets ?? [];
  }, ROOM);

test('at most 5 a second: a burst comes as an even sample with every own message, the chat says so, and every tab follows the choice', async ({ context, baseURL }) => {
  test.setTimeout(60_000);
  const page = await context.newPage();
  await enterAsGuest(page, ROOM);
  const other = await context.newPage();
  await other.goto(`/live/video/${ROOM}`);
  await joinedRoom(page, ROOM);
  await joinedRoom(other, ROOM);

  const speed = (p: Page) => p.getByRole('combobox', { name: '消息速度' });
  await speed(page).selectOption({ label: '每秒最多 5 条' });
  // The other tab takes the viewer's choice.
  await expect(speed(other)).toHaveValue('5');

  const before = Math.max(0, ...(await offsets(page)));
  const started = Date.now();
  await adminCall(baseURL ?? '', E2E_ADMIN_TOKEN, `/admin/v1/rooms/${ROOM}/burst`, { rate: 400, seconds: 4, users: 20 });
  const composer = page.getByRole('textbox', { name: '消息' });
  await composer.fill('pace: my own, in the flood');
  await composer.press('Enter');
  await expect(page.getByRole('log').getByText('pace: my own, in the flood')).toBeVisible();
  const sample = page.locator('.chat-speed__sample');
  await expect(sample).toContainText('已放慢：显示约 1/');
  // The burst is over (4 s and its drain), and the sample said what it left out.
  await expect.poll(async () => Number(await sample.getAttribute('data-arrived')), { timeout: 15_000 }).toBeGreaterThanOrEqual(1000);
  await page.waitForTimeout(Math.max(0, started + 5_500 - Date.now()));
  const seconds = (Date.now() - started) / 1000;

  const got = (await offsets(page)).filter((offset) => offset > before);
  // 1,600 came; the tab got about 5 a second of them, the own message among them.
  expect(got.length).toBeGreaterThanOrEqual(10);
  expect(got.length).toBeLessThanOrEqual(Math.ceil(5 * seconds) + 3);
  const shown = Number(await sample.getAttribute('data-shown'));
  expect(shown).toBeLessThanOrEqual(got.length);

  // Every message again, chosen in the other tab: this one follows, and says nothing more.
  await speed(other).selectOption({ label: '全部消息' });
  await expect(speed(page)).toHaveValue('0');
  await expect(sample).toHaveCount(0);
  await adminCall(baseURL ?? '', E2E_ADMIN_TOKEN, `/admin/v1/rooms/${ROOM}/burst`, { rate: 100, seconds: 1, users: 5 });
  await expect.poll(async () => (await offsets(page)).filter((offset) => offset > before).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(got.length + 90);
});

// The chat beside the viewer's work (issue 37 item 4): popped out of the chat tab into a
// window of its own, which is one more client of the same worker: the server still sees one
// socket, a message sent there shows in the video page, and the speed chosen in one holds in the other.
test('the chat pops out into a window of its own on the same socket, in step with the video page', async ({ context, baseURL }) => {
  test.setTimeout(60_000);
  const page = await context.newPage();
  await enterAsGuest(page, ROOM);
  await joinedRoom(page, ROOM);
  const opened = context.waitForEvent('page');
  await page.getByRole('button', { name: '弹出聊天窗口' }).click();
  const popup = await opened;
  await expect(popup).toHaveURL(new RegExp(`/live/chat/${ROOM}$`));
  await expect(popup.getByRole('heading', { name: `聊天 · 房间 ${ROOM}` })).toBeVisible();
  await joinedRoom(popup, ROOM);
  await expect.poll(() => readMetric(baseURL ?? '', 'webcast_sockets_open')).toBe(1);

  const composer = popup.getByRole('textbox', { name: '消息' });
  await composer.fill('from the chat window');
  await composer.press('Enter');
  await expect(popup.getByRole('log').getByText('from the chat window')).toBeVisible();
  await expect(page.getByRole('log').getByText('from the chat window')).toBeVisible();
  await adminCall(baseURL ?? '', E2E_ADMIN_TOKEN, `/admin/v1/rooms/${ROOM}/say`, { text: 'host to both windows', role: 'host' });
  await expect(popup.getByRole('log').getByText('host to both windows')).toBeVisible();
  await expect(page.getByRole('log').getByText('host to both windows')).toBeVisible();

  // The window has no pop-out of its own; its speed is the viewer's.
  await expect(popup.getByRole('button', { name: '弹出聊天窗口' })).toHaveCount(0);
  await popup.getByRole('combobox', { name: '消息速度' }).selectOption('10');
  await expect(page.getByRole('combobox', { name: '消息速度' })).toHaveValue('10');
  await popup.getByRole('combobox', { name: '消息速度' }).selectOption('0');
  expect(await readMetric(baseURL ?? '', 'webcast_sockets_open')).toBe(1);
});

test('the chat window of a room not entered says so and offers the way in', async ({ page }) => {
  await page.goto(`/live/chat/${ROOM}`);
  await expect(page.getByText('您还没有进入这个房间。')).toBeVisible();
  await expect(page.getByRole('link', { name: '进入房间' })).toHaveAttribute('href', `/live/login/${ROOM}`);
  await expect(page.getByRole('log')).toHaveCount(0);
});

// In full screen the page's chat is out of sight: the newest rows come over the player, on
// its right and above its control bar, with a switch and a density that are the viewer's.
test('in full screen the chat stays over the player, clear of its controls, with a switch and a density', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  await enterAsGuest(page, ROOM);
  await joinedRoom(page, ROOM);
  const root = playerRegion(page);
  const overlay = root.locator('.chat-overlay');
  await expect(overlay).toHaveCount(0);
  await pressControl(page, '全屏');
  await expect(root.getByRole('button', { name: '退出全屏', exact: true })).toBeAttached();
  await expect(overlay).toBeVisible();

  const say = (text: string) => adminCall(baseURL ?? '', E2E_ADMIN_TOKEN, `/admin/v1/rooms/${ROOM}/say`, { text, role: 'host' });
  await say('seen in full screen');
  const rows = overlay.getByRole('list', { name: '最新聊天消息' }).getByRole('listitem');
  await expect(rows.last()).toContainText('seen in full screen');
  // Clear of the control bar, shown as it is when the pointer moves over the player.
  await page.mouse.move(300, 300);
  await page.mouse.move(310, 310);
  const bar = await root.locator('.player__controls').boundingBox();
  const box = await overlay.boundingBox();
  expect(box!.y + box!.height).toBeLessThanOrEqual(bar!.y + 28);

  // A few rows, or more.
  for (let i = 1; i <= 12; i++) await say(`row ${i}`);
  await expect(rows.last()).toContainText('row 12');
  await expect(rows).toHaveCount(4);
  await overlay.getByRole('button', { name: '更多' }).click();
  await expect(rows).toHaveCount(10);
  // Off: the switch alone stays, and the choice is remembered.
  await overlay.getByRole('button', { name: '聊天', exact: true }).click();
  await expect(overlay.getByRole('button', { name: '聊天', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await expect(rows).toHaveCount(0);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('webcast.viewer.settings') ?? '{}').fullscreenChat)).toBe('off');
  await pressControl(page, '退出全屏');
  await expect(overlay).toHaveCount(0);
});

// Holding still for the reader (issue 37 item 1, WCAG 2.2.2): the list stops while the mouse
// is over it or the keyboard's focus is in it, counts what came on its "new" button (which
// the keyboard reaches), and moves again when they leave, the button is pressed, or the
// viewer's own message comes.
test('the list holds still under the mouse and the keyboard focus, counts what came, and moves again', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  await enterAsGuest(page, ROOM);
  await joinedRoom(page, ROOM);
  const say = (text: string) => adminCall(baseURL ?? '', E2E_ADMIN_TOKEN, `/admin/v1/rooms/${ROOM}/say`, { text, role: 'host' });
  const log = page.getByRole('log');
  const list = page.locator('.chat-list');
  await say('held: before');
  await expect(log.getByText('held: before')).toBeVisible();

  // The mouse over the list: what comes is counted, not shown.
  await list.hover();
  await expect(list).toHaveAttribute('data-held', 'true');
  await say('held: under the mouse');
  const fresh = page.locator('.chat-list__new');
  await expect(fresh).toHaveAttribute('data-count', '1');
  await expect(log.getByText('held: under the mouse')).toHaveCount(0);
  // The mouse leaves: it moves again.
  await page.mouse.move(5, 5);
  await expect(log.getByText('held: under the mouse')).toBeVisible();
  await expect(list).not.toHaveAttribute('data-held', 'true');

  // The keyboard's focus in the list (back from the composer): held; the button is reached and pressed.
  const composer = page.getByRole('textbox', { name: '消息' });
  await composer.focus();
  for (let i = 0; i < 6 && !(await page.evaluate(() => document.activeElement?.closest('.chat-list') !== null)); i++) await page.keyboard.press('Shift+Tab');
  await expect(list).toHaveAttribute('data-held', 'true');
  await say('held: under the focus');
  await expect(fresh).toHaveAttribute('data-count', '1');
  await expect(log.getByText('held: under the focus')).toHaveCount(0);
  await fresh.focus();
  await page.keyboard.press('Enter');
  await expect(log.getByText('held: under the focus')).toBeVisible();

  // Held by the mouse again, the viewer sends: their message shows, and the list with it.
  await list.hover();
  await expect(list).toHaveAttribute('data-held', 'true');
  await say('held: before my own');
  await composer.fill('held: my own');
  await composer.press('Enter');
  await expect(log.getByText('held: my own')).toBeVisible();
  await expect(log.getByText('held: before my own')).toBeVisible();
});

// Windows' high-contrast themes (forced colours): controls drawn by their background alone
// would vanish; each keeps a border, the player's icons their colour (issue 37 item 3).
test('with forced colours every control of the video page keeps a visible edge', async ({ page }) => {
  await page.emulateMedia({ forcedColors: 'active' });
  await enterAsGuest(page, ROOM);
  await joinedRoom(page, ROOM);
  const edgeless = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, select, textarea, [role="tab"]')]
      .filter((el) => el.offsetParent !== null && !el.closest('.visually-hidden') && !el.matches('.visually-hidden-focusable:not(:focus)'))
      .filter((el) => {
        const style = getComputedStyle(el);
        return style.borderTopStyle === 'none' || style.borderTopWidth === '0px';
      })
      .map((el) => el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 20) ?? el.tagName),
  );
  expect(edgeless).toEqual([]);
});

// Picture-in-picture (issue 37 item 4): the video and the newest chat in a window of their
// own, one decoder moved there and back. Headless Chromium has no Document
// Picture-in-Picture: a blank popup of the page (same origin, as the browser's window is)
// stands in for the window the browser would give.
test('picture-in-picture: the video and the chat in a small window of their own, back on the page when it closes', async ({ page, context, baseURL }) => {
  test.setTimeout(60_000);
  await page.addInitScript(() => {
    (globalThis as { documentPictureInPicture?: unknown }).documentPictureInPicture = {
      requestWindow: ({ width, height }: { width: number; height: number }) => Promise.resolve(window.open('', 'pip', `popup,width=${width},height=${height}`)),
    };
  });
  await enterAsGuest(page, ROOM);
  await joinedRoom(page, ROOM);
  const root = playerRegion(page);
  await expect(root).toHaveAttribute('data-phase', 'playing', { timeout: 15_000 });
  const opened = context.waitForEvent('page');
  await pressControl(page, '画中画');
  const small = await opened;
  await expect(small.locator('video')).toHaveCount(1);
  await expect(root.locator('video')).toHaveCount(0);
  await adminCall(baseURL ?? '', E2E_ADMIN_TOKEN, `/admin/v1/rooms/${ROOM}/say`, { text: 'in the small window', role: 'host' });
  await expect(small.locator('.chat-overlay__row').last()).toContainText('in the small window');
  // The same video plays on there.
  const playing = () => small.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);
  const before = await playing();
  await expect.poll(playing, { timeout: 10_000 }).toBeGreaterThan(before + 0.5);
  // Closed from the picture's place on the page: the video is back in the player, one of it.
  await root.locator('.player__pip-place').getByRole('button', { name: '退出画中画' }).click();
  await expect(root.locator('video')).toHaveCount(1);
  await expect.poll(() => small.isClosed()).toBe(true);
  await expect(root.getByRole('button', { name: '画中画', exact: true })).toBeAttached();
});
