import path from 'node:path';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Browser } from '@playwright/test';
import { startOwnServer, type OwnServer } from './support/ownServer';
import { test } from './support/splash';
import { enterAsGuest, guestContext } from './support/guest';

// Poster invitations (issue 14 item 5) against the reference server: the viewer's poster is
// drawn in the browser and downloads as a PNG whose QR code (read back with a QR decoding
// library, jsQR) is the invite URL; a new viewer who opens it moves the ranking, once; a
// poster that cannot be made says "poster generation failed".

const ROOM = '10001';
const JSQR = path.join(path.dirname(createRequire(import.meta.url).resolve('jsqr')), 'jsQR.js');

let server: OwnServer;

// eslint-disable-next-line no-empty-pattern -- Playwright reads a hook's fixtures from this pattern; it needs none.
test.beforeAll(async ({}, testInfo) => {
  test.setTimeout(120_000);
  server = await startOwnServer(5800 + testInfo.workerIndex);
});

test.afterAll(async () => server?.stop());

test.describe.configure({ timeout: 90_000 });

/** The QR code of a PNG, decoded by jsQR in a blank page of its own (the app's pages allow no injected script). */
async function qrOf(browser: Browser, png: Buffer): Promise<string | null> {
  const checker = await browser.newPage();
  try {
    await checker.addScriptTag({ path: JSQR });
    return await checker.evaluate(async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      const data = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
      const decode = (globalThis as unknown as { jsQR: (d: Uint8ClampedArray, w: number, h: number) => { data: string } | null }).jsQR;
      return decode(data.data, data.width, data.height)?.data ?? null;
    }, png.toString('base64'));
  } finally {
    await checker.close();
  }
}

test('the poster downloads as a PNG whose QR code is the invite URL; a new viewer through it moves the ranking, once', async ({ browser }) => {
  const inviter = await guestContext(browser, server.url);
  const page = await inviter.newPage();
  await enterAsGuest(page, ROOM);
  await page.getByRole('button', { name: '邀请' }).click();
  const dialog = page.getByRole('dialog', { name: '邀请好友观看' });
  await expect(dialog.getByRole('img', { name: '我的邀请海报' })).toBeVisible();
  await expect(dialog.locator('.poster-panel__mine')).toHaveText('你还没有上榜，分享海报邀请好友吧');

  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('link', { name: '下载海报' }).click()]);
  expect(download.suggestedFilename()).toBe(`poster-${ROOM}.png`);
  const png = readFileSync((await download.path())!);
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

  const url = await qrOf(browser, png);
  expect(url).toMatch(new RegExp(`^${server.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/live/login/${ROOM}\\?inviterId=[0-9A-Za-z_-]+$`));

  // A new viewer opens the invite URL and enters: the invite is recorded, once.
  const invitee = await guestContext(browser, server.url);
  const theirs = await invitee.newPage();
  await theirs.goto(url!);
  await theirs.getByRole('button', { name: '以游客身份进入' }).click();
  await expect(theirs).toHaveURL(new RegExp(`/live/video/${ROOM}$`));
  await theirs.getByRole('button', { name: '邀请' }).click();
  const theirRanking = theirs.getByRole('dialog', { name: '邀请好友观看' }).locator('.poster-rank');
  await expect(theirRanking.getByRole('listitem')).toHaveCount(1);
  await expect(theirRanking).toContainText('1 人');
  // Again through the same link, in the same browser: not counted twice.
  await theirs.goto(url!);
  await theirs.goto(`/live/video/${ROOM}`);
  await theirs.waitForTimeout(1000);

  await dialog.getByRole('button', { name: '关闭邀请海报' }).click();
  await page.getByRole('button', { name: '邀请' }).click();
  await expect(page.getByRole('dialog', { name: '邀请好友观看' }).locator('.poster-panel__mine')).toHaveText('我的排名：第 1 名，邀请 1 人');
  await expect(page.getByRole('dialog', { name: '邀请好友观看' }).locator('.poster-rank__row--mine')).toContainText('1 人');
  await invitee.close();
  await inviter.close();
});

