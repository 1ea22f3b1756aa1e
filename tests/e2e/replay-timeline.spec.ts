import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './support/splash';
import { enterAsGuest } from './support/guest';
import { startOwnServer, type OwnServer } from './support/ownServer';
import { serveConfig, shippedConfig } from './runtimeConfig';

// The replay re-runs the room (issue 36 items 2 to 5): the replay demo room's cards, slides
// and captions at their moments; its quiz tried in the page; the chapters, and the
// transcript's search going to its moment; in four languages. Then the path a person takes:
// a live with a chapter, a caption, a page turn and a quiz is ended, and its recording
// brings them back at their moments (against this file's own server: it ends a live).

const video = (page: Page): Locator => page.locator('video.player__video');
const cards = (page: Page): Locator => page.getByRole('region', { name: '互动' });
const captionLines = (page: Page): Locator => page.getByTestId('caption');

async function seek(page: Page, seconds: number): Promise<void> {
  await video(page).evaluate((element: HTMLVideoElement, to) => {
    element.pause();
    element.currentTime = to;
  }, seconds);
}

const pause = (page: Page): Promise<void> => video(page).evaluate((element: HTMLVideoElement) => element.pause());

const position = (page: Page): Promise<number> => video(page).evaluate((element: HTMLVideoElement) => element.currentTime);

async function openReplay(page: Page, room: string, baseUrl = ''): Promise<void> {
  await enterAsGuest(page, room, baseUrl);
  await expect(page.getByRole('region', { name: '直播播放器' })).toHaveAttribute('data-mode', 'replay', { timeout: 15_000 });
  await expect(page.getByRole('tab', { name: '回放目录' })).toBeVisible({ timeout: 15_000 });
}

test('the replay demo brings back its cards, slides and captions at their moments, and its quiz can be tried in the page', async ({ page }) => {
  test.setTimeout(90_000);
  await openReplay(page, '10015');
  // Before anything: no card, the first page not yet shared.
  await seek(page, 1);
  await expect(cards(page).locator('[data-interaction]')).toHaveCount(0);
  await seek(page, 20);
  await expect(page.getByText('第 1 / 5 页')).toBeVisible();
  await expect(captionLines(page)).toHaveText(['今天的内容分为四个部分，大约五分钟']);

  // 85 s: the roll call (30 s) and the quiz (75 s) had happened; the second page is up.
  await seek(page, 85);
  await expect(cards(page).locator('[data-interaction="replay-paper"]')).toBeVisible();
  await expect(cards(page).locator('[data-interaction="replay-rollcall"]')).toContainText('0:30');
  await expect(page.getByText('第 2 / 5 页')).toBeVisible();
  await expect(captionLines(page)).toHaveText(['大家可以看到，回放中的聊天和直播时一模一样']);
  // Only the recording's cards: the room's own (ended) quiz card is not shown beside them.
  await expect(cards(page).locator('[data-interaction="paper"]')).toHaveCount(0);

  // The quiz, tried: two right answers of three, checked in the page.
  const quiz = cards(page).locator('[data-interaction="replay-paper"]');
  await expect(quiz).toContainText('不会提交，也不计分');
  await quiz.getByRole('button', { name: '试着作答' }).click();
  const dialog = page.getByRole('dialog', { name: 'Quick quiz' });
  await expect(dialog.getByText('答案只留在这个页面')).toBeVisible();
  await dialog.getByRole('radio', { name: 'HLS or FLV' }).check();
  await dialog.getByRole('checkbox', { name: 'Rose' }).check();
  await dialog.getByRole('radio', { name: '1 yuan', exact: true }).check();
  await dialog.getByRole('button', { name: '对照答案' }).click();
  await expect(dialog.getByRole('status')).toHaveText('答对 1 / 3 题');
  await dialog.getByRole('button', { name: '重新作答' }).click();
  await dialog.getByRole('radio', { name: 'HLS or FLV' }).check();
  await dialog.getByRole('checkbox', { name: 'Rose' }).check();
  await dialog.getByRole('checkbox', { name: 'Rocket' }).check();
  await dialog.getByRole('radio', { name: '0.01 yuan', exact: true }).check();
  await dialog.getByRole('button', { name: '对照答案' }).click();
  await expect(dialog.getByRole('status')).toHaveText('答对 3 / 3 题');
  await dialog.getByRole('button', { name: '完成' }).click();
  await expect(quiz).toContainText('答对 3 / 3 题');

  // 280 s: the lottery drawn, with its winners, and the draw verifies in the page.
  await seek(page, 280);
  const lottery = cards(page).locator('[data-interaction="replay-lottery"]');
  await expect(lottery).toContainText('中奖名单');
  await lottery.getByRole('button', { name: '验证抽奖结果' }).click();
  await expect(lottery.getByRole('status')).toBeVisible();
  await expect(lottery.locator('.lottery-verify--ok')).toBeVisible();
  // Seeking back takes the later cards away again.
  await seek(page, 100);
  await expect(lottery).toHaveCount(0);
});

