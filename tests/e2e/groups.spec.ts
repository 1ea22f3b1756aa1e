import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { test } from './support/splash';
import { enterAsGuest, guestContext, joinedRoom } from './support/guest';

// Discussion groups and direct messages (issue 16) against the reference server: people,
// each in a browser context of their own, sign up through the directory in the room's
// groups tab, find each other in the contacts, make a group, talk in it and directly, and
// run it. Each person keeps two tabs open: one socket serves both, and both show the same.

const ROOM = '10001';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

/** Unique account names for this run: the shared server keeps every account made. */
const RUN = Date.now().toString(36).slice(-5);

interface Person {
  readonly name: string;
  readonly context: BrowserContext;
  readonly tabs: readonly Page[];
}

const panel = (page: Page): Locator => page.locator('.groups-panel');

async function openGroups(page: Page): Promise<void> {
  await page.getByRole('tab', { name: '群组' }).click();
  await expect(panel(page)).toBeVisible();
}

/** A person who enters the room as a guest, registers an organisation account in the groups tab, and has it open in `tabs` tabs. */
async function signUp(browser: Browser, baseURL: string, name: string, tabs = 2): Promise<Person> {
  const context = await guestContext(browser, baseURL);
  const first = await context.newPage();
  const guest = await enterAsGuest(first, ROOM);
  await openGroups(first);
  const groups = panel(first);
  await expect(groups.getByRole('heading', { name: '企业账号登录' })).toBeVisible();
  // An empty name is refused in the form, in the viewer's language, and nothing is sent.
  await groups.getByRole('button', { name: '登录', exact: true }).click();
  await expect(groups.getByText('此项为必填项')).toBeVisible();
  // A sign-in with an account that does not exist is refused with the directory's word.
  await groups.getByRole('textbox', { name: '账号' }).fill(`nobody-${RUN}`);
  await groups.getByRole('button', { name: '登录', exact: true }).click();
  await expect(groups.getByRole('alert')).toContainText('登录失败');
  await groups.getByRole('button', { name: '没有账号？注册' }).click();
  await groups.getByRole('textbox', { name: '账号' }).fill(name);
  await groups.getByLabel('设置密码（可不填）').fill('secret-1');
  // The captcha is fetched from the login service (cmd=captcha), then the guest identity is
  // tied to the new account by the bind login (cmd=auth&bindid=<the guest's user id>).
  await groups.getByRole('checkbox', { name: '将当前观看身份关联到该账号' }).check();
  const captcha = first.waitForResponse((r) => r.url().includes('/login/ulogin?cmd=captcha'));
  const bound = first.waitForResponse((r) => r.url().includes(`/login/ulogin?cmd=auth&bindid=${encodeURIComponent(guest.userId)}`));
  await groups.getByRole('button', { name: '注册并登录' }).click();
  expect(((await (await captcha).json()) as { data: { captcha: number } }).data.captcha).toBe(85);
  expect(((await (await bound).json()) as { code: number; data: { bindId: string } }).data.bindId).toBe(guest.userId);
  await expect(groups.getByText(`企业账号：${name}`)).toBeVisible({ timeout: 15_000 });
  await joinedRoom(first, ROOM);
  const pages = [first];
  for (let i = 1; i < tabs; i++) {
    const page = await context.newPage();
    await page.goto(`/live/video/${ROOM}`);
    await openGroups(page);
    // The account is the room's login in every tab of the browser.
    await expect(panel(page).getByText(`企业账号：${name}`)).toBeVisible({ timeout: 15_000 });
    await joinedRoom(page, ROOM);
    pages.push(page);
  }
  return { name, context, tabs: pages };
}

const section = (page: Page, name: '消息' | '通讯录' | '通知'): Locator => panel(page).locator('.groups-sections__tab').filter({ hasText: name });

/** Back to the tab's home, from wherever the person went. */
async function home(page: Page): Promise<void> {
  for (let i = 0; i < 4 && (await panel(page).locator('.groups-sections').count()) === 0; i++) await panel(page).getByRole('button', { name: '返回' }).click();
  await expect(panel(page).locator('.groups-sections')).toBeVisible();
}

async function createGroup(page: Page, name: string, size?: number): Promise<void> {
  await home(page);
  await section(page, '消息').click();
  await panel(page).getByRole('button', { name: '创建讨论组' }).click();
  await panel(page).getByRole('textbox', { name: '群名称' }).fill(name);
  if (size !== undefined) await panel(page).getByRole('textbox', { name: '人数上限' }).fill(String(size));
  await panel(page).getByRole('button', { name: '创建', exact: true }).click();
  await expect(panel(page).getByRole('heading', { name })).toBeVisible({ timeout: 10_000 });
}

/** From an open group conversation: its members, then the contact picker, searching and inviting `name`. */
async function invite(page: Page, name: string): Promise<Locator> {
  await panel(page).getByRole('button', { name: '成员' }).click();
  await panel(page).getByRole('button', { name: '邀请', exact: true }).click();
  await panel(page).getByRole('searchbox').fill(name);
  await panel(page).getByRole('button', { name: `邀请 ${name}` }).click();
  return panel(page).locator('.groups-done, .groups-problem');
}

