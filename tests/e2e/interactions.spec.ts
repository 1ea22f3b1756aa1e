import { expect, type Page } from '@playwright/test';
import { startOwnServer, type OwnServer } from './support/ownServer';
import { test } from './support/splash';
import { enterAsGuest, guestContext } from './support/guest';

// The room's interactions for viewers (issue 13), driven from the host side through the
// admin API as `npm run room` does, on a server of this file's own (interactions stay open
// for a while, and other specs' pages must not see them).

const ROOM = '10001';

test.describe.configure({ mode: 'serial', timeout: 90_000 });

let server: OwnServer;

// eslint-disable-next-line no-empty-pattern -- Playwright reads a hook's fixtures from this pattern; it needs none.
test.beforeAll(async ({}, testInfo) => {
  test.setTimeout(120_000);
  server = await startOwnServer(5400 + testInfo.workerIndex);
});

test.afterAll(async () => server?.stop());

const card = (page: Page, name: string) => page.locator(`[data-interaction="${name}"]`);

/** Waits until the page's worker has joined the room (pushes reach it from then on). */
async function joined(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate((room) => {
          const api = (globalThis as { __webcastRealtime?: { snapshot(): { rooms: Record<string, { joined: string }> } } }).__webcastRealtime;
          return api?.snapshot().rooms[room]?.joined ?? 'none';
        }, ROOM),
      { timeout: 15_000 },
    )
    .toBe('joined');
}

test('roll call: every tab shows the countdown, one sign-in shows in both tabs and after a reload; a late joiner gets it; it ends', async ({ browser }) => {
  const context = await guestContext(browser, server.url);
  const page = await context.newPage();
  await enterAsGuest(page, ROOM);
  const second = await context.newPage();
  await second.goto(`/live/video/${ROOM}`);
  await joined(page);
  await joined(second);

  await server.admin(`/admin/v1/rooms/${ROOM}/rollcall/start`, { seconds: 40 });
  for (const tab of [page, second]) {
    await expect(card(tab, 'rollCall')).toContainText('主持人发起了签到', { timeout: 10_000 });
    await expect(card(tab, 'rollCall').getByRole('timer')).toHaveText(/^00:[0-4]\d$/);
  }
  await card(page, 'rollCall').getByRole('button', { name: '立即签到' }).click();
  await expect(card(page, 'rollCall')).toContainText('签到成功');
  // The other tab learns it from the worker, without a call of its own.
  await expect(card(second, 'rollCall')).toContainText('签到成功', { timeout: 5_000 });
  await expect(card(second, 'rollCall').getByRole('button', { name: '立即签到' })).toHaveCount(0);

  await second.reload();
  await expect(card(second, 'rollCall')).toContainText('签到成功', { timeout: 15_000 });

  // Another viewer arriving after the push gets the open roll call from the room.
  const otherContext = await guestContext(browser, server.url);
  const late = await otherContext.newPage();
  await enterAsGuest(late, ROOM);
  await expect(card(late, 'rollCall').getByRole('button', { name: '立即签到' })).toBeVisible({ timeout: 15_000 });

  // A short roll call the late viewer lets pass ends on the deadline.
  await server.admin(`/admin/v1/rooms/${ROOM}/rollcall/start`, { seconds: 5 });
  await expect(card(late, 'rollCall').getByRole('timer')).toHaveText(/^00:0[0-5]$/, { timeout: 10_000 });
  await expect(card(late, 'rollCall')).toContainText('签到已结束', { timeout: 15_000 });
  // Closing the card puts it away.
  await card(late, 'rollCall').getByRole('button', { name: /关闭/ }).click();
  await expect(card(late, 'rollCall')).toHaveCount(0);
  await otherContext.close();
  await context.close();
});

test('questionnaire and quiz: SPEC 5 checks in the form, one answer shown in both tabs, the quiz score and review, after a reload', async ({ browser }) => {
  const context = await guestContext(browser, server.url);
  const page = await context.newPage();
  await enterAsGuest(page, ROOM);
  const second = await context.newPage();
  await second.goto(`/live/video/${ROOM}`);
  await joined(page);
  await joined(second);

  await server.admin(`/admin/v1/rooms/${ROOM}/paper/publish`, { kind: 'paper' });
  for (const tab of [page, second]) await expect(card(tab, 'paper')).toContainText('Audience survey', { timeout: 10_000 });
  await expect(card(page, 'paper')).toContainText('共 5 题');
  await card(page, 'paper').getByRole('button', { name: '立即作答' }).click();
  const form = page.getByRole('dialog', { name: 'Audience survey' });
  await expect(form).toBeVisible();
  await expect(form).toContainText('已答 0 / 5 题');

  // SPEC 5: an empty paper is refused; a required completion must be filled.
  await form.getByRole('button', { name: '提交', exact: true }).click();
  await expect(form.getByRole('alert')).toHaveText('不能提交空白问卷');
  await form.getByRole('radio', { name: 'Other, please specify' }).check();
  await form.getByRole('button', { name: '提交', exact: true }).click();
  await expect(form.getByRole('group', { name: /How did you hear/ }).getByRole('alert')).toHaveText('请填写所选选项的补充内容');
  await form.getByRole('textbox', { name: /Other, please specify/ }).fill('A webinar list');
  await form.getByRole('checkbox', { name: 'Customer stories' }).check();
  await form.getByRole('checkbox', { name: 'Pricing' }).check();
  await form.getByRole('radio', { name: '5', exact: true }).check();
  await expect(form).toContainText('已答 3 / 5 题');
  // "Later" keeps the draft: opening again shows it.
  await form.getByRole('button', { name: '稍后再答' }).click();
  await expect(form).toBeHidden();
  await card(page, 'paper').getByRole('button', { name: '继续作答' }).click();
  await expect(form.getByRole('checkbox', { name: 'Pricing' })).toBeChecked();
  await form.getByRole('button', { name: '提交', exact: true }).click();
  await expect(form).toBeHidden();
  await expect(card(page, 'paper')).toContainText('已提交，感谢参与');
  await expect(card(second, 'paper')).toContainText('已提交，感谢参与', { timeout: 5_000 });

  // The quiz: scored by the server, the review marks each question.
  await server.admin(`/admin/v1/rooms/${ROOM}/paper/publish`, { kind: 'quiz' });
  await expect(card(second, 'paper')).toContainText('Quick quiz', { timeout: 10_000 });
  await card(second, 'paper').getByRole('button', { name: '立即作答' }).click();
  const quiz = second.getByRole('dialog', { name: 'Quick quiz' });
  await quiz.getByRole('radio', { name: 'HLS or FLV' }).check();
  await quiz.getByRole('checkbox', { name: 'Rose' }).check();
  await quiz.getByRole('checkbox', { name: 'Rocket' }).check();
  await quiz.getByRole('radio', { name: '1 yuan', exact: true }).check();
  await quiz.getByRole('button', { name: '提交', exact: true }).click();
  await expect(card(second, 'paper')).toContainText('得分 2 / 3');
  await expect(card(page, 'paper')).toContainText('得分 2 / 3', { timeout: 5_000 });
  await card(page, 'paper').getByRole('button', { name: '查看作答' }).click();
  const review = page.getByRole('dialog', { name: 'Quick quiz' });
  await expect(review.locator('[data-right="false"]')).toContainText('正确答案：0.01 yuan');
  await expect(review.locator('[data-right="true"]')).toHaveCount(2);
  await review.getByRole('button', { name: '关闭问卷' }).click();

  await second.reload();
  await expect(card(second, 'paper')).toContainText('得分 2 / 3', { timeout: 15_000 });
  await context.close();
});
