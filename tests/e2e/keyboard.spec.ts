import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './support/splash';
import { startOwnServer, type OwnServer } from './support/ownServer';

// Keyboard only (issue 37 item 3): a viewer goes the whole way without a mouse: the guide
// page, entering, the player's controls, a message with a mention and an emoji, a quiz, a
// red packet, the settings and gift dialogs (the focus stays inside, and comes back to the
// button after); a host does the console's main actions. Every stop shows where the focus
// is. On a server of this file's own: it publishes a quiz and a red packet. axe (any
// impact) on what only this file opens: the quiz, the red packet wallet, the lottery
// record, the console.

const ROOM = '10001';
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let server: OwnServer;
// eslint-disable-next-line no-empty-pattern -- Playwright reads a hook's fixtures from this pattern; it needs none.
test.beforeAll(async ({}, testInfo) => {
  test.setTimeout(120_000);
  server = await startOwnServer(6700 + testInfo.workerIndex);
});
test.afterAll(async () => server?.stop());

/** Whether the focused element shows a focus ring the browser draws for the keyboard. */
const focusShown = (page: Page): Promise<boolean> =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || !element.matches(':focus-visible')) return false;
    const style = getComputedStyle(element);
    return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
  });

/** Presses Tab (Shift+Tab backwards) until `target` has the focus, checking each stop shows it. */
async function tabTo(page: Page, target: Locator, options: { back?: boolean; max?: number } = {}): Promise<void> {
  for (let i = 0; i < (options.max ?? 60); i++) {
    await page.keyboard.press(options.back === true ? 'Shift+Tab' : 'Tab');
    const at = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120) ?? '');
    if (at.startsWith('<body')) continue;
    expect(await focusShown(page), `a visible focus on ${at}`).toBe(true);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${String(target)} was not reached with the keyboard`);
}

/**
 * Tab presses inside an open dialog never reach the page behind it. (Past its last control a
 * modal <dialog> lets the focus go to the browser's own controls, the document itself here,
 * and the next Tab comes back in: the page behind is inert.)
 */
async function focusStaysIn(page: Page, dialog: Locator, presses = 25): Promise<void> {
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press(i % 5 === 4 ? 'Shift+Tab' : 'Tab');
    const where = await dialog.evaluate((element) => {
      const active = document.activeElement;
      return active === null || active === document.body || element.contains(active) ? 'in' : active.outerHTML.slice(0, 100);
    });
    expect(where, `Tab ${i + 1} stays in the dialog`).toBe('in');
  }
}

async function noViolations(page: Page, what: string): Promise<void> {
  // A row or a card still fading in is read by its colour half-way (contrast): wait for the finite animations.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)} ${n.failureSummary ?? ''}`).slice(0, 3).join(", ")}`), what).toEqual([]);
}

test('a viewer: guide page, entering, the player, a message with a mention and an emoji, a quiz, a red packet, the dialogs', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.goto(`/live/login/${ROOM}`);
  const enter = page.getByRole('button', { name: '以游客身份进入' });
  await expect(enter).toBeVisible();
  await tabTo(page, enter);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/live/video/${ROOM}$`));
  const composer = page.getByRole('textbox', { name: '消息' });
  await expect(composer).toBeEnabled({ timeout: 15_000 });

  // The player: pause and play, the settings menu opened, moved in, closed back to its button.
  const pause = page.getByRole('button', { name: '暂停' });
  await expect(pause).toBeVisible({ timeout: 15_000 });
  await tabTo(page, pause);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: '播放', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  const menuButton = page.getByRole('button', { name: '播放设置' });
  await tabTo(page, menuButton);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  expect(await page.getByRole('menu').evaluate((menu) => menu.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(menuButton).toBeFocused();

  // A message with a mention and an emoji: the list is one stop, the arrows go to the host's
  // row, Tab to its @, which goes on to the composer.
  await server.admin(`/admin/v1/rooms/${ROOM}/say`, { text: 'keyboard: hello from the host', role: 'host' });
  const log = page.getByRole('log');
  const hostRow = log.locator('article.chat-message').filter({ hasText: 'keyboard: hello from the host' });
  await expect(hostRow).toBeVisible();
  await tabTo(page, log);
  await page.keyboard.press('ArrowUp');
  await expect(hostRow).toBeFocused();
  await expect(page.locator('.chat-list')).toHaveAttribute('data-held', 'true');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(hostRow.getByRole('button', { name: /^@/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(composer).toBeFocused();
  await expect(composer).toHaveValue(/^@\S+ $/);
  await page.keyboard.type('thanks ');
  const emoji = page.getByRole('button', { name: '表情' });
  await tabTo(page, emoji);
  await page.keyboard.press('Enter');
  const picker = page.getByRole('group', { name: '选择表情' });
  expect(await picker.evaluate((grid) => grid.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  // The pick puts the caret back after it; Escape there closes the grid; Enter sends.
  await expect(composer).toHaveValue(/^@\S+ thanks \[[^\]]+\]$/);
  await expect(composer).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(picker).toHaveCount(0);
  await page.keyboard.press('Enter');
  const mine = log.locator('.chat-message[data-mine="true"]').filter({ hasText: 'thanks' });
  await expect(mine.locator('.chat-mention')).toHaveCount(1);
  await expect(mine.getByRole('img')).toHaveCount(1);

  // A quiz, answered with the keys.
  await server.admin(`/admin/v1/rooms/${ROOM}/paper/publish`, { kind: 'quiz' });
  const answer = page.locator('[data-interaction="paper"]').getByRole('button', { name: '立即作答' });
  await expect(answer).toBeVisible({ timeout: 10_000 });
  await tabTo(page, answer, { back: true, max: 80 });
  await page.keyboard.press('Enter');
  const quiz = page.getByRole('dialog', { name: 'Quick quiz' });
  await expect(quiz).toBeVisible();
  await noViolations(page, 'the quiz');
  // A radio group is one stop (its first option), the arrows choose in it; a checkbox is a stop of its own.
  await tabTo(page, quiz.getByRole('radio', { name: 'FTP' }), { max: 20 });
  await page.keyboard.press('ArrowDown');
  await expect(quiz.getByRole('radio', { name: 'HLS or FLV' })).toBeChecked();
  for (const [role, name] of [['checkbox', 'Rose'], ['checkbox', 'Rocket'], ['radio', '0.01 yuan']] as const) {
    const choice = quiz.getByRole(role, { name, exact: true });
    await tabTo(page, choice, { max: 20 });
    await page.keyboard.press('Space');
    await expect(choice).toBeChecked();
  }
  const submit = quiz.getByRole('button', { name: '提交', exact: true });
  await tabTo(page, submit, { max: 20 });
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-interaction="paper"]')).toContainText('得分 3 / 3');
  await expect(quiz).toBeHidden();

  // A red packet, grabbed with Enter; its wallet dialog.
  await server.admin(`/admin/v1/rooms/${ROOM}/redpacket/send`, {});
  const grab = page.locator('[data-interaction="redpacket"]').getByRole('button', { name: '抢红包' });
  await expect(grab).toBeVisible({ timeout: 10_000 });
  await tabTo(page, grab, { back: true, max: 80 });
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-interaction="redpacket"]')).toContainText(/¥\d+\.\d\d/);
  const walletButton = page.locator('[data-interaction="redpacket"]').getByRole('button', { name: '我的红包' });
  await tabTo(page, walletButton, { max: 10 });
  await page.keyboard.press('Enter');
  const wallet = page.getByRole('dialog', { name: '我的红包' });
  await expect(wallet).toBeVisible();
  await noViolations(page, 'the red packet wallet');
  await focusStaysIn(page, wallet, 10);
  await page.keyboard.press('Escape');
  await expect(walletButton).toBeFocused();

  // The settings and gift dialogs: the focus stays inside, and comes back to the button.
  for (const [button, name] of [['设置', '设置'], ['礼物', '送礼物']] as const) {
    const opener = page.getByRole('button', { name: button, exact: true });
    await tabTo(page, opener, { back: true, max: 80 });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name, exact: true });
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await focusStaysIn(page, dialog);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  }
  await context.close();
});