async function acceptInvite(page: Page, group: string): Promise<void> {
  await home(page);
  await section(page, '通知').click();
  const notice = panel(page).locator('.groups-notice', { hasText: `邀请你加入“${group}”` });
  await notice.getByRole('button', { name: '接受' }).click();
  await expect(notice).toContainText('已处理');
}

/** The conversation called `title` in the messages section (a group's name carries the 群 tag). */
const item = (page: Page, title: string): Locator =>
  panel(page)
    .locator('.groups-conversation-item')
    .filter({ has: page.locator('.groups-contact__name').getByText(new RegExp(`^${title}(群)?$`)) });

async function openConversation(page: Page, title: string): Promise<void> {
  await home(page);
  await section(page, '消息').click();
  await item(page, title).click();
  await expect(panel(page).getByRole('heading', { name: title })).toBeVisible();
}

/** Writes `text`; `shown` is what of it reads as text once sent (an emoji token becomes a picture). */
async function say(page: Page, text: string, shown = text): Promise<void> {
  await panel(page).getByRole('textbox', { name: /^发给/ }).fill(text);
  await panel(page).getByRole('button', { name: '发送', exact: true }).click();
  await expect(panel(page).locator('.groups-message--mine', { hasText: shown })).toHaveCount(1);
  await expect(panel(page).getByRole('textbox', { name: /^发给/ })).toHaveValue('');
}

const messages = (page: Page, text: string): Locator => panel(page).locator('.groups-message', { hasText: text });

test('two people make a group and talk in it and directly; each message shows once in each of their tabs; reading in one tab clears the count in both', async ({ browser, baseURL }) => {
  const ann = await signUp(browser, baseURL!, `Ann ${RUN}`);
  const ben = await signUp(browser, baseURL!, `Ben ${RUN}`);
  const group = `Launch ${RUN}`;

  // The room offers its own group (its group config says so, then the list names it). Its
  // details are asked of the server when opened (group/{room}/{gid}); it is open to anyone,
  // so joining makes it one of Ben's conversations and it leaves the offer.
  await home(ben.tabs[0]!);
  await section(ben.tabs[0]!, '消息').click();
  const offer = panel(ben.tabs[0]!).getByRole('region', { name: '本直播间的讨论组' });
  const details = ben.tabs[0]!.waitForResponse((r) => r.url().endsWith(`/ccp/monitor/v2/group/${ROOM}/room-${ROOM}-group`));
  await offer.getByRole('button', { name: '详情' }).click();
  expect((await details).ok()).toBe(true);
  await expect(offer).toContainText('Talk about the live here');
  await expect(offer.getByRole('status')).toHaveText(/^现有 \d+ 人$/);
  await expect(offer.getByRole('button', { name: '详情' })).toHaveAttribute('aria-expanded', 'true');
  await offer.getByRole('button', { name: '加入' }).click();
  await expect(item(ben.tabs[0]!, 'Viewers group')).toBeVisible({ timeout: 10_000 });
  await expect(offer).toHaveCount(0);

  await createGroup(ann.tabs[0]!, group);
  await expect(await invite(ann.tabs[0]!, ben.name)).toHaveText(`已向 ${ben.name} 发出邀请`);
  // Both of Ben's tabs are told, and accepting in one answers it in both.
  await expect(section(ben.tabs[1]!, '通知')).toContainText('1', { timeout: 10_000 });
  await home(ann.tabs[0]!);
  await acceptInvite(ben.tabs[0]!, group);
  await section(ben.tabs[1]!, '通知').click();
  await expect(panel(ben.tabs[1]!).locator('.groups-notice', { hasText: group })).toContainText('已处理');

  // Ben writes in the group: each of Ann's tabs shows it once, and counts it unread.
  await openConversation(ben.tabs[0]!, group);
  await expect(panel(ben.tabs[0]!)).toContainText('服务器不保存群聊记录');
  await say(ben.tabs[0]!, 'hello team [微笑] see https://example.com/plan', 'hello team');
  for (const tab of ann.tabs) {
    await home(tab);
    await section(tab, '消息').click();
  }
  const annItem = (tab: Page) => item(tab, group);
  for (const tab of ann.tabs) await expect(annItem(tab).locator('.groups-badge')).toHaveText('1', { timeout: 10_000 });
  await annItem(ann.tabs[0]!).click();
  const received = messages(ann.tabs[0]!, 'hello team');
  await expect(received).toHaveCount(1);
  // The chat's rendering: the emoji token as the sprite's picture, the address as a safe link.
  await expect(received.getByRole('img', { name: '[微笑]' })).toBeVisible();
  await expect(received.getByRole('link', { name: 'https://example.com/plan' })).toHaveAttribute('rel', /noopener/);
  // Read in one tab: the count is gone in the other too.
  await expect(annItem(ann.tabs[1]!).locator('.groups-badge')).toHaveCount(0, { timeout: 10_000 });
  await openConversation(ann.tabs[1]!, group);
  await expect(messages(ann.tabs[1]!, 'hello team')).toHaveCount(1);

  // Ann's reply shows in her other tab (sent from one, one socket) and in both of Ben's.
  await say(ann.tabs[1]!, 'welcome aboard');
  await expect(messages(ann.tabs[0]!, 'welcome aboard')).toHaveCount(1, { timeout: 10_000 });
  await expect(messages(ben.tabs[0]!, 'welcome aboard')).toHaveCount(1, { timeout: 10_000 });
  await openConversation(ben.tabs[1]!, group);
  await expect(messages(ben.tabs[1]!, 'welcome aboard')).toHaveCount(1);

  // A direct message, from the contacts: Ann searches for Ben and writes to him.
  await home(ann.tabs[0]!);
  await section(ann.tabs[0]!, '通讯录').click();
  await panel(ann.tabs[0]!).getByRole('searchbox').fill(ben.name);
  await panel(ann.tabs[0]!).getByRole('button', { name: `发消息 ${ben.name}` }).click();
  await expect(panel(ann.tabs[0]!)).toContainText('服务器不保存私聊记录');
  await say(ann.tabs[0]!, 'a word in private');
  for (const tab of ben.tabs) {
    await home(tab);
    await expect(item(tab, ann.name).locator('.groups-badge')).toHaveText('1', { timeout: 10_000 });
  }
  await openConversation(ben.tabs[1]!, ann.name);
  await expect(messages(ben.tabs[1]!, 'a word in private')).toHaveCount(1);
  await expect(item(ben.tabs[0]!, ann.name).locator('.groups-badge')).toHaveCount(0, { timeout: 10_000 });

  // A reload loses nothing this browser received (the worker's book).
  await ben.tabs[0]!.reload();
  await openGroups(ben.tabs[0]!);
  await openConversation(ben.tabs[0]!, ann.name);
  await expect(messages(ben.tabs[0]!, 'a word in private')).toHaveCount(1, { timeout: 10_000 });
  // Nor does closing every tab, which ends the shared worker: the book comes back from IndexedDB.
  for (const tab of ben.tabs) await tab.close();
  const again = await ben.context.newPage();
  await again.goto(`/live/video/${ROOM}`);
  await openGroups(again);
  await expect(panel(again).getByText(`企业账号：${ben.name}`)).toBeVisible({ timeout: 15_000 });
  await openConversation(again, ann.name);
  await expect(messages(again, 'a word in private')).toHaveCount(1, { timeout: 10_000 });
  await expect(messages(again, 'welcome aboard')).toHaveCount(0);
  await openConversation(again, group);
  await expect(messages(again, 'welcome aboard')).toHaveCount(1);

  await ann.context.close();
  await ben.context.close();
});

