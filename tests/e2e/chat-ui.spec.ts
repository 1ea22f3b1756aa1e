import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { test } from './support/base';
import { enterAsGuest as enterRoom, guestContext } from './support/guest';
import { startOwnServer, type OwnServer } from './support/ownServer';

// The chat room UI (issue 4 item 6) in a real browser: the list sticks to the bottom under
// a burst, stays still for a viewer who scrolled up while the 200-entry cap drops old
// entries, counts what arrived meanwhile; sending, withdrawing, emoji, the room's chat
// switches. Against a server of this file's own, so its bursts and switches touch no
// other test's room.

const ROOM = '10001';

test.describe.configure({ mode: 'serial' });

let server: OwnServer;

test.beforeAll(async ({ browserName: _browserName }, testInfo) => {
  test.setTimeout(120_000);
  server = await startOwnServer(4600 + testInfo.workerIndex);
});

test.afterAll(async () => {
  await server.stop();
});

async function enterAsGuest(browser: Browser): Promise<Page> {
  const page = await (await guestContext(browser, server.url)).newPage();
  await enterRoom(page, ROOM);
  // Joined and online: the composer is enabled.
  await expect(composer(page)).toBeEnabled({ timeout: 15_000 });
  return page;
}

const panel = (page: Page): Locator => page.getByRole('region', { name: '聊天' });
const composer = (page: Page): Locator => page.getByRole('textbox', { name: '消息' });
// The following tail while the viewer follows, react-virtuoso's scroller while they read.
const scroller = (page: Page): Locator => panel(page).locator('.chat-list__scroller');

interface ScrollState {
  top: number;
  height: number;
  client: number;
  /** Pixels between the view and the end of the list. */
  fromBottom: number;
}
const scrollState = (page: Page): Promise<ScrollState> =>
  scroller(page).evaluate((el) => {
    // A column-reverse scroller (the tail) counts scrollTop from the bottom, negative upwards.
    const reverse = getComputedStyle(el).flexDirection === 'column-reverse';
    return { top: el.scrollTop, height: el.scrollHeight, client: el.clientHeight, fromBottom: reverse ? -el.scrollTop : el.scrollHeight - el.clientHeight - el.scrollTop };
  });
const atBottom = (s: ScrollState): boolean => s.fromBottom <= 60;

/** The first row whose top is inside the viewport, and where it is relative to the viewport. */
const firstVisibleRow = (page: Page): Promise<{ id: string; offset: number } | null> =>
  scroller(page).evaluate((el) => {
    const box = el.getBoundingClientRect();
    for (const row of el.querySelectorAll<HTMLElement>('[data-msg-id]')) {
      const r = row.getBoundingClientRect();
      if (r.top >= box.top) return { id: row.dataset.msgId ?? '', offset: r.top - box.top };
    }
    return null;
  });

const rowCount = (page: Page): Promise<number> => panel(page).locator('.chat-message').count();

