import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { startOwnServer, type OwnServer } from './support/ownServer';
import { test } from './support/splash';
import { enterAsGuest, guestContext, joinedRoom } from './support/guest';

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

/** A guest viewer with the room's video page in two tabs, both joined (one socket, one worker). */
async function viewerInTwoTabs(browser: Browser): Promise<{ context: BrowserContext; page: Page; second: Page }> {
  const context = await guestContext(browser, server.url);
  const page = await context.newPage();
  await enterAsGuest(page, ROOM);
  const second = await context.newPage();
  await second.goto(`/live/video/${ROOM}`);
  await joined(page);
  await joined(second);
  return { context, page, second };
}

const card = (page: Page, name: string) => page.locator(`[data-interaction="${name}"]`);

const joined = (page: Page): Promise<void> => joinedRoom(page, ROOM);

test('roll call: every tab shows the countdown, one sign-in shows in both tabs and after a reload; a late joiner gets it; it ends', async ({ browser }) => {
  const { context, page, second } = await viewerInTwoTabs(browser);

  await server.admin(`/admin/v1/rooms/${ROOM}/rollcall/start`, { seconds: 40 });
  for (const tab of [page, second]) {
    // Said once, by the chat's announcer (issue 37), not by the card as well.
    await expect(tab.getByTestId('chat-announcer')).toHaveText('主持人发起了签到，请在倒计时结束前签到', { timeout: 10_000 });
    await expect(card(tab, 'rollCall').getByRole('button', { name: '立即签到' })).toBeVisible();
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
  const { context, page, second } = await viewerInTwoTabs(browser);

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

  // The room's papers (paper/publish/list) in their tab, newest first, both answered; the
  // earlier questionnaire opens again in the card's dialog, to review.
  await second.getByRole('tab', { name: '问卷' }).click();
  const papers = second.getByRole('list', { name: '本场问卷与测验' }).getByRole('listitem');
  await expect(papers).toHaveCount(2);
  await expect(papers.nth(0)).toContainText('Quick quiz');
  await expect(papers.nth(1)).toContainText('Audience survey');
  await expect(papers.nth(1)).toContainText('已作答');
  await papers.nth(1).getByRole('button', { name: '查看“Audience survey”的作答' }).click();
  const survey = second.getByRole('dialog', { name: 'Audience survey' });
  await expect(survey).toBeVisible({ timeout: 10_000 });
  await expect(survey).toContainText('你的答案');
  await survey.getByRole('button', { name: '关闭问卷' }).click();
  await context.close();
});

/** Sets the viewer's nickname through the prompt the lottery card opens. */
async function setNicknameFromCard(page: Page, name: string): Promise<void> {
  await card(page, 'lottery').getByRole('button', { name: '设置昵称' }).click();
  const form = page.getByRole('form', { name: '设置昵称' });
  await form.getByRole('textbox', { name: '新昵称' }).fill(name);
  await form.getByRole('button', { name: '保存昵称' }).click();
}

test('lottery: the nickname gate, 3 viewers see the right winners, the prize form; a password round; the winners record', async ({ browser }) => {
  const viewers = await Promise.all([0, 1, 2].map(() => guestContext(browser, server.url)));
  const [ann, bob, cat] = await Promise.all(viewers.map((context) => context.newPage()));
  for (const page of [ann!, bob!, cat!]) {
    await enterAsGuest(page, ROOM);
    await joined(page);
  }
  const annSecond = await viewers[0]!.newPage();
  await annSecond.goto(`/live/video/${ROOM}`);
  await joined(annSecond);

  // Round 1, no password, 3 prizes: everyone with a nickname in the room takes part.
  await server.admin(`/admin/v1/rooms/${ROOM}/lottery/start`, { raffleId: `rf_${ROOM}_open` });
  for (const page of [ann!, bob!, cat!]) {
    await expect(card(page, 'lottery')).toContainText('奖品：Webcast mug', { timeout: 10_000 });
    await expect(card(page, 'lottery')).toContainText('设置昵称后即可参与抽奖');
  }
  await setNicknameFromCard(ann!, 'Ann_A');
  await expect(card(ann!, 'lottery')).toContainText('你已参与，等待开奖');
  await setNicknameFromCard(bob!, 'Bob_B');
  await expect(card(bob!, 'lottery')).toContainText('你已参与，等待开奖');

  await server.admin(`/admin/v1/rooms/${ROOM}/lottery/end`, {});
  for (const page of [ann!, bob!]) await expect(card(page, 'lottery')).toContainText('恭喜你中奖了！', { timeout: 10_000 });
  await expect(card(cat!, 'lottery')).toContainText('本轮抽奖已结束', { timeout: 10_000 });
  await expect(card(cat!, 'lottery')).toContainText(/中奖名单：.*(Ann_A、Bob_B|Bob_B、Ann_A)/);
  // The draw can be checked in the page: the revealed seed and entrants against the commitments pushed before it.
  await card(cat!, 'lottery').getByRole('button', { name: '验证抽奖结果' }).click();
  await expect(card(cat!, 'lottery')).toContainText('已验证：中奖名单可由开奖前公布的种子和参与名单复算');
  // Ann's other tab: its own nickname came from the same login, and the draw says won there too.
  await expect(card(annSecond, 'lottery')).toContainText('恭喜你中奖了！', { timeout: 10_000 });

  // The winner's delivery details: the phone is checked, then sent once for every tab.
  await card(ann!, 'lottery').getByRole('button', { name: '填写领奖信息' }).click();
  const contact = ann!.getByRole('form', { name: '领奖信息' });
  await contact.getByRole('textbox', { name: '姓名' }).fill('Ann Lee');
  await contact.getByRole('textbox', { name: '手机号' }).fill('123');
  await contact.getByRole('textbox', { name: '收货地址' }).fill('1 Main Street');
  await contact.getByRole('button', { name: '提交领奖信息' }).click();
  await expect(contact.getByRole('alert')).toHaveText('手机号格式不正确');
  await contact.getByRole('textbox', { name: '手机号' }).fill('13800138000');
  await contact.getByRole('button', { name: '提交领奖信息' }).click();
  await expect(card(ann!, 'lottery')).toContainText('领奖信息已提交');
  await expect(card(annSecond, 'lottery')).toContainText('领奖信息已提交', { timeout: 5_000 });

  // Round 2, with a password and 1 prize: only Ann joins, from one tab.
  await server.admin(`/admin/v1/rooms/${ROOM}/lottery/start`, { raffleId: `rf_${ROOM}_password` });
  await expect(card(ann!, 'lottery')).toContainText('Password draw', { timeout: 10_000 });
  const password = card(ann!, 'lottery').getByRole('textbox', { name: '抽奖口令' });
  await password.fill('x'.repeat(21));
  await card(ann!, 'lottery').getByRole('button', { name: '参与抽奖' }).click();
  await expect(card(ann!, 'lottery').getByRole('alert')).toContainText('抽奖口令过长');
  await password.fill('wrong');
  await card(ann!, 'lottery').getByRole('button', { name: '参与抽奖' }).click();
  await expect(card(ann!, 'lottery').getByRole('alert')).toHaveText('口令错误');
  await ann!.waitForTimeout(3_100); // SPEC 5: a second submit within 3 s is refused as a double click
  await password.fill('lucky2024');
  await card(ann!, 'lottery').getByRole('button', { name: '参与抽奖' }).click();
  await expect(card(ann!, 'lottery')).toContainText('你已参与，等待开奖');
  await expect(card(annSecond, 'lottery')).toContainText('你已参与，等待开奖', { timeout: 5_000 });
  await expect(card(bob!, 'lottery').getByRole('textbox', { name: '抽奖口令' })).toBeVisible();

  await server.admin(`/admin/v1/rooms/${ROOM}/lottery/end`, {});
  await expect(card(ann!, 'lottery')).toContainText('恭喜你中奖了！', { timeout: 10_000 });
  await expect(card(bob!, 'lottery')).toContainText('本轮抽奖已结束', { timeout: 10_000 });
  await expect(card(bob!, 'lottery')).toContainText('中奖名单：Ann_A');

  // The record: both rounds, newest first, won.
  await annSecond.getByRole('button', { name: '中奖记录' }).click();
  const record = annSecond.getByRole('dialog', { name: '中奖记录' });
  await expect(record.locator('li')).toHaveCount(2);
  await expect(record.locator('li').first()).toContainText('Password draw');
  await expect(record.locator('li[data-my-state="won"]')).toHaveCount(2);
  await record.getByRole('button', { name: '关闭中奖记录' }).click();
  await Promise.all(viewers.map((context) => context.close()));
});

test('Q&A: the switch states, a question seen by its asker only until approved, answers and follow-ups live; the consultation form', async ({ browser }) => {
  await server.admin(`/admin/v1/rooms/${ROOM}/qa/state`, { state: 'unopened' });
  const contexts = await Promise.all([0, 1].map(() => guestContext(browser, server.url)));
  const [asker, other] = await Promise.all(contexts.map((context) => context.newPage()));
  for (const page of [asker!, other!]) {
    await enterAsGuest(page, ROOM);
    await joined(page);
    await page.getByRole('tab', { name: '问答' }).click();
  }
  const panel = (page: Page) => page.locator('.qa-panel');
  await expect(panel(asker!)).toContainText('主持人尚未开启问答');
  await server.admin(`/admin/v1/rooms/${ROOM}/qa/state`, { state: 'on' });
  const box = asker!.getByRole('textbox', { name: '向主持人提问' });
  await expect(box).toBeVisible({ timeout: 10_000 });

  await box.fill('why?');
  await asker!.getByRole('button', { name: '提问', exact: true }).click();
  await expect(panel(asker!).getByRole('alert')).toHaveText('问题内容不能少于 5 个字符');
  await box.fill('When is the replay available?');
  await asker!.getByRole('button', { name: '提问', exact: true }).click();
  const mine = panel(asker!).locator('.qa-thread', { hasText: 'When is the replay available?' });
  await expect(mine).toContainText('待审核 · 仅自己可见');
  const qaId = await mine.locator('.qa-question').first().getAttribute('data-qa-id');
  expect(qaId).not.toBeNull();
  // Nobody else sees a question under review.
  await other!.reload();
  await other!.getByRole('tab', { name: '问答' }).click();
  await expect(panel(other!)).toContainText('Will the slides be available'); // the seeded, approved question: the list is read
  await expect(panel(other!)).not.toContainText('When is the replay available?');

  await server.admin(`/admin/v1/rooms/${ROOM}/qa/${qaId}/approve`, {});
  await expect(panel(other!)).toContainText('When is the replay available?', { timeout: 10_000 });
  await expect(mine).not.toContainText('待审核');
  await server.admin(`/admin/v1/rooms/${ROOM}/qa/${qaId}/answer`, { text: 'Thirty minutes after the live ends.' });
  for (const page of [asker!, other!]) await expect(panel(page)).toContainText('回答：Thirty minutes after the live ends.', { timeout: 10_000 });

  // Upvotes: one per viewer; the other viewer sees the count move (a coalesced tally push); sorted by votes it comes first.
  const upvote = (page: Page) => panel(page).locator('.qa-thread', { hasText: 'When is the replay available?' }).getByRole('button', { name: /赞同这个问题/ });
  await upvote(asker!).click();
  await expect(panel(asker!).locator('.qa-thread', { hasText: 'When is the replay available?' }).getByRole('button', { name: /取消赞同（1 人赞同）/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(upvote(other!)).toHaveAccessibleName('赞同这个问题（1 人赞同）', { timeout: 10_000 });
  await upvote(other!).click();
  await expect(upvote(asker!)).toHaveCount(0); // the asker's button says "take back"
  await expect(panel(asker!).locator('.qa-thread', { hasText: 'When is the replay available?' }).getByRole('button', { name: /取消赞同（2 人赞同）/ })).toBeVisible({ timeout: 10_000 });
  await panel(other!).getByRole('radio', { name: '最多赞同' }).click();
  await expect(panel(other!).locator('.qa-thread').first()).toContainText('When is the replay available?');

  // A follow-up in the thread, under review: its asker sees it, the other viewer does not.
  await panel(other!).locator('.qa-thread', { hasText: 'When is the replay available?' }).getByRole('button', { name: '追问' }).click();
  await other!.getByRole('textbox', { name: '追问这个问题' }).fill('Will it have captions too?');
  await other!.getByRole('button', { name: '发送追问' }).click();
  await expect(panel(other!).locator('.qa-question--follow')).toContainText('Will it have captions too?');
  await expect(panel(asker!).locator('.qa-question--follow')).toHaveCount(0);

  await server.admin(`/admin/v1/rooms/${ROOM}/qa/state`, { state: 'off' });
  await expect(panel(asker!)).toContainText('问答已关闭', { timeout: 10_000 });
  await expect(box).toHaveCount(0);

  // The consultation form: phone checked, then sent.
  await panel(asker!).getByRole('button', { name: '留下电话咨询' }).click();
  const consult = asker!.getByRole('form', { name: '咨询' });
  await consult.getByRole('textbox', { name: '手机号' }).fill('12');
  await consult.getByRole('textbox', { name: '咨询内容' }).fill('Do you offer a team plan?');
  await consult.getByRole('button', { name: '提交咨询' }).click();
  await expect(consult.getByRole('alert')).toHaveText('手机号格式不正确');
  await consult.getByRole('textbox', { name: '手机号' }).fill('13800138000');
  await consult.getByRole('button', { name: '提交咨询' }).click();
  await expect(panel(asker!)).toContainText('咨询已提交');
  await Promise.all(contexts.map((context) => context.close()));
});

test('poll results: anonymous, shown live to those who answered (coalesced snapshots), and to everyone once closed', async ({ browser }) => {
  const contexts = await Promise.all([0, 1, 2].map(() => guestContext(browser, server.url)));
  const [first, second, third] = await Promise.all(contexts.map((context) => context.newPage()));
  for (const page of [first!, second!, third!]) {
    await enterAsGuest(page, ROOM);
    await joined(page);
  }
  await server.admin(`/admin/v1/rooms/${ROOM}/paper/publish`, { kind: 'paper', id: `pp_${ROOM}_poll` });
  const answer = async (page: Page, choice: string) => {
    await card(page, 'paper').getByRole('button', { name: '立即作答' }).click();
    const form = page.getByRole('dialog', { name: 'Quick poll' });
    await expect(form).toContainText('匿名问卷：你的答案不会与账号关联。');
    await expect(form).toContainText('提交后可查看实时结果。');
    await expect(form.getByRole('region', { name: '问卷结果' })).toHaveCount(0); // no voting with the crowd
    await form.getByRole('radio', { name: choice }).check();
    await form.getByRole('button', { name: '提交', exact: true }).click();
    await expect(card(page, 'paper')).toContainText('已提交');
  };
  await expect(card(first!, 'paper')).toContainText('Quick poll', { timeout: 10_000 });
  await answer(first!, 'Breakout rooms');
  await card(first!, 'paper').getByRole('button', { name: '查看作答' }).click();
  const results = first!.getByRole('dialog', { name: 'Quick poll' }).getByRole('region', { name: '问卷结果' });
  await expect(results).toContainText('共 1 人作答');
  await expect(first!.getByRole('dialog', { name: 'Quick poll' })).toContainText('这是匿名问卷');
  // Another viewer answers: the open results move by the room's snapshot, with no call of this page's.
  await answer(second!, 'Breakout rooms');
  await expect(results).toContainText('共 2 人作答', { timeout: 10_000 });
  await expect(results.locator('li', { hasText: 'Breakout rooms' })).toContainText('2 人 · 100%');
  // The third viewer has not answered: no results until the host closes the poll.
  await expect(card(third!, 'paper').getByRole('button', { name: '立即作答' })).toBeVisible();
  await server.admin(`/admin/v1/rooms/${ROOM}/paper/close`, { id: `pp_${ROOM}_poll` });
  await expect(card(third!, 'paper')).toContainText('问卷已结束', { timeout: 10_000 });
  await card(third!, 'paper').getByRole('button', { name: '查看结果' }).click();
  await expect(third!.getByRole('dialog', { name: 'Quick poll' }).getByRole('region', { name: '问卷结果' })).toContainText('共 2 人作答');
  await Promise.all(contexts.map((context) => context.close()));
});

test('answer sheet: answered in one tab shows in the other; a late joiner gets the sheet still to answer', async ({ browser }) => {
  const { context, page, second } = await viewerInTwoTabs(browser);

  await server.admin(`/admin/v1/rooms/${ROOM}/paper/publish`, { kind: 'answerSheet' });
  const sheet = card(page, 'answerSheet');
  await expect(sheet).toContainText('Which session did you like best?', { timeout: 10_000 });
  await expect(card(second, 'answerSheet')).toContainText('Which session did you like best?', { timeout: 10_000 });
  const submit = sheet.getByRole('button', { name: '提交答案' });
  await expect(submit).toBeDisabled(); // nothing chosen yet
  await sheet.getByRole('radio', { name: /Keynote/ }).click();
  await sheet.getByRole('radio', { name: /Live demo/ }).click();
  await expect(sheet.getByRole('radio', { name: /Keynote/ })).toHaveAttribute('aria-checked', 'false');
  await submit.click();
  await expect(sheet).toContainText('你的答案：B');
  await expect(card(second, 'answerSheet')).toContainText('你的答案：B', { timeout: 5_000 });
  await expect(card(second, 'answerSheet').getByRole('button', { name: '提交答案' })).toHaveCount(0);

  const lateContext = await guestContext(browser, server.url);
  const late = await lateContext.newPage();
  await enterAsGuest(late, ROOM);
  await expect(card(late, 'answerSheet').getByRole('button', { name: '提交答案' })).toBeVisible({ timeout: 15_000 });
  await lateContext.close();
  await context.close();
});

test('live captions: the last two lines with the disclaimer; a room captioning in two languages lets the viewer choose', async ({ browser }) => {
  const context = await guestContext(browser, server.url);
  const page = await context.newPage();
  await enterAsGuest(page, ROOM);
  await joined(page);
  const caption = (text: string, lang = 'zh_cn') => server.admin(`/admin/v1/rooms/${ROOM}/caption`, { text, lang, start: 0, end: 15_000 });

  await caption('第一句');
  await caption('第二句');
  await caption('第三句');
  await expect(page.getByTestId('caption')).toHaveText(['第二句', '第三句'], { timeout: 10_000 });
  await expect(page.locator('.captions__disclaimer')).toHaveText('字幕由语音识别自动生成，仅供参考');
  await expect(page.getByRole('radiogroup', { name: '字幕语言' })).toHaveCount(0);

  await caption('Hello everyone', 'en_us');
  await caption('大家好');
  // The newest caption's language shows until the viewer chooses.
  await expect(page.getByTestId('caption')).toHaveText(['第三句', '大家好'], { timeout: 10_000 });
  const languages = page.getByRole('radiogroup', { name: '字幕语言' });
  await languages.getByRole('radio', { name: /英语|English/ }).click();
  await expect(page.getByTestId('caption')).toHaveText(['Hello everyone']);
  await caption('你们好');
  await caption('Welcome', 'en_us');
  await expect(page.getByTestId('caption')).toHaveText(['Hello everyone', 'Welcome'], { timeout: 10_000 });
  await expect(languages.getByRole('radio', { name: /英语|English/ })).toHaveAttribute('aria-checked', 'true');
  await context.close();
});

test('document sharing: the page the host shares beside the video, following page turns in every tab; no sharing content after a stop; a phone switches between video and document', async ({ browser }) => {
  const context = await guestContext(browser, server.url);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await enterAsGuest(page, ROOM);
  const second = await context.newPage();
  await second.goto(`/live/video/${ROOM}`);
  const shared = (tab: Page) => tab.getByRole('region', { name: '共享文档' });
  await expect(page.locator('.live-screen__document')).toBeHidden(); // nothing shared yet: no placeholder

  await server.admin(`/admin/v1/rooms/${ROOM}/share`, { docId: `doc_${ROOM}_deck`, page: 1 });
  for (const tab of [page, second]) await expect(shared(tab)).toContainText('第 1 / 5 页', { timeout: 10_000 });
  const slide = shared(page).getByRole('img', { name: 'Keynote slides 第 1 页' });
  await expect(slide).toBeVisible();
  await expect.poll(() => slide.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // Beside the video on a wide screen.
  const [video, doc] = await Promise.all([page.locator('.live-screen__player').boundingBox(), shared(page).boundingBox()]);
  expect(doc!.x).toBeGreaterThan(video!.x + video!.width - 1);

  await server.admin(`/admin/v1/rooms/${ROOM}/share`, { page: 3, whiteboard: true });
  for (const tab of [page, second]) await expect(shared(tab)).toContainText('第 3 / 5 页', { timeout: 10_000 });
  await expect(shared(page)).toContainText('白板');

  await server.admin(`/admin/v1/rooms/${ROOM}/share`, { stop: true });
  await expect(shared(page)).toContainText('暂无共享内容', { timeout: 10_000 });

  // A phone: the video first, the document one tap away, and back.
  await server.admin(`/admin/v1/rooms/${ROOM}/share`, { page: 2 });
  await second.setViewportSize({ width: 390, height: 844 });
  await expect(shared(second)).toContainText('第 2 / 5 页', { timeout: 10_000 });
  await expect(second.locator('.live-screen__player')).toBeVisible();
  await expect(shared(second).getByRole('img')).toBeHidden();
  await shared(second).getByRole('button', { name: '看文档' }).click();
  await expect(shared(second).getByRole('img')).toBeVisible();
  await expect(second.locator('.live-screen__player')).toBeHidden();
  await shared(second).getByRole('button', { name: '看视频' }).click();
  await expect(second.locator('.live-screen__player')).toBeVisible();
  await server.admin(`/admin/v1/rooms/${ROOM}/share`, { stop: true });
  await context.close();
});

// Last in this file: it ends the room's live.
test('replay records: after the live ends, the room recordings to choose which one plays', async ({ browser }) => {
  const context = await guestContext(browser, server.url);
  const page = await context.newPage();
  await enterAsGuest(page, ROOM);
  await joined(page);
  await expect(page.getByRole('region', { name: '回放列表' })).toHaveCount(0); // live: no recordings shown

  await server.admin(`/admin/v1/rooms/${ROOM}/live/end`, {});
  const records = page.getByRole('region', { name: '回放列表' });
  await expect(records.getByRole('button')).toHaveCount(3, { timeout: 15_000 });
  // Newest first: the session that just ended (the room's third recording), then the seeded earlier ones.
  await expect(records.getByRole('button').first()).toContainText('Open live room (3)');
  const requested = page.waitForRequest((request) => request.url().includes('record=earlier-1'), { timeout: 15_000 });
  await records.getByRole('button', { name: /Warm-up session/ }).click();
  await requested;
  await expect(records.getByRole('button', { name: /Warm-up session/ })).toHaveAttribute('aria-current', 'true');
  await expect(records.getByRole('button', { name: /Warm-up session/ })).toContainText('正在播放');
  await context.close();
});