test('a host: logs in to the console and does its main actions with the keyboard', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.goto(`/live/meetLive/${ROOM}`);
  const login = page.getByRole('form', { name: '主持人或助理登录' });
  const account = login.getByRole('textbox', { name: '账号' });
  await expect(account).toBeVisible();
  await tabTo(page, account);
  await page.keyboard.type(`host${ROOM}`);
  await page.keyboard.press('Tab');
  await page.keyboard.type('host123');
  await page.keyboard.press('Enter');

  // Connect-mic requests opened, then closed again.
  const open = page.getByRole('button', { name: '开放连麦申请' });
  await expect(open).toBeVisible({ timeout: 15_000 });
  await noViolations(page, 'the console');
  await tabTo(page, open);
  await page.keyboard.press('Enter');
  await expect(page.locator('.mic-desk')).toContainText('观众可以申请连麦');
  const close = page.getByRole('button', { name: '关闭连麦申请' });
  await expect(close).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('.mic-desk')).toContainText('连麦申请已关闭');

  // The chat's switch: review mode on and off.
  const review = page.getByRole('button', { name: '审核模式' });
  await tabTo(page, review);
  await page.keyboard.press('Enter');
  await expect(review).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Enter');
  await expect(review).toHaveAttribute('aria-pressed', 'false');

  // A roll call started, a quiz published, the lottery started and drawn.
  for (const [button, after] of [
    ['发起签到（60 秒）', /签到进行中/],
    ['发布测验', /已收到 \d+ 份答卷/],
    ['开始抽奖', /抽奖进行中/],
  ] as const) {
    const action = page.getByRole('button', { name: button });
    await tabTo(page, action, { max: 80 });
    await page.keyboard.press('Enter');
    await expect(page.locator('.interaction-desk')).toContainText(after);
  }
  // Start and draw take turns: the focus goes on to the other button.
  const draw = page.getByRole('button', { name: '开奖' });
  await expect(draw).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('.interaction-desk')).toContainText(/已开奖/);
  await expect(page.getByRole('button', { name: '开始抽奖' })).toBeFocused();
  await context.close();
});