test('the chapters go to their moments, and a transcript search (Chinese or Latin) seeks to the line found', async ({ page }) => {
  test.setTimeout(90_000);
  await openReplay(page, '10015');
  await expect(page.getByTestId('seek-markers').locator('.player__marker')).toHaveCount(11);
  await page.getByRole('tab', { name: '回放目录' }).click();
  const guide = page.getByTestId('replay-tab');
  const chapters = guide.getByRole('list', { name: '章节' });
  await expect(chapters.getByRole('listitem')).toHaveCount(11);
  // Paused, as for the transcript below: a playing video moved on past 150 s before a slow
  // poll read it (153.6 s in one run of three).
  await pause(page);
  await chapters.getByRole('listitem').filter({ hasText: '客户案例' }).getByRole('button').click();
  await expect.poll(() => position(page)).toBeCloseTo(150, 0);

  await guide.getByRole('button', { name: '文字稿' }).click();
  const search = guide.getByRole('searchbox', { name: '搜索文字稿' });
  await search.fill('红包');
  await expect(guide.getByText('找到 3 处')).toBeVisible();
  const hit = guide.getByRole('listitem').filter({ hasText: '红包一共五十份' });
  await expect(hit.locator('mark')).toHaveText('红包');
  // Paused, so the position read is the one the search moved to, however slowly it is read.
  await pause(page);
  await hit.getByRole('button').click();
  // The line was captioned at 3 + 7 × 26 = 185 s.
  await expect.poll(() => position(page)).toBeCloseTo(185, 0);
  await expect(captionLines(page)).toHaveText(['红包一共五十份，手慢无']);
  // Latin, any case: the host's chat lines are in the transcript too.
  await search.fill('QUESTIONS ARE');
  await expect(guide.getByRole('listitem').first()).toContainText('Questions are welcome in the chat');
  await expect(guide.getByRole('listitem').first().locator('mark')).toHaveText('Questions are');
  // My moments: a visitor who said nothing is told so.
  await guide.getByRole('button', { name: '我的时刻' }).click();
  await expect(guide.getByText('你在这段直播中没有发言、被@或提问。')).toBeVisible();
});

test('the replay guide speaks each of the four languages', async ({ page }) => {
  test.setTimeout(90_000);
  await serveConfig(page, { ...shippedConfig, locales: { ...shippedConfig.locales, ru_ru: true } });
  await openReplay(page, '10015');
  await seek(page, 85);
  const expected: Record<string, { tab: string; sections: string[]; tookPlace: RegExp }> = {
    en_us: { tab: 'Chapters', sections: ['Chapters', 'My moments', 'Transcript'], tookPlace: /Took place at/ },
    tr_cn: { tab: '回放目錄', sections: ['章節', '我的時刻', '文字稿'], tookPlace: /發生於/ },
    ru_ru: { tab: 'Главы', sections: ['Главы', 'Мои моменты', 'Расшифровка'], tookPlace: /Было в/ },
    zh_cn: { tab: '回放目录', sections: ['章节', '我的时刻', '文字稿'], tookPlace: /发生于/ },
  };
  for (const [locale, words] of Object.entries(expected)) {
    await page.getByRole('banner').locator('.language-switch select').selectOption(locale);
    const tab = page.getByRole('tab', { name: words.tab });
    await expect(tab).toBeVisible();
    await tab.click();
    await expect(page.getByTestId('replay-tab').getByRole('group').getByRole('button')).toHaveText(words.sections);
    await expect(page.locator('[data-interaction="replay-rollcall"] .replay-card__when')).toHaveText(words.tookPlace);
  }
});

