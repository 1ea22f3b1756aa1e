import { expect, type Page } from '@playwright/test';
import { startOwnServer, type OwnServer } from './support/ownServer';
import { test } from './support/splash';
import { enterAsGuest, guestContext } from './support/guest';

// A gap the client cannot show is never silent (issue 19 item 6). The reproduction: a
// viewer offline for 15 s in a room at 200 messages a second (3,000 messages, past the
// 1,000 the server replays on a rejoin) used to come back to the newest 200 with nothing
// said about the 2,800 before them. Now the list marks where they are missing, and the
// connection status gives the worker's counters.
//
// The drop is the reference server's simulated one (admin users/:uid/drop): the worker's
// socket cannot be cut from a page.

const ROOM = '10001';

interface RoomDiagnostics {
  joined: string;
  offsets: number[];
  gaps: Record<string, number>;
  notShown: number;
  sync: { gapsFilled: number; gapsSkipped: number; messagesSkipped: number };
}

const diagnostics = (page: Page): Promise<RoomDiagnostics | undefined> =>
  page.evaluate((room) => {
    const api = (globalThis as { __webcastRealtime?: { snapshot(): { rooms: Record<string, RoomDiagnostics> } } }).__webcastRealtime;
    return api?.snapshot().rooms[room];
  }, ROOM);

test.describe.configure({ timeout: 120_000 });

let server: OwnServer;

// eslint-disable-next-line no-empty-pattern -- Playwright reads a hook's fixtures from this pattern; it needs none.
test.beforeAll(async ({}, testInfo) => {
  test.setTimeout(120_000);
  server = await startOwnServer(5300 + testInfo.workerIndex);
});

test.afterAll(async () => server?.stop());

test('15 s offline at 200 messages a second: the list marks the messages not shown, and the status counts them', async ({ browser }) => {
  const context = await guestContext(browser, server.url);
  const page = await context.newPage();
  const { userId } = await enterAsGuest(page, ROOM);
  await expect.poll(async () => (await diagnostics(page))?.joined, { timeout: 15_000 }).toBe('joined');
  expect(userId).toBeTruthy();
  // Nothing to tell before the drop.
  await expect(page.locator('.chat-sync')).toHaveCount(0);

  // Offline longer than the burst takes even on a loaded machine, so the room is quiet when
  // the viewer is back: a message after that would push the marked entry out of the list.
  await server.admin(`/admin/v1/rooms/${ROOM}/users/${userId}/drop`, { seconds: 24 });
  const burst = await server.admin<{ total: number }>(`/admin/v1/rooms/${ROOM}/burst`, { rate: 200, seconds: 15 });
  expect(burst.total).toBe(3000);

  // Back online: the worker rejoins, the server replays the newest 1,000, history fills the rest.
  await expect.poll(async () => (await diagnostics(page))?.sync.gapsFilled ?? 0, { timeout: 60_000 }).toBeGreaterThanOrEqual(1);
  const room = await diagnostics(page);
  const newest = Math.max(...(room?.offsets ?? [0]));
  await expect.poll(async () => Math.max(...((await diagnostics(page))?.offsets ?? [0])), { timeout: 30_000 }).toBeGreaterThanOrEqual(newest);

  // The tab keeps 200: the rest of the 3,000 were never shown, and the page says how many.
  // The replay and each history page may reach the tab in a delta of its own (200 at most
  // each, how many depends on the machine's pace): at least 3,000 - 5 x 200 are not shown.
  const after = await diagnostics(page);
  expect(after?.notShown).toBeGreaterThanOrEqual(2000);
  expect(after?.notShown).toBeLessThanOrEqual(3000);
  const status = page.locator('.chat-sync');
  await expect(status).toBeVisible();
  await expect(status).toContainText('条消息未显示');
  await expect(status).toContainText('已补齐');
  expect(Number(await status.getAttribute('data-not-shown'))).toBe(after?.notShown);

  // The marker sits in the list, before the first message after the missing ones.
  const markedIds = Object.keys(after?.gaps ?? {});
  expect(markedIds.length).toBeGreaterThanOrEqual(1);
  // Scrolled up as a reader does (Home: the list then stops following the bottom), then
  // down half a view at a time, without smooth scrolling, until the marker is in view.
  const scroller = page.locator('.chat-list__scroller');
  await scroller.focus();
  await scroller.press('Home');
  await expect(page.locator('.chat-list')).toHaveAttribute('data-at-bottom', 'false');
  const marker = page.locator('.chat-gap').first();
  await expect(async () => {
    if (!(await marker.isVisible())) await scroller.evaluate((el) => el.scrollBy({ top: el.clientHeight / 2, behavior: 'instant' }));
    await expect(marker).toHaveText(/^\d[\d,]* 条消息未显示$/, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  expect(Object.values(after?.gaps ?? {})).toContain(Number(await marker.getAttribute('data-not-shown')));

  // Put away until the next gap.
  await status.getByRole('button', { name: '关闭消息同步状态' }).click();
  await expect(status).toHaveCount(0);
  await context.close();
});
