import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN_TOKEN } from '../../playwright.config';
import { adminCall } from '../../harness/serverCalls';
import { test } from './support/splash';
import { enterAsGuest } from './support/guest';

// The viewer's own record (issue 37 item 5): "My record" in the toolbar reads what was the
// viewer's and gives it as Markdown, CSV and JSON files made in the page; the room can turn
// it off (setting other.ownRecord: 4409, and the button goes). The keyboard opens and closes
// it, focus comes back, and axe finds nothing in it.

const ROOM = '10001';

async function download(page: Page, link: Locator): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), text: fs.readFileSync(path, 'utf8') };
}

test('a viewer saves their own messages as Markdown, CSV and JSON; the room can turn it off', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const setOwnRecord = (ownRecord: boolean) => adminCall(baseURL ?? '', E2E_ADMIN_TOKEN, `/admin/v1/rooms/${ROOM}/settings`, { other: { ownRecord } });
  await enterAsGuest(page, ROOM);
  const composer = page.getByRole('textbox', { name: '消息' });
  await expect(composer).toBeEnabled({ timeout: 15_000 });
  const line = `own record: *mine* ${Date.now()}`;
  await composer.fill(line);
  await composer.press('Enter');
  await expect(page.getByRole('log').getByText(line)).toBeVisible();

  // Opened from the keyboard.
  const open = page.getByRole('button', { name: '我的记录' });
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: '我的记录' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('[data-section="messages"] dd')).toHaveText('1');
  await expect(dialog).toContainText('截至');
  const { violations } = await new AxeBuilder({ page }).include('.own-record').analyze();
  expect(violations.map((v) => `${v.id} (${v.impact})`)).toEqual([]);

  const md = await download(page, dialog.getByRole('link', { name: '下载 Markdown' }));
  expect(md.name).toMatch(/^record-10001-\d{8}-\d{4}\.md$/);
  expect(md.text).toContain('# 我的直播间记录');
  expect(md.text).toContain(`own record: \\*mine\\* `);
  expect(md.text).toContain('## 聊天消息');
  const csv = await download(page, dialog.getByRole('link', { name: '下载 CSV（表格）' }));
  expect(csv.text.split('\r\n')[0]).toBe('\uFEFF"类别","时间","主题","内容","结果"');
  expect(csv.text).toContain(`"聊天消息",`);
  expect(csv.text).toContain(`"${line}"`);
  const json = JSON.parse((await download(page, dialog.getByRole('link', { name: '下载 JSON' }))).text) as { room: { id: string }; messages: { text: string }[] };
  expect(json.room.id).toBe(ROOM);
  expect(json.messages.map((m) => m.text)).toEqual([line]);

  // Escape closes it and the focus is back on the button.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();

  try {
    // Turned off while the page is open: the server's refusal, in the viewer's language.
    await setOwnRecord(false);
    await open.click();
    await expect(dialog.getByRole('alert')).toContainText('本直播间未开放保存个人记录');
    await expect(dialog.getByRole('link', { name: '下载 Markdown' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    // A page opened after it has no button.
    await page.reload();
    await expect(page.getByRole('button', { name: '设置', exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: '设备检测' })).toBeVisible();
    await expect(open).toHaveCount(0);
  } finally {
    await setOwnRecord(true);
  }
});
