import { expect, type Page } from '@playwright/test';
import { test } from './support/splash';
import { enterAsGuest } from './support/guest';

// One video per viewer (issue 11 item 3): of two tabs of room 10001 in one browser, the one
// in the background stops its video after the grace period (5 s) and plays the live again
// when shown; a tab alone keeps playing in the background, and the setting turns it off.
// Headless tabs all report "visible": the background is emulated as the macro benchmark
// does (document.visibilityState and a visibilitychange event).

const player = (page: Page) => page.getByRole('region', { name: '直播播放器' });

async function setVisibility(page: Page, state: 'visible' | 'hidden'): Promise<void> {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => value === 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

const playing = (page: Page) => expect(player(page)).toHaveAttribute('data-phase', 'playing', { timeout: 20_000 });

test('a tab in the background leaves the video to the tab in view, and plays the live again when shown', async ({ context }) => {
  test.setTimeout(90_000);
  const first = await context.newPage();
  await enterAsGuest(first);
  await playing(first);
  // A tab alone in the background keeps playing (the sound goes on).
  await setVisibility(first, 'hidden');
  await first.waitForTimeout(6500);
  await expect(player(first)).not.toHaveAttribute('data-yielded', 'true');
  await expect(player(first)).toHaveAttribute('data-phase', 'playing');

  const second = await context.newPage();
  await second.goto('/live/video/10001');
  await playing(second);
  // After the grace period the background tab stops: no video, a note says where it plays.
  await expect(player(first)).toHaveAttribute('data-yielded', 'true', { timeout: 15_000 });
  await expect(player(first)).toHaveAttribute('data-phase', 'idle');
  await expect(player(first).getByText('视频正在本直播间的另一个标签页播放')).toBeVisible();
  await expect(player(second)).not.toHaveAttribute('data-yielded', 'true');

  // Shown again: it plays at once, and the other one, now behind, yields in its turn.
  await setVisibility(first, 'visible');
  await setVisibility(second, 'hidden');
  await expect(player(first)).not.toHaveAttribute('data-yielded', 'true');
  await playing(first);
  await expect(player(second)).toHaveAttribute('data-yielded', 'true', { timeout: 15_000 });
});

test('with the setting off, a tab in the background keeps playing', async ({ context }) => {
  test.setTimeout(90_000);
  await context.addInitScript(() => localStorage.setItem('webcast.viewer.settings', JSON.stringify({ effects: true, oneVideo: false })));
  const first = await context.newPage();
  await enterAsGuest(first);
  const second = await context.newPage();
  await second.goto('/live/video/10001');
  await playing(first);
  await playing(second);
  await setVisibility(first, 'hidden');
  await first.waitForTimeout(6500);
  await expect(player(first)).toHaveAttribute('data-phase', 'playing');
  await expect(player(first)).not.toHaveAttribute('data-yielded', 'true');
});
