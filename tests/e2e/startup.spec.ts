import { expect } from '@playwright/test';
import { test } from './support/base';
import { serveConfig, shippedConfig } from './runtimeConfig';

test.describe('startup with a broken config.js', () => {
  test('an invalid field gives the startup screen naming it', async ({ page }) => {
    await serveConfig(page, { ...shippedConfig, appPrefix: 42 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: '直播间无法启动' })).toBeVisible();
    await expect(page.getByText('运行配置（config.js）无效：')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'appPrefix' })).toBeVisible();
    await expect(page.getByText('请联系网站管理员检查 config.js，然后重新加载页面。')).toBeVisible();
    await expect(page.getByRole('button', { name: '重新加载' })).toBeVisible();
  });

  test('every problem is listed', async ({ page }) => {
    await serveConfig(page, { ...shippedConfig, defaultRoomId: '', locales: { zh_cn: true } });
    await page.goto('/');
    await expect(page.getByRole('listitem')).toHaveCount(4); // defaultRoomId, tr_cn, en_us, ru_ru
  });

  test('a missing config.js (404) gives the startup screen', async ({ page }) => {
    await page.route('**/config.js', (route) => route.fulfill({ status: 404, body: 'not found' }));
    await page.goto('/live/login/10001');
    await expect(page.getByRole('heading', { level: 1, name: '直播间无法启动' })).toBeVisible();
    await expect(page.getByText('无法加载运行配置（config.js）。')).toBeVisible();
  });

  test('a config.js that throws gives the startup screen', async ({ page }) => {
    await page.route('**/config.js', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: 'throw new Error("broken");' }),
    );
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: '直播间无法启动' })).toBeVisible();
  });

  test('the startup screen follows the language switch, and reload retries', async ({ page }) => {
    let served = 0;
    await page.route('**/config.js', (route) => {
      served += 1;
      return route.fulfill({ status: 404, body: '' });
    });
    await page.goto('/');
    await page.getByLabel('语言').selectOption('en_us');
    await expect(page.getByRole('heading', { level: 1, name: 'The live room cannot start' })).toBeVisible();
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'The live room cannot start' })).toBeVisible();
    await expect.poll(() => served).toBe(2);
  });
});

test.describe('runtime config at work', () => {
  test('appPrefix /webcast: the app lives under the prefix', async ({ page }) => {
    await serveConfig(page, { ...shippedConfig, appPrefix: '/webcast' });
    await page.goto('/webcast/');
    await expect(page).toHaveURL(/\/webcast\/live\/login\/10001$/);
    await expect(page.getByRole('heading', { level: 1, name: '直播间 10001' })).toBeVisible();
    await page.getByRole('button', { name: '以游客身份进入' }).click();
    await expect(page).toHaveURL(/\/webcast\/live\/video\/10001$/);
  });

  test('appPrefix /webcast: a path outside the prefix is a 404, not a blank page', async ({ page }) => {
    await serveConfig(page, { ...shippedConfig, appPrefix: '/webcast/' });
    await page.goto('/elsewhere');
    await expect(page.getByRole('heading', { level: 1, name: '页面不存在' })).toBeVisible();
    await page.getByRole('link', { name: '返回直播间' }).click();
    await expect(page).toHaveURL(/\/webcast\/live\/login\/10001$/);
    await expect(page.getByRole('heading', { level: 1, name: '直播间 10001' })).toBeVisible();
  });

  test('defaultRoomId decides where / leads', async ({ page }) => {
    await serveConfig(page, { ...shippedConfig, defaultRoomId: '777' });
    await page.goto('/');
    await expect(page).toHaveURL(/\/live\/login\/777$/);
  });

  test('the theme colour becomes --theme-color; an invalid one falls back to #2081eb', async ({ page }) => {
    const themeColour = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--theme-color').trim());
    await serveConfig(page, { ...shippedConfig, themeColour: '#ff6600' });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await themeColour()).toBe('#ff6600');

    await page.unroute('**/config.js');
    await serveConfig(page, { ...shippedConfig, themeColour: 'red' });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await themeColour()).toBe('#2081eb');
  });
});