test('a poster that cannot be made says so, and is made on retry', async ({ browser }) => {
  const context = await guestContext(browser, server.url);
  const page = await context.newPage();
  await enterAsGuest(page, ROOM);
  await page.route('**/commerce/v1/poster/create', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 200, msg: 'ok', data: { inviteUrl: 'javascript:alert(1)' } }) }));
  await page.getByRole('button', { name: '邀请' }).click();
  const dialog = page.getByRole('dialog', { name: '邀请好友观看' });
  await expect(dialog.getByRole('alert')).toContainText('海报生成失败。');
  await page.unroute('**/commerce/v1/poster/create');
  await dialog.getByRole('button', { name: '重试' }).click();
  await expect(dialog.getByRole('img', { name: '我的邀请海报' })).toBeVisible();
  await context.close();
});

test('a poster in my own words and colours (custom create): the words checked first, its own invite link, listed when the dialog opens again (custom list)', async ({ browser }) => {
  const context = await guestContext(browser, server.url);
  const page = await context.newPage();
  await enterAsGuest(page, ROOM);
  await page.getByRole('button', { name: '邀请' }).click();
  const dialog = page.getByRole('dialog', { name: '邀请好友观看' });
  await expect(dialog.getByRole('img', { name: '我的邀请海报' })).toBeVisible();
  // The copy line names the link copied (or to copy by hand, without clipboard permission),
  // once the copy is done: read it when it shows a link other than the one shown before.
  let shownBefore = '';
  const linkShown = async (): Promise<string> => {
    await dialog.getByRole('button', { name: '复制邀请链接' }).click();
    const read = async (): Promise<string> => {
      const said = (await dialog.locator('.poster-panel__invited').textContent()) ?? '';
      return said.includes('http') ? said.slice(said.indexOf('http')) : '';
    };
    await expect.poll(read).toMatch(/^http/);
    await expect.poll(read).not.toBe(shownBefore);
    shownBefore = await read();
    return shownBefore;
  };
  const roomLink = await linkShown();
  expect(roomLink).toContain('inviterId=');
  // The share is recorded with the room (interactive, type share), which counts the room's shares.
  await expect(dialog.locator('.poster-panel__shares')).toHaveText(/^本场直播已被分享 \d+ 次$/);
  const shares = Number((await dialog.locator('.poster-panel__shares').textContent())?.match(/\d+/)?.[0]);
  const own = dialog.getByRole('region', { name: '我的海报' });
  await own.getByRole('button', { name: '生成我的海报' }).click();
  await expect(own.getByRole('alert')).toHaveText('请填写海报标题');
  await own.getByRole('textbox', { name: '海报标题' }).fill('长'.repeat(41));
  await own.getByRole('button', { name: '生成我的海报' }).click();
  await expect(own.getByRole('alert')).toHaveText('海报标题最多 40 个字');
  await own.getByRole('textbox', { name: '海报标题' }).fill('我的分享会');
  await own.getByRole('textbox', { name: '一句话（可选）' }).fill('周五下午三点，不见不散');
  await own.getByRole('button', { name: '生成我的海报' }).click();
  const choices = own.getByRole('list', { name: '选择要分享的海报' });
  await expect(choices.getByRole('button', { name: '我的分享会' })).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.getByRole('img', { name: '我的邀请海报' })).toBeVisible();
  const ownLink = await linkShown();
  await expect(dialog.locator('.poster-panel__shares')).toHaveText(`本场直播已被分享 ${shares + 1} 次`);
  expect(ownLink).toContain('inviterId=');
  expect(ownLink).not.toBe(roomLink);

  // Opened again: the poster made before is offered, and the room's poster is one press away.
  await dialog.getByRole('button', { name: '关闭邀请海报' }).click();
  await page.getByRole('button', { name: '邀请' }).click();
  const again = page.getByRole('dialog', { name: '邀请好友观看' }).getByRole('list', { name: '选择要分享的海报' });
  await expect(again.getByRole('button', { name: '我的分享会' })).toHaveAttribute('aria-pressed', 'false');
  await expect(again.getByRole('button', { name: '直播间海报' })).toHaveAttribute('aria-pressed', 'true');
  await again.getByRole('button', { name: '我的分享会' }).click();
  await expect(again.getByRole('button', { name: '我的分享会' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('dialog', { name: '邀请好友观看' }).getByRole('img', { name: '我的邀请海报' })).toBeVisible();
  await context.close();
});
