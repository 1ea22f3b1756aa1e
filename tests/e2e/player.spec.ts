import { expect, type Page } from '@playwright/test';
import { test } from './support/splash';
import { enterAsGuest } from './support/guest';
import { startOwnServer, type OwnServer } from './support/ownServer';
import { chooseInMenu, menuItem, openMenu, playerRegion, pressControl } from './support/player';

// The player on the video page (features/player) against the reference server's demo
// streams: live HLS and live FLV of room 10001 (only read here: nothing ends or starts it),
// quality and line switches, and the switch to the replay when the host ends the live,
// which runs on a server of its own so the shared room 10001 stays live for other tests.

const player = playerRegion;

/** The video's time moves on by at least `seconds` and the player reports no error. */
async function expectAdvancing(page: Page, seconds = 1): Promise<void> {
  const video = player(page).locator('video');
  await expect(player(page)).toHaveAttribute('data-phase', 'playing', { timeout: 15_000 });
  const start = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(start + seconds);
  expect(await video.evaluate((v: HTMLVideoElement) => v.error?.code ?? null)).toBeNull();
  await expect(player(page)).toHaveAttribute('data-phase', /playing|stalled/);
}

const videoHeight = (page: Page) => player(page).locator('video').evaluate((v: HTMLVideoElement) => v.videoHeight);