test('follows the bottom under a burst; a viewer who scrolled up stays put while old entries fall off; the new-messages button counts and returns', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await enterAsGuest(browser);

  // A fast burst (well over the 200 kept): the list keeps following. A sample may land
  // between a tick's rows and the scroll that follows them (the next frame or two), so
  // each sample allows a catch-up (generous: page.evaluate is slow on a busy machine);
  // following itself is never given up.
  await server.admin(`/admin/v1/rooms/${ROOM}/burst`, { rate: 400, seconds: 1, users: 50 });
  // The room starts without messages: the list exists from the burst's first delivery on,
  // which a loaded machine may take seconds to make (a sample before it measures nothing).
  await expect(scroller(page)).toBeVisible({ timeout: 10_000 });
  for (let i = 0; i < 8; i++) {
    await page.waitForTimeout(250);
    await expect.poll(async () => atBottom(await scrollState(page)), { timeout: 2000, intervals: [20], message: `at the bottom during the burst (${i})` }).toBe(true);
    await expect(panel(page).locator('.chat-list')).toHaveAttribute('data-at-bottom', 'true', { timeout: 10 });
  }
  // More rows than the list shows: there is something to scroll up to.
  await expect.poll(async () => { const s = await scrollState(page); return s.height - s.client; }).toBeGreaterThan(100);
  // The burst is over (a burst on the room would replace the next one anyway).
  await page.waitForTimeout(1500);
  expect(atBottom(await scrollState(page))).toBe(true);
  await expect(panel(page).locator('.chat-list__new')).toHaveCount(0);

  // The viewer scrolls up a few rows and reads.
  await scroller(page).hover();
  await page.mouse.wheel(0, -600);
  await expect(panel(page).locator('[data-at-bottom="false"]')).toHaveCount(1);
  // The wheel scrolls smoothly: read once it has come to rest.
  let rest = -1;
  await expect.poll(async () => {
    const top = (await scrollState(page)).top;
    const still = top === rest;
    rest = top;
    return still;
  }, { intervals: [150] }).toBe(true);
  const before = await firstVisibleRow(page);
  expect(before).not.toBeNull();

  // A slow burst: new entries arrive and the oldest fall off the top (the buffer is full),
  // but far fewer than the rows between the top and what the viewer reads.
  await server.admin(`/admin/v1/rooms/${ROOM}/burst`, { rate: 20, seconds: 2, users: 10 });
  const button = panel(page).locator('.chat-list__new');
  await expect(button).toBeVisible();
  // Sampled while it runs: the row being read never moves.
  for (let i = 0; i < 12; i++) {
    await page.waitForTimeout(200);
    const now = await firstVisibleRow(page);
    expect(now?.id).toBe(before!.id);
    expect(Math.abs(now!.offset - before!.offset)).toBeLessThanOrEqual(2);
  }
  const count = Number(await button.getAttribute('data-count'));
  expect(count).toBeGreaterThanOrEqual(30);
  await expect(button).toHaveText(`${count} 条新消息 ↓`);

  const after = await firstVisibleRow(page);
  expect(after?.id).toBe(before!.id);
  expect(Math.abs(after!.offset - before!.offset)).toBeLessThanOrEqual(2);
  expect(await rowCount(page)).toBeGreaterThan(0);

  // The button goes back to the newest message; the list follows again.
  await button.click();
  await expect(button).toHaveCount(0);
  await expect.poll(async () => atBottom(await scrollState(page))).toBe(true);
  await server.admin(`/admin/v1/rooms/${ROOM}/say`, { text: 'back at the bottom', role: 'host' });
  await expect(panel(page).getByText('back at the bottom')).toBeVisible();
  // In the DOM first, measured and scrolled to in the next frame or two (as in the burst).
  await expect.poll(async () => atBottom(await scrollState(page)), { timeout: 2000, intervals: [20] }).toBe(true);
  await page.context().close();
});

