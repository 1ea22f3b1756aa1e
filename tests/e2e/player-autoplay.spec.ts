import { expect, type Page } from '@playwright/test';
import { test } from './support/splash';

// Muted autoplay (features/player): where the browser refuses to start playback with sound
// without a user gesture, the player plays muted and shows a visible unmute control.
//
// Headless Chromium here lets media play with sound whatever --autoplay-policy says (checked
// with a plain <audio> of a WAV), so the policy is emulated: until the page has had a click,
// play() of an unmuted element rejects with NotAllowedError, as Chrome's policy does.

const player = (page: Page) => page.getByRole('region', { name: '直播播放器' });
const muted = (page: Page) => player(page).locator('video').evaluate((v: HTMLVideoElement) => v.muted);
const currentTime = (page: Page) => player(page).locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);

test('the player plays muted when sound is blocked, and unmutes on request', async ({ context }) => {
  const entry = await context.newPage();
  await entry.goto('/live/login/10001');
  await entry.getByRole('button', { name: '以游客身份进入' }).click();
  await expect(entry).toHaveURL(/\/live\/video\/10001$/);
  await entry.close();

  // The video page in a new tab (the login is shared), under the emulated policy.
  const page = await context.newPage();
  await page.addInitScript(() => {
    let activated = false;
    addEventListener('pointerdown', () => (activated = true), true);
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      if (!activated && !this.muted) return Promise.reject(new DOMException('play() needs a user gesture', 'NotAllowedError'));
      return play.call(this);
    };
  });
  await page.goto('/live/video/10001');
  await expect(player(page)).toHaveAttribute('data-phase', 'playing', { timeout: 15_000 });
  const unmute = player(page).getByRole('button', { name: '已静音播放，点击开启声音' });
  await expect(unmute).toBeVisible();
  expect(await muted(page)).toBe(true);
  const before = await currentTime(page);
  await expect.poll(() => currentTime(page)).toBeGreaterThan(before + 0.5);

  await unmute.click();
  await expect(unmute).toHaveCount(0);
  expect(await muted(page)).toBe(false);
  const after = await currentTime(page);
  await expect.poll(() => currentTime(page)).toBeGreaterThan(after + 0.5);
});
