import { expect, type Page } from '@playwright/test';
import { startOwnServer, type OwnServer } from './support/ownServer';
import { test } from './support/splash';
import { enterAsGuest, guestContext, joinedRoom } from './support/guest';

// A tab that cannot keep up skips ahead instead of falling behind (issue 11 item 2): its
// main thread slowed 4x through CDP, it stays near the newest message of a burst, marks
// where it skipped, and a viewer scrolling up to the marker gets the skipped messages
// loaded there (history sync, through the worker).

const ROOM = '10001';

test.describe.configure({ timeout: 180_000 });

let server: OwnServer;

// eslint-disable-next-line no-empty-pattern -- Playwright reads a hook's fixtures from this pattern; it needs none.
test.beforeAll(async ({}, testInfo) => {
  test.setTimeout(120_000);
  server = await startOwnServer(5400 + testInfo.workerIndex);
});

test.afterAll(async () => server?.stop());

/**
 * Samples, in the page every 250 ms, how far behind now the newest row on screen was sent
 * (in the page: a round trip per sample would wait for the slowed main thread).
 */
const startLagSampler = (page: Page): Promise<void> =>
  page.evaluate(() => {
    const samples: [number, number][] = [];
    (globalThis as { __lags?: [number, number][] }).__lags = samples;
    setInterval(() => {
      let newest = -Infinity;
      for (const row of document.querySelectorAll<HTMLElement>('.chat-list article[data-send-time]')) newest = Math.max(newest, Number(row.dataset.sendTime));
      const now = Date.now();
      if (newest !== -Infinity) samples.push([now, now - newest]);
    }, 250);
  });

/** The lags sampled between `from` and `to` (this machine's clock: the page's, the server's and the test's). */
const lagsBetween = (page: Page, from: number, to: number): Promise<number[]> =>
  page.evaluate(([a, b]) => ((globalThis as { __lags?: [number, number][] }).__lags ?? []).filter(([at]) => at >= a! && at <= b!).map(([, lag]) => lag), [from, to]);

const renderedIds = (page: Page): Promise<string[]> =>
  page.evaluate(() => [...document.querySelectorAll<HTMLElement>('.chat-list article[data-msg-id]')].map((row) => row.dataset.msgId ?? ''));