test('a viewer reads the lottery record, whose dialog is clean', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.goto(`/live/login/${ROOM}`);
  await page.getByRole('button', { name: '以游客身份进入' }).click();
  const record = page.getByRole('button', { name: '中奖记录' }).first();
  await expect(record).toBeVisible({ timeout: 15_000 });
  await record.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: '中奖记录' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('加载中…')).toHaveCount(0);
  await noViolations(page, 'the lottery record');
  await page.keyboard.press('Escape');
  await expect(record).toBeFocused();
  await context.close();
});

test('less motion (prefers-reduced-motion): the watermark stays put, a gift banner does not animate, no scroller scrolls smoothly; with full motion the watermark drifts', async ({ browser }) => {
  const pages = await Promise.all(
    (['reduce', 'no-preference'] as const).map(async (reducedMotion) => {
      const page = await (await browser.newContext({ baseURL: server.url, reducedMotion })).newPage();
      await page.goto(`/live/login/${ROOM}`);
      await page.getByRole('button', { name: '以游客身份进入' }).click();
      await expect(page.getByTestId('watermark')).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('button', { name: '礼物', exact: true })).toBeVisible();
      return page;
    }),
  );
  const [still, moving] = pages as [Page, Page];
  const mark = (page: Page) => page.getByTestId('watermark').locator('.watermark__text').evaluate((text) => `${text.dataset.x},${text.dataset.y}`);
  const before = await Promise.all([mark(still), mark(moving)]);
  // What an animated part gets from the styles: a gift banner's animation, a scroller's scrolling, the mark's transition.
  const looks = (page: Page) =>
    page.evaluate(() => {
      const banner = document.body.appendChild(document.createElement('div'));
      banner.className = 'gift-banner';
      const look = {
        banner: getComputedStyle(banner).animationName,
        scrolling: getComputedStyle(document.querySelector('.chat-list__scroller') ?? document.documentElement).scrollBehavior,
        mark: getComputedStyle(document.querySelector('.watermark__track')!).transitionDuration,
      };
      banner.remove();
      return look;
    });
  expect(await looks(still)).toEqual({ banner: 'none', scrolling: 'auto', mark: '0.001s' });
  expect((await looks(moving)).banner).not.toBe('none');
  // The mark moves every 4 s with full motion.
  await still.waitForTimeout(4_700);
  expect(await mark(still)).toBe(before[0]);
  expect(await mark(moving)).not.toBe(before[1]);
  await Promise.all(pages.map((page) => page.context().close()));
});
