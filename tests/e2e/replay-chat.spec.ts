import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './support/splash';
import { enterAsGuest } from './support/guest';
import { startOwnServer, type OwnServer } from './support/ownServer';

// The chat of a replay (issue 36 item 1): a live with three messages at known moments is
// ended, and its recording's chat shows each message at its moment: after seeks back and
// forward, while playing at 2x, and moved by the viewer's chat timing, which the browser
// remembers for the recording. Against a server of this file's own (it ends the live).

const ROOM = '10001';

test.describe.configure({ mode: 'serial' });

let server: OwnServer;

test.beforeAll(async ({ browserName: _browserName }, testInfo) => {
  test.setTimeout(120_000);
  server = await startOwnServer(6100 + testInfo.workerIndex);
});

test.afterAll(async () => {
  await server.stop();
});

const chatRegion = (page: Page): Locator => page.getByRole('region', { name: '聊天回放' });
const rows = (page: Page): Locator => chatRegion(page).locator('article.chat-message');
const video = (page: Page): Locator => page.locator('video.player__video');

async function seek(page: Page, seconds: number, rate = 0): Promise<void> {
  await video(page).evaluate(
    (element: HTMLVideoElement, [to, speed]) => {
      if (speed === 0) element.pause();
      element.currentTime = to;
      if (speed > 0) {
        element.playbackRate = speed;
        void element.play();
      }
    },
    [seconds, rate] as const,
  );
}


/** The texts the replay's chat shows, oldest first. */
const shown = (page: Page): Promise<string[]> => rows(page).locator('.chat-message__body').allTextContents();