test('a tab slowed 4x in a burst stays current, marks what it skipped, and scrolling up to the marker loads it', async ({ browser }) => {
  const context = await guestContext(browser, server.url);
  const page = await context.newPage();
  await enterAsGuest(page, ROOM);
  await expect(page.getByRole('log', { name: '聊天消息' }).or(page.locator('.chat-list__empty'))).toBeVisible();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

  // A burst that outlasts the test: the skipping is looked at while the room is still busy.
  const seconds = 8;
  await startLagSampler(page);
  const burstAt = Date.now();
  await server.admin(`/admin/v1/rooms/${ROOM}/burst`, { rate: 2000, seconds: 60 });
  await page.waitForTimeout(seconds * 1000);
  // From the burst's second second on, as a person glancing at the chat would.
  const lags = await lagsBetween(page, burstAt + 1000, burstAt + seconds * 1000);
  lags.sort((a, b) => a - b);
  const p95 = lags[Math.floor(lags.length * 0.95)] ?? Infinity;
  expect(lags.length).toBeGreaterThanOrEqual(5);
  test.info().annotations.push({ type: 'newest row behind now (p95 of samples)', description: `${p95} ms over ${lags.length} samples` });
  // The bound of a slowed tab on a shared 2-core machine: behind by a few updates, never by
  // a backlog that grows with the burst (a tab that takes every message lags tens of seconds).
  expect(p95, `newest row behind now, ms: ${lags.join(', ')}`).toBeLessThan(3000);

  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  // Marked in the tab's list (rendered only once scrolled to: the list is virtualized): each
  // update of the flood starts with a mark for what it cut.
  await expect
    .poll(
      () =>
        page.evaluate((room) => {
          const api = (globalThis as { __webcastRealtime?: { snapshot(): { rooms: Record<string, { gaps: Record<string, number> }> } } }).__webcastRealtime;
          return Object.keys(api?.snapshot().rooms[room]?.gaps ?? {}).length;
        }, ROOM),
      { timeout: 10_000 },
    )
    .toBeGreaterThan(0);
  const before = new Set(await renderedIds(page));

  // Through the list as a reader scrolls, a screen at a time (a longer stroke would jump a
  // marker without drawing it: the list is virtualized), up to the top, then down again (on a
  // loaded machine the marker may be below where reading began), until a marker is in view: it loads what it stands for there. The rows held for the reader keep
  // their marks while the flood goes on below.
  const scroller = page.locator('.chat-list__scroller');
  await scroller.hover();
  const stroke = await scroller.evaluate((element) => Math.max(200, element.clientHeight - 60));
  let direction = -1;
  // A load that failed (a history reply later than the request timeout on a loaded machine)
  // says why and offers to try again, never by itself: the reader presses it, as a person would.
  const failures: string[] = [];
  const where = () =>
    scroller.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const markerInView = [...element.querySelectorAll('.chat-gap:not([data-state="done"])')].some((gap) => {
        const rect = gap.getBoundingClientRect();
        return rect.bottom > box.top && rect.top < box.bottom;
      });
      // The following tail is a reversed scroller (its scrollTop is 0 at the bottom): it counts as the bottom.
      const following = element.dataset.following === 'true';
      return { markerInView, top: !following && element.scrollTop <= 0, bottom: following || element.scrollTop + element.clientHeight >= element.scrollHeight - 2 };
    });
  try {
    await expect(async () => {
      const now = await where();
      if (!now.markerInView) {
        // At the bottom (the live tail) the reader goes up into the held rows; at their top, down again.
        if (now.bottom) direction = -1;
        else if (now.top) direction = 1;
        await page.mouse.wheel(0, direction * stroke);
      }
      const retry = page.locator('.chat-gap[data-state="failed"] .chat-gap__load').first();
      if (await retry.isVisible()) {
        failures.push((await page.locator('.chat-gap__problem').first().textContent()) ?? '');
        await retry.click();
      }
      await expect(page.locator('.chat-loaded article').first()).toBeVisible({ timeout: now.markerInView ? 5_000 : 300 });
    }).toPass({ timeout: 90_000, intervals: [100] });
  } catch (error) {
    const list = await page.evaluate((room) => {
      const element = document.querySelector<HTMLElement>('.chat-list__scroller');
      const api = (globalThis as { __webcastRealtime?: { snapshot(): { rooms: Record<string, { gaps: Record<string, number>; offsets: number[] }> } } }).__webcastRealtime;
      const feed = api?.snapshot().rooms[room];
      return {
        markers: [...document.querySelectorAll<HTMLElement>('.chat-gap')].map((gap) => gap.dataset.state),
        scrollTop: element?.scrollTop,
        scrollHeight: element?.scrollHeight,
        entries: feed?.offsets.length,
        gaps: Object.keys(feed?.gaps ?? {}).length,
      };
    }, ROOM);
    throw new Error(`no loaded rows in view; the list: ${JSON.stringify(list)}; loads failed: [${failures.join(' | ')}]`, { cause: error });
  }
  if (failures.length > 0) test.info().annotations.push({ type: 'skipped loads that failed and were tried again', description: failures.join(' | ') });
  await expect(page.locator('.chat-list')).toHaveAttribute('data-at-bottom', 'false');
  const loaded = await page.locator('.chat-loaded article').evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.msgId ?? ''));
  expect(loaded.length).toBeGreaterThan(0);
  // Messages the tab had never shown, each once.
  for (const id of loaded) expect(before.has(id)).toBe(false);
  const ids = await renderedIds(page);
  expect(new Set(ids).size).toBe(ids.length);
  // Older than the entry they stand before, oldest first.
  const times = await page.locator('.chat-loaded').first().locator('article').evaluateAll((rows) => rows.map((row) => Number((row as HTMLElement).dataset.sendTime)));
  expect([...times].sort((a, b) => a - b)).toEqual(times);
  await server.admin(`/admin/v1/rooms/${ROOM}/burst/stop`, {});
  await context.close();
});