test.describe('player (features/player)', () => {
  test('plays the live HLS stream with hls.js; the guide page loads no player code', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/live/login/10001');
    await expect(page.getByRole('button', { name: '以游客身份进入' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((url) => /hlsEngine|flvEngine|\/player-[\w-]+\.js/.test(url))).toEqual([]);

    await page.getByRole('button', { name: '以游客身份进入' }).click();
    await expect(page).toHaveURL(/\/live\/video\/10001$/);
    await expectAdvancing(page);
    await expect(player(page)).toHaveAttribute('data-type', 'hls');
    await expect(player(page)).toHaveAttribute('data-mode', 'live');
    await expect(player(page)).toHaveAttribute('data-engine', 'hls.js');
    expect(scripts.some((url) => url.includes('hlsEngine'))).toBe(true);
    expect(scripts.some((url) => url.includes('flvEngine'))).toBe(false);

    // The debug overlay shows the live latency (from EXT-X-PROGRAM-DATE-TIME).
    await chooseInMenu(page, '播放设置', '更多: 调试信息');
    await expect(player(page).getByTestId('player-latency')).toHaveText(/^\d+ 毫秒$/);
  });

  test('plays the live FLV stream with mpegts.js, and the choice is remembered', async ({ page }) => {
    await enterAsGuest(page);
    await expect(player(page)).toHaveAttribute('data-phase', 'playing', { timeout: 15_000 });
    await chooseInMenu(page, '播放设置', '播放器: FLV');
    await expect(player(page)).toHaveAttribute('data-type', 'flv');
    await expectAdvancing(page);
    await expect(player(page)).toHaveAttribute('data-engine', 'mpegts.js');
    // FLV latency from the stream's wall clock (onMetaData wallClockAtZeroMs).
    await expect(player(page)).toHaveAttribute('data-latency-ms', /^\d+$/);

    await page.reload();
    await expect(player(page)).toHaveAttribute('data-type', 'flv');
    await expectAdvancing(page);
  });

  test('switches quality and line while live', async ({ page }) => {
    await enterAsGuest(page);
    await expectAdvancing(page, 0.5);
    await expect(player(page)).toHaveAttribute('data-line', 'line1');

    await chooseInMenu(page, '清晰度', '标清');
    await expect(player(page)).toHaveAttribute('data-quality', 'sd');
    await expectAdvancing(page, 0.5);
    await expect.poll(() => videoHeight(page)).toBe(240);

    await chooseInMenu(page, '清晰度', '原画');
    await expect(player(page)).toHaveAttribute('data-quality', 'original');
    await expectAdvancing(page, 0.5);
    await expect.poll(() => videoHeight(page)).toBe(540);

    await chooseInMenu(page, '播放设置', '线路: 线路 2');
    await expect(player(page)).toHaveAttribute('data-line', 'line2');
    await expectAdvancing(page, 0.5);
  });

  test('a room with two camera streams: the viewer switches to the other camera, and its picture plays', async ({ page }) => {
    // Room info says the room has a choice; the multi-stream list names the cameras and the
    // default stream list says which one the room starts viewers on.
    const listed = page.waitForResponse((r) => r.url().includes('/ccp/monitor/v2/stream/multi/list?webcastId=10016'));
    const byDefault = page.waitForResponse((r) => r.url().includes('/ccp/monitor/v2/stream/default/list?webcastId=10016'));
    await enterAsGuest(page, '10016');
    expect(((await (await listed).json()) as { data: { streams: { name: string }[] } }).data.streams.map((s) => s.name)).toEqual(['Stage', 'Audience']);
    expect(((await (await byDefault).json()) as { data: { camera: string } }).data.camera).toBe('main');
    await expectAdvancing(page, 0.5);
    await expect(player(page)).toHaveAttribute('data-camera', 'main');
    await expect(player(page).getByRole('button', { name: '机位 Stage' })).toBeAttached();

    const cam2 = page.waitForRequest((r) => /\/media\/line1\/cam2\/live\/.+\.ts$/.test(r.url()));
    await chooseInMenu(page, '机位', '机位: Audience');
    await expect(player(page)).toHaveAttribute('data-camera', 'cam2');
    await cam2;
    await expectAdvancing(page, 0.5);
    await expect(player(page).getByRole('button', { name: '机位 Audience' })).toBeAttached();
    // The quality and the line still apply to the camera chosen.
    await chooseInMenu(page, '清晰度', '标清');
    await expect.poll(() => videoHeight(page)).toBe(240);
    const line2 = page.waitForRequest((r) => r.url().includes('/media/line2/cam2/live/'));
    await chooseInMenu(page, '播放设置', '线路: 线路 2');
    await line2;
    await expectAdvancing(page, 0.5);
  });

  test('audio only (the line audio track, no video downloaded), immersive mode and full screen', async ({ page }) => {
    await enterAsGuest(page);
    await expectAdvancing(page, 0.5);
    const root = player(page);

    const audioTrack = page.waitForRequest((r) => r.url().includes('/live/audio/live-'));
    await chooseInMenu(page, '播放设置', '观看方式: 仅听声音');
    await expect(root).toHaveClass(/player--audio-only/);
    await expect(root).toHaveAttribute('data-audio-track', 'true');
    await audioTrack;
    await expect(root.getByText('仅播放音频')).toBeVisible();
    expect(await root.locator('video').evaluate((v) => getComputedStyle(v).visibility)).toBe('hidden');
    await expectAdvancing(page, 0.5);
    await chooseInMenu(page, '播放设置', '观看方式: 视频');
    await expect(root).not.toHaveClass(/player--audio-only/);
    await expect(root).not.toHaveAttribute('data-audio-track', 'true');

    await pressControl(page, '沉浸模式');
    await expect(root).toHaveClass(/player--immersive/);
    const box = await root.boundingBox();
    expect(box?.width).toBe(page.viewportSize()?.width);
    // The controls hide while the pointer rests, and come back when it moves.
    await expect(root).toHaveClass(/player--controls-hidden/, { timeout: 5_000 });
    await page.mouse.move(50, 50);
    await page.mouse.move(60, 60);
    await expect(root).not.toHaveClass(/player--controls-hidden/);
    await page.keyboard.press('Escape');
    await expect(root).not.toHaveClass(/player--immersive/);

    await pressControl(page, '全屏');
    await expect(root.getByRole('button', { name: '退出全屏', exact: true })).toBeAttached();
    expect(await page.evaluate(() => document.fullscreenElement?.classList.contains('player') ?? false)).toBe(true);
    await pressControl(page, '退出全屏');
    await expect(root.getByRole('button', { name: '全屏', exact: true })).toBeAttached();
    await expectAdvancing(page, 0.5);
  });

  test('a line that dies is retried once, then left: the next line, then HLS instead of FLV, each said in one calm line; one player decodes', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('webcast.player.settings', JSON.stringify({ type: 'flv' })));
    await enterAsGuest(page);
    await expect(player(page)).toHaveAttribute('data-phase', 'playing', { timeout: 15_000 });
    await expect(player(page)).toHaveAttribute('data-type', 'flv');
    // Every FLV stream is refused (404: the lines are gone, not the network); HLS still plays.
    await page.route('**/*.flv', (route) => route.fulfill({ status: 404, body: 'gone' }));
    await chooseInMenu(page, '清晰度', '标清');
    await expect(player(page)).toHaveAttribute('data-line', 'line2', { timeout: 15_000 });
    await expect(page.getByTestId('player-status-line')).toContainText('网络不佳，已切换到线路 2');
    await expect(player(page)).toHaveAttribute('data-type', 'hls', { timeout: 15_000 });
    await expect(page.getByTestId('player-status-line')).toContainText('网络不佳，已改用 HLS 播放');
    await expectAdvancing(page, 0.5);
    expect(await page.locator('video').count()).toBe(1);
    await expect(player(page)).toHaveAttribute('data-engine', 'hls.js');
  });

  test('segments that come slower than they play: two stalls in a minute step the quality down, said in one calm line', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('webcast.player.settings', JSON.stringify({ type: 'hls', delay: 'noDelay', quality: 'original' })));
    await enterAsGuest(page);
    await expect(player(page)).toHaveAttribute('data-phase', 'playing', { timeout: 15_000 });
    await expect(player(page)).toHaveAttribute('data-quality', 'original');
    // Each 2 s segment of the top quality takes 4 s to come: the live stalls, plays, stalls.
    await page.route('**/live/original/live-*.ts', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      await route.continue().catch(() => undefined);
    });
    await expect(player(page)).toHaveAttribute('data-quality', 'hd', { timeout: 30_000 });
    await expect(page.getByTestId('player-status-line')).toContainText('网络不佳，已切换到高清');
    await expectAdvancing(page, 0.5);
    await page.unroute('**/live/original/live-*.ts');
  });

  test('without Media Source Extensions, no-delay play is refused with a message', async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as Record<string, unknown>;
      delete w.MediaSource;
      delete w.ManagedMediaSource;
      localStorage.setItem('webcast.player.settings', JSON.stringify({ delay: 'noDelay' }));
    });
    await enterAsGuest(page);
    await expect(player(page)).toHaveAttribute('data-phase', 'unsupported');
    await expect(player(page).getByRole('alert')).toContainText('当前浏览器不支持无延迟播放');
  });

  test.describe('on a server of its own', () => {
    let server: OwnServer;
    test.beforeEach(async ({ browserName: _browserName }, testInfo) => {
      test.setTimeout(90_000);
      server = await startOwnServer(4700 + testInfo.workerIndex);
    });
    test.afterEach(async () => {
      await server.stop();
    });

    test('switches to the replay when the host ends the live, and plays it', async ({ page }) => {
      await enterAsGuest(page, '10001', server.url);
      await expectAdvancing(page, 0.5);
      await expect(player(page)).toHaveAttribute('data-mode', 'live');

      // The pushed status differs from the room info's: the player asks the playback config
      // (not the whole room info again) for the replay's address.
      const config = page.waitForResponse((r) => r.url().includes('/ccp/monitor/v2/playback/config?webcastId=10001'));
      await server.admin('/admin/v1/rooms/10001/live/end', {});
      expect(((await (await config).json()) as { data: { status: number; replay: string } }).data).toMatchObject({ status: 3, replay: expect.stringMatching(/\/media\/vod/) });
      await expect(player(page)).toHaveAttribute('data-mode', 'replay', { timeout: 15_000 });
      await expectAdvancing(page);
      await expect(player(page).getByText('回放', { exact: true })).toBeVisible();
      // Lines and live settings are gone in the replay.
      await openMenu(page, '播放设置');
      await expect(menuItem(page, '播放设置', /线路/)).toHaveCount(0);
      await expect(menuItem(page, '播放设置', /延迟模式/)).toHaveCount(0);
      await expect(menuItem(page, '播放设置', '观看方式: 仅听声音')).toBeVisible();
    });

    test('switches from the live FLV stream to the replay when the host ends the live', async ({ page }) => {
      await page.addInitScript(() => localStorage.setItem('webcast.player.settings', JSON.stringify({ type: 'flv', delay: 'noDelay' })));
      await enterAsGuest(page, '10001', server.url);
      await expectAdvancing(page, 0.5);
      await expect(player(page)).toHaveAttribute('data-type', 'flv');

      await server.admin('/admin/v1/rooms/10001/live/end', {});
      await expect(player(page)).toHaveAttribute('data-mode', 'replay', { timeout: 15_000 });
      await expect(player(page)).toHaveAttribute('data-type', 'hls');
      await expectAdvancing(page);
    });

    test('shows the not-started state, then plays when the live starts', async ({ page }) => {
      await server.admin('/admin/v1/rooms/10001/live/start', { status: 1 });
      await enterAsGuest(page, '10001', server.url);
      await expect(player(page)).toHaveAttribute('data-phase', 'waiting');
      await expect(player(page).getByText('直播准备中，即将开始')).toBeVisible();
      await openMenu(page, '播放设置');
      await expect(menuItem(page, '播放设置', /线路 2/)).toHaveAttribute('aria-disabled', 'true');
      await page.keyboard.press('Escape');

      await server.admin('/admin/v1/rooms/10001/live/start', { status: 2 });
      await expectAdvancing(page, 0.5);
      await openMenu(page, '播放设置');
      await expect(menuItem(page, '播放设置', '线路: 线路 2')).not.toHaveAttribute('aria-disabled', 'true');
    });
  });
});
