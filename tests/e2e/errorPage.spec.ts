import { expect } from '@playwright/test';
import { test } from './support/base';

test.describe('error page /error/{status} (SPEC 8)', () => {
  test('shows the mapped message and follows a language switch', async ({ page }) => {
    await page.goto('/error/503');
    await expect(page.getByRole('heading', { level: 1, name: '请求失败' })).toBeVisible();
    await expect(page.getByText('服务不可用')).toBeVisible();
    await expect(page.getByText('状态码 503')).toBeVisible();

    await page.getByLabel('语言').selectOption('en_us');
    await expect(page.getByText('Service unavailable')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'The request failed' })).toBeVisible();
    await expect(page.getByText('服务不可用')).toHaveCount(0);
  });

  test('an unmapped status gets the generic message', async ({ page }) => {
    await page.goto('/error/418');
    await expect(page.getByText('服务器返回了状态码 418。')).toBeVisible();
  });

  test('links back to the live room', async ({ page }) => {
    await page.goto('/error/502');
    await expect(page.getByText('网关错误')).toBeVisible();
    await page.getByRole('link', { name: '返回直播间' }).click();
    await expect(page).toHaveURL(/\/live\/login\/10001$/);
  });

  test('a status that is not an HTTP status is a 404', async ({ page }) => {
    await page.goto('/error/abc');
    await expect(page.getByRole('heading', { level: 1, name: '页面不存在' })).toBeVisible();
  });
});
