import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN_TOKEN } from '../../playwright.config';
import { adminCall } from '../../harness/serverCalls';
import { test } from './support/splash';
import { enterAsGuest, joinedRoom } from './support/guest';

const ROOM = '10001';

/** How far the newest row this tab holds is behind the room, read by the page's own clock (null: no row yet). */
const storeLag = (page: Page): Promise<number | null> =>
  page.evaluate((room) => {
    const api = (globalThis as { __webcastRealtime?: { newest(room: string): { sendTime: number } | null } }).__webcastRealtime;
    const newest = api?.newest(room) ?? null;
    return newest === null ? null : Date.now() - newest.sendTime;
  }, ROOM);

test('a tab the browser starves of CPU stays within a second of a busy room', async ({ context, baseURL }) => {
  test.setTimeout(90_000);
  const starved = await context.newPage();
  await enterAsGuest(starved, ROOM);
  const front = await context.newPage();
  await front.goto(`/live/video/${ROOM}`);
  await joinedRoom(starved, ROOM);
  await joinedRoom(front, ROOM);
  const cdp = await context.newCDPSession(starved);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });

  const seconds = 8;
  const started = Date.now();
  await adminCall(baseURL ?? '', E2E_ADMIN_TOKEN, `/admin/v1/rooms/${ROOM}/burst`, { rate: 2000, seconds, users: 50 });
  const lags: number[] = [];
  // From the burst's second second to its end: the tab has had time to take its first screen.
  while (Date.now() < started + seconds * 1000) {
    const lag = await storeLag(starved);
    if (Date.now() > started + 1500 && lag !== null) lags.push(lag);
    await starved.waitForTimeout(200);
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  console.log('lags', JSON.stringify(lags));
  expect(lags.length).toBeGreaterThan(3);
  expect(Math.max(...lags)).toBeLessThanOrEqual(1000);
});