test('sends with Enter (not Shift+Enter), refuses a blank message, labels it as mine and withdraws it', async ({ browser }) => {
  const page = await enterAsGuest(browser);
  const input = composer(page);

  await input.fill('   ');
  await input.press('Enter');
  await expect(panel(page).getByRole('alert')).toHaveText('消息不能为空');

  await input.fill('first line');
  await input.press('Shift+Enter');
  await input.pressSequentially('second line');
  await expect(input).toHaveValue('first line\nsecond line');
  await input.press('Enter');
  await expect(input).toHaveValue('');

  const mine = panel(page).locator('.chat-message[data-mine="true"]').filter({ hasText: 'second line' });
  await expect(mine).toBeVisible();
  await expect(mine.locator('.chat-message__role--me')).toHaveText('我');
  // The row's actions come with attention; by keyboard: focus the row, Tab to its withdraw.
  await expect(mine.getByRole('button')).toHaveCount(0);
  await mine.focus();
  await page.keyboard.press('Tab');
  await expect(mine.getByRole('button', { name: '撤回' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(mine).toHaveCount(0);
  await page.context().close();
});

test('an emoji from the picker is sent as its token and shown as a picture', async ({ browser }) => {
  const page = await enterAsGuest(browser);
  await composer(page).fill('nice ');
  await panel(page).getByRole('button', { name: '表情' }).click();
  await panel(page).getByRole('group', { name: '选择表情' }).getByRole('button', { name: '[微笑]' }).click();
  await expect(composer(page)).toHaveValue('nice [微笑]');
  await composer(page).press('Enter');
  const emoji = panel(page).locator('.chat-message[data-mine="true"]').getByRole('img', { name: '[微笑]' });
  await expect(emoji).toBeVisible();
  // Painted from the sprite: the background picture the row names loads.
  const loaded = await emoji.evaluate(async (element) => {
    const url = /url\("?([^")]+)"?\)/.exec(getComputedStyle(element).backgroundImage)?.[1] ?? '';
    const picture = new Image();
    picture.src = url;
    await picture.decode();
    return { url, width: picture.naturalWidth };
  });
  expect(loaded.url).toMatch(/\/emoji\/sprite\.svg$/);
  expect(loaded.width).toBeGreaterThan(0);
  await page.context().close();
});

test("quote and @mention another viewer's message; the mentioned viewer sees it stand out", async ({ browser }) => {
  const alice = await enterAsGuest(browser);
  const bob = await enterAsGuest(browser);
  await composer(alice).fill('hello from alice');
  await composer(alice).press('Enter');

  const row = panel(bob).locator('.chat-message').filter({ hasText: 'hello from alice' }).last();
  await expect(row).toBeVisible();
  await row.hover();
  await row.getByRole('button', { name: /^@/ }).click();
  await row.hover();
  await row.getByRole('button', { name: /^引用/ }).click();
  await expect(panel(bob).getByText(/^回复 /)).toBeVisible();
  await composer(bob).pressSequentially('hi back');
  await composer(bob).press('Enter');

  const mention = panel(alice).locator('.chat-message[data-mentions-me="true"]').filter({ hasText: 'hi back' });
  await expect(mention).toBeVisible();
  await expect(mention.locator('.chat-mention')).toHaveCount(1);
  await expect(mention.locator('blockquote')).toContainText('hello from alice');
  // The quote's original, asked of the server by its id (chat/public/listByIds): the
  // message may have left the list long ago in a busy room.
  await mention.hover();
  const byIds = alice.waitForResponse((r) => r.url().endsWith('/ccp/monitor/v1/chat/public/listByIds'));
  await mention.getByRole('button', { name: /^查看 .+ 的原消息$/ }).click();
  expect((await byIds).ok()).toBe(true);
  const original = alice.getByRole('dialog', { name: '被引用的原消息' });
  await expect(original.locator('.chat-original__body')).toHaveText('hello from alice');
  await original.getByRole('button', { name: '关闭' }).click();
  await expect(original).toHaveCount(0);
  await alice.context().close();
  await bob.context().close();
});

test('a quote of a message withdrawn meanwhile is refused with a clear word, and the draft is kept', async ({ browser }) => {
  const alice = await enterAsGuest(browser);
  const bob = await enterAsGuest(browser);
  await composer(alice).fill('about to be withdrawn');
  await composer(alice).press('Enter');
  const row = panel(bob).locator('.chat-message').filter({ hasText: 'about to be withdrawn' }).last();
  await expect(row).toBeVisible();
  await row.hover();
  await row.getByRole('button', { name: /^引用/ }).click();
  await composer(bob).pressSequentially('agreed');

  // The server publishes a quote as the quoted message is in its history: gone, it is refused.
  const mine = panel(alice).locator('.chat-message[data-mine="true"]').filter({ hasText: 'about to be withdrawn' });
  await mine.focus();
  await alice.keyboard.press('Tab');
  await alice.keyboard.press('Enter');
  await expect(mine).toHaveCount(0);
  await expect(row).toHaveCount(0);

  await composer(bob).press('Enter');
  await expect(panel(bob).getByText('引用的消息已不存在，请取消引用后再发送')).toBeVisible();
  await expect(composer(bob)).toHaveValue('agreed');
  await alice.context().close();
  await bob.context().close();
});

test('the room switches: chat closed disables the composer, review mode notes and answers 4403 as information', async ({ browser }) => {
  const page = await enterAsGuest(browser);
  try {
    await server.admin(`/admin/v1/rooms/${ROOM}/chat/state`, { open: false });
    await expect(composer(page)).toBeDisabled();
    await expect(panel(page).getByText('聊天已关闭')).toBeVisible();

    await server.admin(`/admin/v1/rooms/${ROOM}/chat/state`, { open: true, review: true });
    await expect(composer(page)).toBeEnabled();
    await expect(panel(page).getByText('消息需审核后才会显示')).toBeVisible();
    await composer(page).fill('please approve');
    await composer(page).press('Enter');
    await expect(panel(page).getByRole('status').filter({ hasText: '消息已发送，正在等待审核' })).toBeVisible();
    await expect(composer(page)).toHaveValue('');
  } finally {
    await server.admin(`/admin/v1/rooms/${ROOM}/chat/state`, { open: true, review: false });
    await page.context().close();
  }
});

test('a picture is checked, uploaded, sent, and enlarged in a dialog that Escape closes', async ({ browser }) => {
  const page = await enterAsGuest(browser);
  // A 1x1 PNG.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  const fileInput = panel(page).locator('input[type="file"]');

  await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(panel(page).getByRole('alert')).toContainText('图片格式');

  await fileInput.setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: png });
  const picture = panel(page).locator('.chat-message[data-mine="true"] .chat-message__image-button');
  await expect(picture).toBeVisible({ timeout: 15_000 });
  // Published as this server's own picture, which the page's img-src allows: it really loads.
  const image = picture.locator('img');
  expect(await image.getAttribute('src')).toMatch(/^\/ccp\/handler\/v2\/chat\/image\/[0-9A-Za-z]{32}$/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  await picture.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // The picture's dialog passes axe, every rule and impact (issue 37 item 3).
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.context().close();
});

