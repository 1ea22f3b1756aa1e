import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../playwright.config';
import { startOwnServer, type OwnServer } from './support/ownServer';
import { test } from './support/splash';
import { enterAsGuest, guestContext } from './support/guest';

// The host's console (issue 15 item 3) against the reference server: the host logs in at
// /live/meetLive/{id}, opens mic requests, accepts a viewer and hears them over a real
// RTCPeerConnection (Chromium's fake microphone; the inbound audio the console reads with
// getStats grows), hangs up; goes live and ends the live.

const ROOM = '10001';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--autoplay-policy=no-user-gesture-required'],
  },
});

let server: OwnServer;

// eslint-disable-next-line no-empty-pattern -- Playwright reads a hook's fixtures from this pattern; it needs none.
test.beforeAll(async ({}, testInfo) => {
  test.setTimeout(120_000);
  server = await startOwnServer(5600 + testInfo.workerIndex);
});

test.afterAll(async () => server?.stop());

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

/** The host's console, logged in. */
async function openConsole(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.goto(`/live/meetLive/${ROOM}`);
  await expect(page.getByRole('heading', { level: 1, name: `会议直播间 ${ROOM}` })).toBeVisible();
  const login = page.getByRole('form', { name: '主持人或助理登录' });
  // A wrong password is refused with the server's word, and nothing else happens.
  await login.getByRole('textbox', { name: '账号' }).fill(`host${ROOM}`);
  await login.getByLabel('密码').fill('wrong');
  await login.getByRole('button', { name: '登录控制台' }).click();
  await expect(login.getByRole('alert')).toBeVisible();
  await login.getByLabel('密码').fill('host123');
  await login.getByRole('button', { name: '登录控制台' }).click();
  await expect(page.getByText('主持人', { exact: true })).toBeVisible({ timeout: 10_000 });
  await joined(page);
  return { context, page };
}

const desk = (page: Page): Locator => page.locator('.mic-desk');

test('the host opens mic requests, accepts a viewer, hears them (inbound audio grows), hangs up', async ({ browser }) => {
  await server.admin(`/admin/v1/rooms/${ROOM}/mic/requests`, { open: false });
  const host = await openConsole(browser);
  await expect(desk(host.page)).toContainText('连麦申请已关闭');
  await desk(host.page).getByRole('button', { name: '开放连麦申请' }).click();
  await expect(desk(host.page)).toContainText('观众可以申请连麦');

  const viewerContext = await guestContext(browser, server.url);
  const viewer = await viewerContext.newPage();
  await enterAsGuest(viewer, ROOM);
  await joined(viewer);
  const micButton = viewer.locator('.mic-control').getByRole('button', { name: '申请连麦' });
  await expect(micButton).toBeEnabled({ timeout: 10_000 });
  await micButton.click();
  const form = viewer.getByRole('form', { name: '设置昵称' });
  await form.getByRole('textbox', { name: '新昵称' }).fill('Mic_Cat');
  await form.getByRole('button', { name: '保存昵称' }).click();

  const queue = desk(host.page).getByRole('list', { name: '连麦申请' });
  await expect(queue.getByRole('listitem')).toContainText('Mic_Cat', { timeout: 10_000 });
  await queue.getByRole('button', { name: '接受' }).click();

  // The viewer's microphone reaches the console: connected, and heard.
  await expect(viewer.locator('.mic-control')).toContainText('连麦中', { timeout: 20_000 });
  await expect(viewer.locator('.mic-control')).not.toContainText('听不到');
  const onMic = desk(host.page).getByRole('list', { name: '连麦观众' }).getByRole('listitem');
  await expect(onMic).toContainText('已连通', { timeout: 10_000 });
  const received = async (): Promise<number> => Number((/已收到 ([\d.]+) KB/.exec((await onMic.textContent()) ?? '') ?? [])[1] ?? 0);
  await expect.poll(received, { timeout: 15_000 }).toBeGreaterThan(0);
  const first = await received();
  await expect.poll(received, { timeout: 10_000 }).toBeGreaterThan(first);
  await expect(host.page.locator('.mic-desk audio')).toHaveCount(1);

  await onMic.getByRole('button', { name: '挂断' }).click();
  await expect(viewer.locator('.mic-control')).toContainText('主持人结束了你的连麦', { timeout: 10_000 });
  await expect(desk(host.page)).toContainText('暂无观众连麦');
  await expect(host.page.locator('.mic-desk audio')).toHaveCount(0);
  await viewerContext.close();
  await host.context.close();
});

test('the host goes live and ends the live (asked twice), as the server records it', async ({ browser }) => {
  await server.admin(`/admin/v1/rooms/${ROOM}/live/schedule`, { inSeconds: 3600 });
  const host = await openConsole(browser);
  const live = host.page.locator('.live-control');
  await expect(live).toContainText('未开始', { timeout: 10_000 });
  await live.getByRole('button', { name: '开始直播' }).click();
  await expect(live).toContainText('直播中', { timeout: 10_000 });
  const rooms = async () => ((await server.admin<{ rooms: { id: string; status: number; startTime: number | null }[] }>('/admin/v1/rooms', undefined)).rooms ?? []).find((r) => r.id === ROOM);
  expect((await rooms())?.status).toBe(2);

  await live.getByRole('button', { name: '结束直播' }).click();
  await live.getByRole('button', { name: '继续直播' }).click();
  await expect(live).toContainText('直播中');
  await live.getByRole('button', { name: '结束直播' }).click();
  await live.getByRole('button', { name: '确定结束' }).click();
  await expect(live).toContainText('已结束', { timeout: 10_000 });
  expect((await rooms())?.status).toBe(3);
  // Back on air for the other specs of this server.
  await live.getByRole('button', { name: '开始直播' }).click();
  await expect(live).toContainText('直播中', { timeout: 10_000 });
  await host.context.close();
});
