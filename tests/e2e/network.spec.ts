/**
 * A weak network, end to end (issue 38): the page reaches the shared reference server
 * through a proxy of the test's own (harness/netProxy.ts), so taking the network away
 * cuts the realtime worker's socket too, which Chromium's own emulation does not reach.
 */
import { expect } from '@playwright/test';
import { E2E_ADMIN_TOKEN } from '../../playwright.config';
import { adminCall } from '../../harness/serverCalls';
import { startNetProxy } from '../../harness/netProxy';
import { test } from './support/splash';
import { enterAsGuest, joinedRoom } from './support/guest';
import { playerRegion, showControls } from './support/player';

const ROOM = '10001';
const RECOVERY_MS = 6_000;

test('a 5 s outage: the page says so quietly, and once the network is back the live plays at its edge and the chat has what was said meanwhile; then live rewind and back to live', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const url = new URL(baseURL ?? 'http://127.0.0.1:4173');
  const proxy = await startNetProxy({ host: url.hostname, port: Number(url.port) });
  try {
    await enterAsGuest(page, ROOM, proxy.url);
    await joinedRoom(page, ROOM);
    const player = playerRegion(page);
    await expect(player).toHaveAttribute('data-phase', 'playing', { timeout: 15_000 });

    proxy.cut();
    const cutAt = Date.now();
    const marker = `said in the outage ${Date.now()}`;
    await adminCall(baseURL ?? '', E2E_ADMIN_TOKEN, `/admin/v1/rooms/${ROOM}/say`, { text: marker, role: 'host' });
    // hls.js plays what it has buffered and retries the playlist twice before it gives up:
    // the line comes when the player itself has nothing left to try.
    await expect(page.getByTestId('player-status-line')).toContainText('网络已断开，恢复后自动继续播放', { timeout: 12_000 });
    await page.waitForTimeout(Math.max(2_000, 5_000 - (Date.now() - cutAt)));
    await expect(player).not.toHaveAttribute('data-phase', 'failed');

    proxy.restore();
    const back = Date.now();
    // Back by itself, without a reload. The 3 s target is the network benchmark's, on a machine
    // of its own (docs/benchmarks.md, Network): here a browser test beside another one may wait
    // out the socket's 2 s between attempts (SPEC) on a busy machine, so 6 s.
    await expect(page.getByRole('log').getByText(marker)).toBeVisible({ timeout: RECOVERY_MS });
    await expect(player).toHaveAttribute('data-phase', 'playing', { timeout: RECOVERY_MS });
    const current = await page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);
    await expect.poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: RECOVERY_MS }).toBeGreaterThan(current);
    expect(Date.now() - back).toBeLessThan(RECOVERY_MS);
    await expect(page.getByTestId('player-status-line')).toBeHidden();
    // At the live edge, not where the outage left it: the latency is shown (in the bar), and small.
    await showControls(page);
    await expect(page.getByTestId('player-latency-readout')).toHaveText(/延迟 \d+(\.\d)? 秒/, { timeout: 5_000 });
    await expect.poll(async () => Number(await player.getAttribute('data-latency-ms')), { timeout: 10_000 }).toBeLessThan(12_000);

    // Live rewind: back 20 s within the server's window, then "back to live".
    await showControls(page);
    const rewind = player.getByRole('slider', { name: '直播回看' });
    await expect(rewind).toBeVisible({ timeout: 20_000 });
    await rewind.evaluate((input: HTMLInputElement) => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setter?.call(input, String(Number(input.max) - 20));
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await expect.poll(async () => Number(await player.getAttribute('data-latency-ms')), { timeout: 10_000 }).toBeGreaterThan(18_000);
    await showControls(page);
    await expect(rewind).toHaveAttribute('aria-valuetext', /比直播晚/);
    await player.getByRole('button', { name: '回到直播' }).click();
    await expect.poll(async () => Number(await player.getAttribute('data-latency-ms')), { timeout: 10_000 }).toBeLessThan(12_000);
  } finally {
    await proxy.close();
  }
});

test('live rewind on FLV: going back plays the line’s HLS that far behind the live; back to live returns to FLV at its edge', async ({ page }) => {
  test.setTimeout(60_000);
  await page.addInitScript(() => localStorage.setItem('webcast.player.settings', JSON.stringify({ type: 'flv', delay: 'lowDelay' })));
  await enterAsGuest(page, ROOM);
  await joinedRoom(page, ROOM);
  const player = playerRegion(page);
  await expect(player).toHaveAttribute('data-phase', 'playing', { timeout: 15_000 });
  await expect(player).toHaveAttribute('data-type', 'flv');

  await showControls(page);
  const rewind = player.getByRole('slider', { name: '直播回看' });
  await expect(rewind).toBeVisible();
  // The window the line's HLS keeps (a minute on the test server), the playhead at the live.
  await expect(rewind).toHaveAttribute('max', '60');
  await expect(rewind).toHaveAttribute('value', '60');
  await rewind.evaluate((input: HTMLInputElement) => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    setter?.call(input, String(Number(input.max) - 20));
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await expect(player).toHaveAttribute('data-type', 'hls', { timeout: 10_000 });
  // 20 s behind the live, or the window's start on a server that started less than that ago
  // (about 15 s behind): well past HLS's own 7 s.
  await expect.poll(async () => Number(await player.getAttribute('data-latency-ms')), { timeout: 15_000 }).toBeGreaterThan(12_000);
  // Behind by choice: the player does not chase the edge back.
  await page.waitForTimeout(3_000);
  expect(Number(await player.getAttribute('data-latency-ms'))).toBeGreaterThan(12_000);
  await showControls(page);
  await expect(rewind).toHaveAttribute('aria-valuetext', /比直播晚/);

  await player.getByRole('button', { name: '回到直播' }).click();
  await expect(player).toHaveAttribute('data-type', 'flv', { timeout: 10_000 });
  await expect(player).toHaveAttribute('data-phase', 'playing', { timeout: 15_000 });
  await expect.poll(async () => Number(await player.getAttribute('data-latency-ms')), { timeout: 15_000 }).toBeLessThan(4_000);
  expect(await page.locator('video').count()).toBe(1);
});
