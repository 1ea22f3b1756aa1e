import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN_TOKEN } from '../../playwright.config';
import { test } from './support/splash';
import { enterAsGuest } from './support/guest';
import { adminCall } from '../../harness/serverCalls';
import { openMenu, playerRegion } from './support/player';

// Accessibility (issue 12 item 6): axe-core finds no serious or critical violation on the
// guide page, the video page with a chat, the settings and device test dialogs and the
// player's menu; the chat is a log that screen readers are not made to re-read.

async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include !== undefined) builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`).slice(0, 5).join(', ')}`);
}

test('an off-screen announcer reads mentions and the host by default, and sums up a flood in "all"', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  await enterAsGuest(page);
  const announcer = page.getByTestId('chat-announcer');
  await expect(announcer).toHaveAttribute('aria-live', 'polite');
  const say = (text: string, role: 'host' | 'assistant' = 'host') => adminCall(baseURL ?? '', E2E_ADMIN_TOKEN, '/admin/v1/rooms/10001/say', { text, role });
  // What the room had when the chat opened is history, not news: wait for it, then speak.
  await say('announcer: history');
  await expect(page.getByRole('log').getByText('announcer: history')).toBeVisible();
  await say('announcer: welcome everyone');
  await expect(announcer).toHaveText(/说：announcer: welcome everyone$/);

  // All messages: a burst of viewers' messages is summed up, not read one by one.
  await page.getByRole('button', { name: '设置', exact: true }).click();
  await page.getByRole('combobox', { name: '屏幕阅读器播报新消息' }).selectOption('all');
  await page.keyboard.press('Escape');
  await adminCall(baseURL ?? '', E2E_ADMIN_TOKEN, '/admin/v1/rooms/10001/burst', { rate: 40, seconds: 1, users: 5 });
  await expect(announcer).toHaveText(/^\d+ 条新消息$/, { timeout: 10_000 });

  // Off: nothing is said. (After the burst's second: a message said during it would be
  // pushed out of the list's view by the rest of the burst.)
  await page.waitForTimeout(1500);
  await page.getByRole('button', { name: '设置', exact: true }).click();
  await page.getByRole('combobox', { name: '屏幕阅读器播报新消息' }).selectOption('off');
  await page.keyboard.press('Escape');
  await say('announcer: not read');
  await expect(page.getByRole('log').getByText('announcer: not read')).toBeVisible();
  await expect(announcer).toHaveText('');
});

test('the guide page', async ({ page }) => {
  await page.goto('/live/login/10001');
  await expect(page.getByRole('button', { name: '以游客身份进入' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the video page with chat, the player menu, settings and device test', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  await enterAsGuest(page);
  await expect(playerRegion(page)).toHaveAttribute('data-phase', 'playing', { timeout: 15_000 });
  await adminCall(baseURL ?? '', E2E_ADMIN_TOKEN, '/admin/v1/rooms/10001/say', { text: 'axe: a message from the host', role: 'host' });
  await expect(page.getByRole('log').getByText('axe: a message from the host')).toBeVisible();

  // The chat list is a log without a live region of its own (screen readers re-read it).
  const log = page.getByRole('log');
  await expect(log).toHaveCount(1);
  await expect(log).not.toHaveAttribute('aria-live', /polite|assertive/);
  expect(await seriousViolations(page)).toEqual([]);

  await openMenu(page, '播放设置');
  expect(await seriousViolations(page, '.player')).toEqual([]);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: '设置', exact: true }).click();
  await expect(page.getByRole('dialog', { name: '设置', exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: '设备检测' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
