import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { test } from './support/splash';
import { enterAsGuest } from './support/guest';

async function walk(page: Page, n: number): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    await page.keyboard.press('Tab');
    out.push(
      await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el) return 'none';
        const cs = getComputedStyle(el);
        const ring = el.matches(':focus-visible') && (cs.outlineStyle !== 'none' && cs.outlineWidth !== '0px' || cs.boxShadow !== 'none');
        const name = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 30);
        const r = el.getBoundingClientRect();
        return `${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]} role=${el.getAttribute('role') ?? ''} "${name}" ring=${ring} vis=${r.width > 0 && r.height > 0}`;
      }),
    );
  }
  return out;
}

test('kbd probe', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/live/login/10001');
  await expect(page.getByRole('button', { name: '以游客身份进入' })).toBeVisible();
  const guide = await walk(page, 25);
  await enterAsGuest(page);
  await expect(page.getByRole('textbox', { name: '消息' })).toBeEnabled({ timeout: 15_000 });
  for (let i = 0; i < 30; i++) await fetch('http://127.0.0.1:4173/admin/v1/rooms/10001/say', { method: 'POST', headers: { 'x-admin-token': 'e2e-admin-token', 'content-type': 'application/json' }, body: JSON.stringify({ text: `line ${i}`, role: 'host' }) });
  await page.waitForTimeout(1500);
  await page.getByRole('button', { name: '弹出聊天窗口' }).focus();
  const video = await walk(page, 40);
  fs.writeFileSync('/work/tools/kbd-probe.txt', ['GUIDE', ...guide, 'VIDEO', ...video].join('\n') + '\n');
});
