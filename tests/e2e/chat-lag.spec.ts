import { expect, type BrowserContext, type Page } from '@playwright/test';
import { E2E_ADMIN_TOKEN } from '../../playwright.config';
import { adminCall } from '../../harness/serverCalls';
import { test } from './support/splash';
import { enterAsGuest, joinedRoom } from './support/guest';
import { LAG_BOUND_MS } from '../../src/realtime/deltaPacing';
import { setHiddenScript, SHOW_AND_TIME_CURRENT } from '../../harness/visibility';

// Bounded lag whatever the browser does (issue 34 item 1): the worker paces a tab's chat by
// its own clock, so a tab the browser starves of CPU holds rows at most about a second old,
// and a tab shown again after a hidden spell shows the room as it is at once. The exact
// targets (1 s, 250 ms) are the macro benchmark's, judged on a machine of its own; here the
// CI machine runs another browser test beside this one, and the allowances below are for
// that (a 6x-throttled tab held rows 1.29 s old before the bound, 0.94 s after it with a
// core taken by another process).
const SHARED_MACHINE_ALLOWANCE_MS = 250;

const ROOM = '10001';

// One at a time (and after every other browser test: playwright.config.ts, "quiet machine").
test.describe.configure({ mode: 'serial' });

/** How far the newest row this tab holds is behind the room, read by the page's own clock (null: no row yet). */
const storeLag = (page: Page): Promise<number | null> =>
  page.evaluate((room) => {
    const api = (globalThis as { __webcastRealtime?: { newest(room: string): { sendTime: number } | null } }).__webcastRealtime;
    const newest = api?.newest(room) ?? null;
    return newest === null ? null : Date.now() - newest.sendTime;
  }, ROOM);

/** One viewer's two tabs of the room, both joined: the one under test behind, another in front. */
async function behindAndFront(context: BrowserContext): Promise<{ behind: Page; front: Page }> {
  const behind = await context.newPage();
  await enterAsGuest(behind, ROOM);
  const front = await context.newPage();
  await front.goto(`/live/video/${ROOM}`);
  await joinedRoom(behind, ROOM);
  await joinedRoom(front, ROOM);
  return { behind, front };
}

test('a tab the browser starves of CPU stays within a second of a busy room', async ({ context, baseURL }) => {
  test.setTimeout(90_000);
  const { behind: starved } = await behindAndFront(context);
  const cdp = await context.newCDPSession(starved);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });

  // 1,000 a second: a flood of more than a tab keeps between two deltas (the one-second pace).
  const seconds = 10;
  const started = Date.now();
  await adminCall(baseURL ?? '', E2E_ADMIN_TOKEN, `/admin/v1/rooms/${ROOM}/burst`, { rate: 1000, seconds, users: 50 });
  const lags: number[] = [];
  // From the burst's third second to its end: the starved tab has taken its first screens.
  while (Date.now() < started + seconds * 1000) {
    const lag = await storeLag(starved);
    if (Date.now() > started + 2500 && lag !== null) lags.push(lag);
    await starved.waitForTimeout(150);
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  expect(lags.length, 'the starved tab answered through the burst').toBeGreaterThan(3);
  expect(Math.max(...lags), `lags ${JSON.stringify(lags)}`).toBeLessThanOrEqual(LAG_BOUND_MS + SHARED_MACHINE_ALLOWANCE_MS);
});

const setHidden = (page: Page, hidden: boolean): Promise<void> => page.evaluate(setHiddenScript(hidden));
const showAndTimeCurrent = (page: Page): Promise<number | null> => page.evaluate(SHOW_AND_TIME_CURRENT) as Promise<number | null>;

test('a tab hidden through a busy spell is current within 250 ms of being shown again', async ({ context, baseURL }) => {
  test.setTimeout(90_000);
  const { behind: back } = await behindAndFront(context);
  await adminCall(baseURL ?? '', E2E_ADMIN_TOKEN, `/admin/v1/rooms/${ROOM}/say`, { text: 'before the busy spell', role: 'host' });
  await expect(back.getByRole('log').getByText('before the busy spell')).toBeVisible();
  await setHidden(back, true);

  await adminCall(baseURL ?? '', E2E_ADMIN_TOKEN, `/admin/v1/rooms/${ROOM}/burst`, { rate: 1000, seconds: 20, users: 50 });
  const times: (number | null)[] = [];
  // Hidden for two seconds of the burst, then shown; five times over.
  for (let round = 0; round < 5; round++) {
    await back.waitForTimeout(2000);
    // Hidden, the tab was sent no chat: what it shows is from before it was hidden.
    const stale = await storeLag(back);
    expect(stale).not.toBeNull();
    expect(stale!).toBeGreaterThan(1500);
    times.push(await showAndTimeCurrent(back));
    await back.waitForTimeout(300);
    await setHidden(back, true);
  }
  const said = `shown to current, ms: ${JSON.stringify(times)}`;
  for (const ms of times) expect(ms, said).not.toBeNull();
  const sorted = (times as number[]).toSorted((a, b) => a - b);
  expect(sorted[Math.floor(sorted.length / 2)]!, said).toBeLessThanOrEqual(250);
  expect(sorted.at(-1)!, said).toBeLessThanOrEqual(1000);
});
