import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';
import { test } from './support/base';
import { clientForCluster, startNodeProcess, type NodeProcess } from '../../server/cluster/launch';
import { freePort, startRedis, type RedisProcess } from '../../server/cluster/redisProcess';
import { adminCall } from '../../harness/serverCalls';
import { markSplashSeen } from './support/splash';

// Two room-server nodes on Redis (issue 18), as `npm run cluster` runs them: the page comes
// from node 1, whose config.js lists both nodes' sockets. Node 1 is killed during a burst:
// the viewer's socket moves to node 2 and the chat goes on where it stopped, nothing shown
// twice and nothing skipped.

const ROOM = '10001';
const ADMIN_TOKEN = 'cluster-e2e-admin-token';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let dir: string;
let redis: RedisProcess;
const nodes: NodeProcess[] = [];

// eslint-disable-next-line no-empty-pattern -- Playwright reads a hook's fixtures from this pattern; it needs none.
test.beforeAll(async ({}) => {
  test.setTimeout(120_000);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webcast-e2e-cluster-'));
  redis = await startRedis(path.join(dir, 'redis'));
  const ports = [await freePort(), await freePort()];
  const clientDir = path.join(dir, 'client');
  clientForCluster(path.resolve(process.env.CLIENT_DIR ?? 'dist'), clientDir, ports.map((p) => `ws://127.0.0.1:${p}/ws`));
  for (const [i, port] of ports.entries()) {
    nodes.push(await startNodeProcess({ name: `node-${i + 1}`, port, redisUrl: redis.url, dataDir: path.join(dir, 'data'), clientDir, adminToken: ADMIN_TOKEN }));
  }
});

test.afterAll(async () => {
  await Promise.all(nodes.map((n) => n.stop('SIGKILL')));
  await redis?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Diagnostics {
  connection: { state: string };
  rooms: Record<string, { joined: string; msgIds: string[]; sync: { gapsSkipped: number; messagesSkipped: number } }>;
}

const diagnostics = (page: Page): Promise<Diagnostics | null> =>
  page.evaluate(() => (globalThis as { __webcastRealtime?: { snapshot(): Diagnostics } }).__webcastRealtime?.snapshot() ?? null);

/** A guest in the room on a page served by `node` (so its login, and its socket, are that node's). */
async function guestIn(browser: Browser, node: NodeProcess): Promise<Page> {
  const context = await browser.newContext({ baseURL: node.url });
  await markSplashSeen(context);
  const page = await context.newPage();
  await page.goto(`/live/login/${ROOM}`);
  await page.getByRole('button', { name: '以游客身份进入' }).click();
  await expect(page).toHaveURL(new RegExp(`/live/video/${ROOM}$`));
  await expect.poll(async () => (await diagnostics(page))?.rooms[ROOM]?.joined, { timeout: 15_000 }).toBe('joined');
  return page;
}

test('viewers on two nodes see one room: the same online count, and each other\'s chat', async ({ browser }) => {
  const pages: Page[] = [];
  for (const node of nodes) pages.push(await guestIn(browser, node));
  // Each page logged in through its own node, so its socket is there.
  for (const page of pages) await expect(page.locator('.room-counts__online')).toHaveAttribute('data-online', '2', { timeout: 10_000 });
  const text = `from node 2's viewer ${Date.now()}`;
  const composer = pages[1]!.getByRole('textbox', { name: '消息' });
  await expect(composer).toBeEnabled({ timeout: 15_000 });
  await composer.fill(text);
  await composer.press('Enter');
  await expect(pages[0]!.locator('.chat-list article[data-msg-id]', { hasText: text })).toHaveCount(1);
  await pages[1]!.context().close();
  await expect(pages[0]!.locator('.room-counts__online')).toHaveAttribute('data-online', '1', { timeout: 10_000 });
  await pages[0]!.context().close();
});

test("a viewer whose node is killed mid-burst moves to the other node and the chat goes on", async ({ browser }) => {
  const [node1, node2] = nodes as [NodeProcess, NodeProcess];
  const page = await guestIn(browser, node1);
  const context = page.context();

  const before = `before the node goes ${Date.now()}`;
  await adminCall(node2.url, ADMIN_TOKEN, `/admin/v1/rooms/${ROOM}/say`, { text: before, role: 'host' });
  await expect(page.locator('.chat-list article[data-msg-id]', { hasText: before })).toHaveCount(1);

  // Over by the time the tab is back (a reconnect waits 2 s): the host's message after it is the newest row.
  await adminCall(node2.url, ADMIN_TOKEN, `/admin/v1/rooms/${ROOM}/burst`, { rate: 100, seconds: 3 });
  await page.waitForTimeout(1500);
  // What the tab's feed says every second from the kill on, for a failure's message.
  const trail: string[] = [];
  const record = setInterval(() => {
    void diagnostics(page)
      .then((d) => trail.push(JSON.stringify({ at: Date.now(), connection: d?.connection.state, joined: d?.rooms[ROOM]?.joined, shown: d?.rooms[ROOM]?.msgIds.length })))
      .catch(() => undefined);
  }, 1000);
  await node1.stop('SIGKILL');
  // A failure here says what the tab's feed did each second since the kill.
  const withTrail = async (check: Promise<void>): Promise<void> => {
    try {
      await check;
    } catch (error) {
      throw new Error(`${error instanceof Error ? error.message : String(error)}\nthe tab's feed since the kill:\n${trail.join('\n')}`, { cause: error });
    }
  };
  await withTrail(expect.poll(async () => (await diagnostics(page))?.connection.state, { timeout: 10_000 }).not.toBe('online'));
  await withTrail(expect.poll(async () => (await diagnostics(page))?.connection.state, { timeout: 30_000 }).toBe('online'));

  const after = `after the node went ${Date.now()}`;
  const said = await adminCall<{ msgId: string }>(node2.url, ADMIN_TOKEN, `/admin/v1/rooms/${ROOM}/say`, { text: after, role: 'host' });
  await expect.poll(async () => (await diagnostics(page))?.rooms[ROOM]?.msgIds.includes(said.msgId), { timeout: 20_000 }).toBe(true);
  await expect(page.locator('.chat-list article[data-msg-id]', { hasText: after }), trail.join('\n')).toHaveCount(1, { timeout: 30_000 });
  clearInterval(record);
  const room = (await diagnostics(page))?.rooms[ROOM];
  expect(new Set(room?.msgIds).size).toBe(room?.msgIds.length);
  expect(room?.sync.gapsSkipped).toBe(0);
  expect(room?.sync.messagesSkipped).toBe(0);
  await context.close();
});
