import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../harness/chromium';
import { startOwnServer, type OwnServer } from './support/ownServer';
import { test } from './support/splash';
import { enterAsGuest, guestContext, joinedRoom } from './support/guest';

// Connect-mic for viewers (issue 15 item 1) against the reference server, the host side
// driven through the admin API as `npm run room` does. Chromium's fake devices give a real
// microphone track (--use-fake-ui-for-media-stream grants it without a prompt); an init
// script only records the streams getUserMedia gave, to see that the page let go of them.

const ROOM = '10001';

test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
});

let server: OwnServer;

// eslint-disable-next-line no-empty-pattern -- Playwright reads a hook's fixtures from this pattern; it needs none.
test.beforeAll(async ({}, testInfo) => {
  test.setTimeout(120_000);
  server = await startOwnServer(5500 + testInfo.workerIndex);
});

test.afterAll(async () => server?.stop());

const RECORD_STREAMS = `
  (() => {
    const media = navigator.mediaDevices;
    if (!media) return;
    const original = media.getUserMedia.bind(media);
    window.__micStreams = [];
    media.getUserMedia = async (constraints) => {
      const stream = await original(constraints);
      window.__micStreams.push(stream);
      return stream;
    };
  })();
`;

/** How many microphone tracks the page holds live. */
const liveTracks = (page: Page): Promise<number> =>
  page.evaluate(() => ((globalThis as { __micStreams?: MediaStream[] }).__micStreams ?? []).flatMap((s) => s.getAudioTracks()).filter((t) => t.readyState === 'live').length);

const mic = (page: Page): Locator => page.locator('.mic-control');

const joined = (page: Page): Promise<void> => joinedRoom(page, ROOM);

async function viewer(browser: Browser, tabs: number): Promise<{ context: BrowserContext; pages: Page[]; userId: string; login: { userId: string; token: string } }> {
  const context = await guestContext(browser, server.url);
  await context.addInitScript(RECORD_STREAMS);
  const first = await context.newPage();
  const login = await enterAsGuest(first, ROOM);
  const { userId } = login;
  const pages = [first];
  for (let i = 1; i < tabs; i++) {
    const page = await context.newPage();
    await page.goto(`/live/video/${ROOM}`);
    pages.push(page);
  }
  for (const page of pages) await joined(page);
  return { context, pages, userId, login };
}

async function setNickname(page: Page, name: string): Promise<void> {
  const form = page.getByRole('form', { name: '设置昵称' });
  await form.getByRole('textbox', { name: '新昵称' }).fill(name);
  await form.getByRole('button', { name: '保存昵称' }).click();
}

/** The viewer's mic as the server has it (GET voip/users with the viewer's token). */
const micState = async (viewer: { userId: string; token: string }): Promise<string> => {
  const answer = await fetch(`${server.url}/ccp/monitor/v1/voip/users?webcastId=${ROOM}`, { headers: { token: viewer.token, token_type: 'guest' } });
  const body = (await answer.json()) as { data?: { users?: { uid: string; state: string }[] } };
  return body.data?.users?.find((u) => u.uid === viewer.userId)?.state ?? 'idle';
};

test('closed requests: the button waits; opened, a viewer applies behind the nickname gate, the host accepts, the microphone opens, the host hangs up', async ({ browser }) => {
  await server.admin(`/admin/v1/rooms/${ROOM}/mic/requests`, { open: false });
  const { context, pages, userId, login } = await viewer(browser, 2);
  const [page, second] = pages as [Page, Page];
  await expect(mic(page).getByRole('button', { name: '申请连麦' })).toBeDisabled();
  await expect(mic(page)).toContainText('主持人未开放连麦');

  await server.admin(`/admin/v1/rooms/${ROOM}/mic/requests`, { open: true });
  await expect(mic(page).getByRole('button', { name: '申请连麦' })).toBeEnabled({ timeout: 10_000 });
  await mic(page).getByRole('button', { name: '申请连麦' }).click();
  // SPEC 5: the nickname first; the application follows once it is saved.
  await setNickname(page, 'Mic_Ann');
  for (const tab of [page, second]) await expect(mic(tab)).toContainText('已申请，等待主持人同意（排队 1 人）', { timeout: 10_000 });
  await expect(mic(second).getByRole('button', { name: '取消申请' })).toBeEnabled();
  expect(await micState(login)).toBe('applying');

  await server.admin(`/admin/v1/rooms/${ROOM}/mic/${userId}/accept`, {});
  await expect(mic(page)).toContainText('连麦中', { timeout: 15_000 });
  await expect(page.locator('.mic-control__live')).toBeVisible();
  await expect(mic(second)).toContainText('正在另一个标签页连麦');
  expect(await micState(login)).toBe('connected');
  // One microphone, in the tab that applied.
  expect(await liveTracks(page)).toBe(1);
  expect(await liveTracks(second)).toBe(0);

  await server.admin(`/admin/v1/rooms/${ROOM}/mic/${userId}/hangup`, {});
  for (const tab of [page, second]) await expect(mic(tab)).toContainText('主持人结束了你的连麦', { timeout: 10_000 });
  await expect(mic(page).getByRole('button', { name: '申请连麦' })).toBeEnabled();
  await expect.poll(() => liveTracks(page)).toBe(0);

  // Apply and cancel from the other tab; the host then refuses an application.
  await mic(second).getByRole('button', { name: '申请连麦' }).click();
  await expect(mic(page)).toContainText('已申请', { timeout: 10_000 });
  await mic(page).getByRole('button', { name: '取消申请' }).click();
  for (const tab of [page, second]) await expect(mic(tab).getByRole('button', { name: '申请连麦' })).toBeEnabled({ timeout: 10_000 });
  expect(await micState(login)).toBe('idle');
  await mic(page).getByRole('button', { name: '申请连麦' }).click();
  await expect(mic(second)).toContainText('已申请', { timeout: 10_000 });
  await server.admin(`/admin/v1/rooms/${ROOM}/mic/${userId}/reject`, {});
  for (const tab of [page, second]) await expect(mic(tab)).toContainText('主持人拒绝了你的连麦申请', { timeout: 10_000 });
  await context.close();
});