test('a recording replays its chat in step: seeks back and forward, 2x, and the chat timing kept per recording', async ({ page }) => {
  test.setTimeout(120_000);
  // A fresh session: its start is the recording's time zero.
  await server.admin(`/admin/v1/rooms/${ROOM}/live/end`, {});
  const { startTime } = await server.admin<{ startTime: number }>(`/admin/v1/rooms/${ROOM}/live/start`, {});
  await enterAsGuest(page, ROOM, server.url);
  const composer = page.getByRole('textbox', { name: '消息' });
  await expect(composer).toBeEnabled({ timeout: 15_000 });
  const sent: Record<string, number> = {};
  const noteMoment = async (text: string) => {
    const row = page.locator('article.chat-message', { hasText: text });
    await expect(row).toBeVisible();
    sent[text] = (Number(await row.getAttribute('data-send-time')) - startTime) / 1000;
  };
  for (const [i, text] of ['replay one', 'replay two', 'replay three'].entries()) {
    if (i > 0) await page.waitForTimeout(2500); // the messages' moments, 2.5 s apart
    if (i === 2) {
      // The host says something between the second and the third.
      await server.admin(`/admin/v1/rooms/${ROOM}/say`, { text: 'host note', role: 'host' });
      await noteMoment('host note');
      await page.waitForTimeout(1000);
    }
    await composer.fill(text);
    await composer.press('Enter');
    await noteMoment(text);
  }
  const [one, two, three] = [sent['replay one']!, sent['replay two']!, sent['replay three']!];
  expect(three).toBeLessThan(18); // inside the 20 s demo recording

  await server.admin(`/admin/v1/rooms/${ROOM}/live/end`, {});
  await expect(page.getByRole('region', { name: '直播播放器' })).toHaveAttribute('data-mode', 'replay', { timeout: 15_000 });
  await expect(chatRegion(page)).toBeVisible();
  await expect(chatRegion(page).getByText('消息按直播时发送的时间出现')).toBeVisible();

  // Before the first message: nothing yet.
  await seek(page, Math.max(0, one - 1));
  await expect(chatRegion(page).getByText('录像的这个时刻还没有消息。')).toBeVisible();
  // Forward past the second: two; back between the first and the second: one.
  await seek(page, two + 0.5);
  await expect.poll(() => shown(page)).toEqual(['replay one', 'replay two']);
  await seek(page, (one + two) / 2);
  await expect.poll(() => shown(page)).toEqual(['replay one']);

  // Playing at 2x: the third appears when the recording reaches its moment, not before
  // (the recording's time noted by the page itself when the row is added).
  await page.evaluate(() => {
    const w = window as unknown as { __thirdAt?: number };
    const observer = new MutationObserver(() => {
      if (w.__thirdAt !== undefined || !document.body.textContent?.includes('replay three')) return;
      w.__thirdAt = document.querySelector('video')?.currentTime ?? -1;
      observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await seek(page, two + 0.2, 2);
  await expect(rows(page).filter({ hasText: 'replay three' })).toBeVisible({ timeout: 10_000 });
  const at = await page.evaluate(() => (window as unknown as { __thirdAt?: number }).__thirdAt ?? -1);
  expect(at).toBeGreaterThanOrEqual(three - 0.3);
  expect(at).toBeLessThan(three + 0.5);

  // The chat timing: 3 s later, so the third waits 3 s more; kept across a reload.
  await seek(page, three + 1);
  await expect.poll(() => shown(page)).toEqual(['replay one', 'replay two', 'host note', 'replay three']);
  const later = chatRegion(page).getByRole('button', { name: '聊天推后 1 秒' });
  for (let i = 0; i < 3; i++) await later.click();
  await expect(chatRegion(page).getByTestId('replay-offset')).toHaveText('+3 秒');
  // Now the room's time is the third's less 2 s: the host's note (1 s before the third) waits too.
  await expect.poll(() => shown(page)).toEqual(['replay one', 'replay two']);
  await page.reload();
  await expect(chatRegion(page).getByTestId('replay-offset')).toHaveText('+3 秒', { timeout: 15_000 });
  await seek(page, three + 3.5);
  await expect.poll(() => shown(page)).toEqual(['replay one', 'replay two', 'host note', 'replay three']);

  // The filters work on the replay: the viewer's own messages (and mentions of them), or everything.
  await chatRegion(page).getByRole('button', { name: '只看我的' }).click();
  await expect.poll(() => shown(page)).toEqual(['replay one', 'replay two', 'replay three']);
  await chatRegion(page).getByRole('button', { name: '全部' }).click();
  await expect.poll(() => shown(page)).toEqual(['replay one', 'replay two', 'host note', 'replay three']);
  // Only read: no composer beside a recording.
  await expect(page.getByRole('textbox', { name: '消息' })).toHaveCount(0);
});

test('the replay demo: a seek anywhere in 5 minutes and 20,000 messages shows the chat of that moment within 500 ms', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  // The shared server's seeded replay demo room, which no test changes.
  await enterAsGuest(page, '10015');
  await expect(page.getByRole('region', { name: '直播播放器' })).toHaveAttribute('data-mode', 'replay', { timeout: 15_000 });
  const info = (await (await page.request.get(`${baseURL}/ccp/monitor/v2/webcast/10015`)).json()) as { data: { startTime: number } };
  const startTime = info.data.startTime;
  await expect(rows(page).first()).toBeVisible({ timeout: 15_000 });
  const times: number[] = [];
  for (const to of [150, 20, 280, 95.5, 3, 240]) {
    // Timed in the page: from the seek until the newest row is the newest message of the moment.
    const took = await page.evaluate(
      ([seconds, zero]) =>
        new Promise<number>((resolve, reject) => {
          const video = document.querySelector('video');
          if (video === null) return reject(new Error('no video'));
          const moment = zero + seconds * 1000;
          const newest = () => {
            const all = document.querySelectorAll('[data-replay="true"] article.chat-message');
            return Number(all[all.length - 1]?.getAttribute('data-send-time') ?? NaN);
          };
          const started = performance.now();
          const check = () => {
            const at = newest();
            // 20,000 messages over 300 s: one every 15 ms, so the newest shown is within a second of the moment.
            if (at <= moment && at > moment - 1000) resolve(performance.now() - started);
            else if (performance.now() - started > 10_000) reject(new Error(`after 10 s the newest row is ${at - zero} ms in, not ${seconds * 1000}`));
            else requestAnimationFrame(check);
          };
          video.pause();
          video.currentTime = seconds;
          requestAnimationFrame(check);
        }),
      [to, startTime] as const,
    );
    times.push(took);
  }
  const figures = `seek to chat, ms: ${times.map((t) => t.toFixed(0)).join(', ')}`;
  test.info().annotations.push({ type: 'figures', description: figures });
  expect(Math.max(...times), figures).toBeLessThanOrEqual(500);
});