test('the filter switch: only mine, host & highlighted, and back to all', async ({ browser }) => {
  const page = await enterAsGuest(browser);
  const other = await enterAsGuest(browser);
  await composer(page).fill('my own words');
  await composer(page).press('Enter');
  await composer(other).fill('someone else talks');
  await composer(other).press('Enter');
  await server.admin(`/admin/v1/rooms/${ROOM}/say`, { text: 'the host speaks', role: 'host' });
  const list = panel(page).locator('.chat-list');
  await expect(list.getByText('the host speaks')).toBeVisible();
  await expect(list.getByText('someone else talks')).toBeVisible();

  const filters = panel(page).getByRole('group', { name: '显示消息' });
  await filters.getByRole('button', { name: '只看我的' }).click();
  await expect(filters.getByRole('button', { name: '只看我的' })).toHaveAttribute('aria-pressed', 'true');
  await expect(list.getByText('someone else talks')).toHaveCount(0);
  await expect(list.getByText('the host speaks')).toHaveCount(0);
  await expect(list.getByText('my own words')).toBeVisible();

  await filters.getByRole('button', { name: '主持人与精选' }).click();
  await expect(list.getByText('the host speaks')).toBeVisible();
  await expect(list.getByText('someone else talks')).toHaveCount(0);
  // Own messages are always shown (SPEC 6).
  await expect(list.getByText('my own words')).toBeVisible();

  await filters.getByRole('button', { name: '全部' }).click();
  await expect(list.getByText('someone else talks')).toBeVisible();
  await page.context().close();
  await other.context().close();
});
