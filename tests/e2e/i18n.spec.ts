import { expect } from '@playwright/test';
import { test } from './support/base';
import { serveConfig, shippedConfig } from './runtimeConfig';

test.describe('language (SPEC 1, 9)', () => {
  test('switching changes the visible texts at once and survives a reload', async ({ page }) => {
    await page.goto('/live/login/10001');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByRole('heading', { level: 1, name: '直播间 10001' })).toBeVisible();
    await expect(page.getByRole('button', { name: '以游客身份进入' })).toBeVisible();

    await page.getByLabel('语言').selectOption('en_us');
    await expect(page.getByRole('heading', { level: 1, name: 'Live room 10001' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enter as guest' })).toBeVisible();
    await expect(page.getByLabel('Language')).toHaveValue('en_us');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');

    await page.getByLabel('Language').selectOption('tr_cn');
    await expect(page.getByRole('heading', { level: 1, name: '直播間 10001' })).toBeVisible();
    await expect(page.getByRole('button', { name: '以遊客身份進入' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');

    await page.reload();
    await expect(page.getByRole('button', { name: '以遊客身份進入' })).toBeVisible();
    await expect(page.getByLabel('語言')).toHaveValue('tr_cn');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
  });

  test('ru_ru is not offered while disabled', async ({ page }) => {
    await page.goto('/');
    const options = page.getByLabel('语言').locator('option');
    await expect(options).toHaveCount(3);
    expect(await options.evaluateAll((list) => list.map((o) => (o as HTMLOptionElement).value))).toEqual(['zh_cn', 'tr_cn', 'en_us']);
    await expect(options).toHaveText(['简体中文', '繁體中文', 'English']);
  });

  test('ru_ru is offered once enabled, and the configured default applies', async ({ page }) => {
    await serveConfig(page, { ...shippedConfig, defaultLocale: 'ru_ru', locales: { ...shippedConfig.locales, ru_ru: true } });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Трансляция 10001' })).toBeVisible();
    await expect(page.getByLabel('Язык').locator('option')).toHaveCount(4);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru-RU');
  });

  test('a remembered locale that was switched off since is not used', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('webcast.locale', 'ru_ru'));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: '直播间 10001' })).toBeVisible();
  });
});