test('handing a group over: the old host can no longer remove members; a full group refuses another', async ({ browser, baseURL }) => {
  const host = await signUp(browser, baseURL!, `Hal ${RUN}`, 1);
  const heir = await signUp(browser, baseURL!, `Ivy ${RUN}`, 1);
  const late = await signUp(browser, baseURL!, `Jo ${RUN}`, 1);
  const group = `Pair ${RUN}`;
  const page = host.tabs[0]!;

  await createGroup(page, group, 2);
  await expect(await invite(page, heir.name)).toHaveText(`已向 ${heir.name} 发出邀请`);
  await acceptInvite(heir.tabs[0]!, group);
  // The group is full now: another invitation is refused with its reason.
  await panel(page).getByRole('searchbox').fill(late.name);
  await panel(page).getByRole('button', { name: `邀请 ${late.name}` }).click();
  await expect(panel(page).getByRole('alert')).toHaveText('群组人数已达上限');

  // The host sees the heir with every host action, and hands the group over (asked first).
  await panel(page).getByRole('button', { name: '返回' }).click();
  const heirRow = panel(page).locator(`.groups-member`, { hasText: heir.name });
  await expect(heirRow.getByRole('button', { name: '移出' })).toBeVisible({ timeout: 10_000 });
  await heirRow.getByRole('button', { name: '转让群主' }).click();
  await heirRow.getByRole('button', { name: '确定' }).click();
  await expect(panel(page).getByRole('status')).toHaveText(`已将群主转让给 ${heir.name}`);
  // Now a plain member: no remove, no invite; the heir is host.
  await expect(heirRow).toContainText('群主');
  await expect(panel(page).getByRole('button', { name: '移出' })).toHaveCount(0);
  await expect(panel(page).getByRole('button', { name: '邀请', exact: true })).toHaveCount(0);
  // The new host was told, and can remove the old one.
  await section(heir.tabs[0]!, '通知').click();
  await expect(panel(heir.tabs[0]!).locator('.groups-notice', { hasText: `“${group}”的群主已转让给` })).toBeVisible({ timeout: 10_000 });
  await openConversation(heir.tabs[0]!, group);
  await panel(heir.tabs[0]!).getByRole('button', { name: '成员' }).click();
  await expect(panel(heir.tabs[0]!).locator('.groups-member', { hasText: host.name }).getByRole('button', { name: '移出' })).toBeVisible();

  for (const person of [host, heir, late]) await person.context.close();
});