// In a flood the worker sends a tab one screen a second (SKIPPING_DELTA_INTERVAL_MS), but the
// viewer's own message, the host's and a mention of the viewer do not wait for it: each comes
// within PRIORITY_DELTA_GAP_MS as the tab's newest row.
test('in a flood, the viewer’s own, the host’s and mentioning messages show at once, not at the flood’s pace of a screen a second', async ({ browser }) => {
  const context = await guestContext(browser, server.url);
  const page = await context.newPage();
  const login = await enterAsGuest(page, ROOM);
  await joinedRoom(page, ROOM);
  const composer = page.getByRole('textbox', { name: '消息' });
  // In the page: when Enter sends a text, and when a row of mine with that text enters the list.
  await page.evaluate(() => {
    const sent = new Map<string, number>();
    const shown = new Map<string, number>();
    Object.assign(globalThis, { __own: { sent, shown } });
    document.addEventListener(
      'keydown',
      (event) => {
        if (event.key === 'Enter' && event.target instanceof HTMLTextAreaElement) sent.set(event.target.value.trim(), Date.now());
      },
      true,
    );
    new MutationObserver(() => {
      const now = Date.now();
      for (const row of document.querySelectorAll('.chat-list article[data-mine="true"]')) {
        const text = row.querySelector('.chat-message__body')?.textContent?.trim() ?? '';
        if (text.startsWith('own ') && !shown.has(text)) shown.set(text, now);
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  await server.admin(`/admin/v1/rooms/${ROOM}/burst`, { rate: 2000, seconds: 60 });
  // Into the flood's pace first: its deltas carry more than a tab keeps.
  await page.waitForTimeout(2500);
  const texts: string[] = [];
  for (let i = 0; i < 5; i++) {
    const text = `own ${i} ${Date.now()}`;
    texts.push(text);
    await composer.fill(text);
    await composer.press('Enter');
    await expect(page.locator('.chat-list article[data-mine="true"]').filter({ hasText: text })).toBeVisible({ timeout: 10_000 });
    // A different phase of the pace each time.
    await page.waitForTimeout(300 + i * 170);
  }
  const delays = await page.evaluate(
    (list) => {
      const own = (globalThis as unknown as { __own: { sent: Map<string, number>; shown: Map<string, number> } }).__own;
      return list.map((text) => (own.shown.get(text) ?? Infinity) - (own.sent.get(text) ?? -Infinity));
    },
    texts,
  );
  // The host's and a mention of the viewer too: each is the newest row for a while, in view.
  for (const body of [{ text: 'host in the flood', role: 'host' }, { text: '@viewer in the flood', role: 'assistant', pickedUids: [login.userId] }]) {
    const said = await server.admin<{ msgId: string }>(`/admin/v1/rooms/${ROOM}/say`, body);
    await expect(page.locator(`.chat-list article[data-msg-id="${said.msgId}"]`)).toBeInViewport({ timeout: 5_000 });
  }
  await server.admin(`/admin/v1/rooms/${ROOM}/burst/stop`, {});
  test.info().annotations.push({ type: 'Enter to own row in the list, ms', description: delays.join(', ') });
  // At the pace, a message would wait up to a second, about half of one on average: four of
  // five under 500 ms would then be chance about one time in twenty.
  expect(delays.filter((ms) => ms < 500).length, `Enter to own row, ms: ${delays.join(', ')}`).toBeGreaterThanOrEqual(4);
  await context.close();
});