test('an invitation is accepted or declined; a network loss past the grace ends the mic and says to apply again', async ({ browser }) => {
  await server.admin(`/admin/v1/rooms/${ROOM}/mic/requests`, { open: true });
  const { context, pages, userId, login } = await viewer(browser, 1);
  const [page] = pages as [Page];

  await server.admin(`/admin/v1/rooms/${ROOM}/mic/${userId}/invite`, {});
  const invite = page.getByRole('dialog', { name: '主持人邀请你连麦' });
  await expect(invite).toBeVisible({ timeout: 10_000 });
  await invite.getByRole('button', { name: '拒绝' }).click();
  await expect(invite).toBeHidden();
  await expect.poll(() => micState(login)).toBe('idle');

  await server.admin(`/admin/v1/rooms/${ROOM}/mic/${userId}/invite`, {});
  await expect(invite).toBeVisible({ timeout: 10_000 });
  await invite.getByRole('button', { name: '接受' }).click();
  await setNickname(page, 'Mic_Bob');
  await expect(mic(page)).toContainText('连麦中', { timeout: 15_000 });
  expect(await micState(login)).toBe('connected');
  expect(await liveTracks(page)).toBe(1);

  // The socket is away longer than the mic's 10 s grace: the server ends it as a network loss.
  await server.admin(`/admin/v1/rooms/${ROOM}/users/${userId}/drop`, { seconds: 14 });
  await expect(mic(page)).toContainText('网络断开，连麦已结束，请重新申请', { timeout: 40_000 });
  await expect(mic(page).getByRole('button', { name: '申请连麦' })).toBeEnabled();
  await expect.poll(() => liveTracks(page)).toBe(0);
  await context.close();
});

test('hanging up while the socket is down goes by voip/reply over HTTP: the viewer is off the mic at once, not when the grace runs out', async ({ browser }) => {
  await server.admin(`/admin/v1/rooms/${ROOM}/mic/requests`, { open: true });
  const { context, pages, userId, login } = await viewer(browser, 1);
  const [page] = pages as [Page];
  await server.admin(`/admin/v1/rooms/${ROOM}/mic/${userId}/invite`, {});
  const invite = page.getByRole('dialog', { name: '主持人邀请你连麦' });
  await expect(invite).toBeVisible({ timeout: 10_000 });
  await invite.getByRole('button', { name: '接受' }).click();
  await setNickname(page, 'Mic_Cara');
  await expect(mic(page)).toContainText('连麦中', { timeout: 15_000 });

  // The socket is cut (and refused for 14 s); the viewer hangs up straight away.
  await server.admin(`/admin/v1/rooms/${ROOM}/users/${userId}/drop`, { seconds: 14 });
  await expect.poll(() => page.evaluate(() => (globalThis as { __webcastRealtime?: { snapshot(): { connection: { state: string } } } }).__webcastRealtime?.snapshot().connection.state)).not.toBe('online');
  const dropped = Date.now();
  await mic(page).getByRole('button', { name: '挂断' }).click();
  await expect.poll(() => micState(login), { timeout: 8_000 }).toBe('idle');
  expect(Date.now() - dropped).toBeLessThan(9_000); // the server's grace would have taken 10 s
  await expect.poll(() => liveTracks(page)).toBe(0);
  await context.close();
});