test.describe('a live that ends', () => {
  let server: OwnServer;
  test.beforeAll(async ({ browserName: _browserName }, testInfo) => {
    test.setTimeout(120_000);
    server = await startOwnServer(6200 + testInfo.workerIndex);
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test('brings its chapter, caption, page turn and quiz back at their moments in the recording', async ({ page }) => {
    test.setTimeout(120_000);
    const room = '10001';
    await server.admin(`/admin/v1/rooms/${room}/live/end`, {});
    const { startTime } = await server.admin<{ startTime: number }>(`/admin/v1/rooms/${room}/live/start`, {});
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const at = async (ms: number) => wait(Math.max(0, startTime + ms - Date.now()));
    // The viewer is in the live and says something: it becomes one of their moments.
    await enterAsGuest(page, room, server.url);
    const composer = page.getByRole('textbox', { name: '消息' });
    await expect(composer).toBeEnabled({ timeout: 15_000 });
    await composer.fill('my line in the live');
    // Its moment is when it was said: seconds into the live, however long the entry took.
    const saidAt = (Date.now() - startTime) / 1000;
    await composer.press('Enter');
    await expect(page.locator('article.chat-message', { hasText: 'my line in the live' })).toBeVisible();
    await at(2_000);
    await server.admin(`/admin/v1/rooms/${room}/chapters`, { title: 'Part A: the demo' });
    await server.admin(`/admin/v1/rooms/${room}/caption`, { text: 'A caption at four seconds', end: startTime + 12_000 });
    await at(6_000);
    await server.admin(`/admin/v1/rooms/${room}/share`, { page: 3 });
    await at(8_000);
    await server.admin(`/admin/v1/rooms/${room}/paper/publish`, { kind: 'quiz' });
    await at(9_000);
    await server.admin(`/admin/v1/rooms/${room}/live/end`, {});

    await expect(page.getByRole('region', { name: '直播播放器' })).toHaveAttribute('data-mode', 'replay', { timeout: 15_000 });
    await expect(page.getByRole('tab', { name: '回放目录' })).toBeVisible({ timeout: 15_000 });
    await seek(page, 0.2);
    await expect(captionLines(page)).toHaveCount(0);
    await expect(cards(page).locator('[data-interaction]')).toHaveCount(0);
    await seek(page, 7);
    await expect(captionLines(page)).toHaveText(['A caption at four seconds']);
    await expect(page.getByText('第 3 / 5 页')).toBeVisible();
    await expect(cards(page).locator('[data-interaction]')).toHaveCount(0);
    await seek(page, 9.5);
    await expect(cards(page).locator('[data-interaction="replay-paper"]')).toContainText('Quick quiz');
    await page.getByRole('tab', { name: '回放目录' }).click();
    const guide = page.getByTestId('replay-tab');
    await expect(guide.getByRole('list', { name: '章节' })).toContainText('Part A: the demo');
    await guide.getByRole('button', { name: '我的时刻' }).click();
    const mine = guide.getByRole('list', { name: '我的时刻' }).getByRole('listitem');
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText('my line in the live');
    await pause(page);
    await mine.getByRole('button').click();
    await expect.poll(() => position(page)).toBeGreaterThan(saidAt - 1);
    expect(await position(page)).toBeLessThan(saidAt + 1.5);
  });
});
