import { expect } from '@playwright/test';
import { test } from './support/base';
import { enterAsGuest, guestContext } from './support/guest';
import { startOwnServer, type OwnServer } from './support/ownServer';

// Issue 35, as a person meets it, on a server of this file's own behind a "proxy" it trusts
// (TRUST_PROXY=loopback), so that a farm of addresses can be sent from one machine:
//
// - a guessing farm of 30 addresses (10 wrong watch passwords each, the probe's attack)
//   cannot close the password room: a viewer with the right password enters while it runs,
//   and the host's console says that someone is guessing;
// - a viewer who sends chat faster than the room takes it is told why the message did not go.

let server: OwnServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browserName: _browserName }, testInfo) => {
  test.setTimeout(120_000);
  server = await startOwnServer(6400 + testInfo.workerIndex, { env: { TRUST_PROXY: 'loopback' } });
});

test.afterAll(async () => {
  await server.stop();
});

const PASSWORD_ROOM = '10002';

/** One wrong watch password from `address` (as the deployment's proxy names it): the answer's code. */
async function wrongGuess(address: string, guess: string): Promise<number> {
  const response = await fetch(`${server.url}/ccp/monitor/v2/clv/sign/password/check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ webcastId: PASSWORD_ROOM, password: guess }),
  });
  return ((await response.json()) as { code: number }).code;
}

test('a guessing farm of 30 addresses cannot close the password room: the right password enters, and the console says someone is guessing', async ({ browser }) => {
  // Its steps wait up to 15 s each (the tick, the entry, the console's alarm) behind 330
  // guesses: 30 s for all of them was less than their sum, and a slow CI machine (every step
  // of the 2026-12-02 run 1.7x its usual time) ran out on the way to the video page.
  test.setTimeout(75_000);
  const farm = Array.from({ length: 30 }, (_, a) => Array.from({ length: 10 }, (_, i) => wrongGuess(`198.51.100.${a + 1}`, `9${String(a).padStart(2, '0')}${i}00`)));
  const codes = await Promise.all(farm.flat());
  // Every guess is answered: wrong (4103) or "wait" (4203, the farm slowed down), never anything else.
  expect(codes.every((c) => c === 4103 || c === 4203)).toBe(true);
  expect(codes.filter((c) => c === 4103).length).toBeGreaterThanOrEqual(200);
  const alarm = await server.admin<{ password: { active: boolean; guessers: number } }>(`/admin/v1/rooms/${PASSWORD_ROOM}/guessing`);
  expect(alarm.password).toMatchObject({ active: true, guessers: 30 });

  // A viewer who knows the password enters, while the farm keeps guessing.
  const still = Promise.all(Array.from({ length: 30 }, (_, a) => wrongGuess(`198.51.100.${a + 1}`, '999999')));
  const viewer = await (await guestContext(browser, server.url)).newPage();
  await viewer.goto(`/live/login/${PASSWORD_ROOM}`);
  // The farm keeps the server and the machine busy while the page loads: a tick that did not
  // stick is tried again (the CI run of 2026-11-29 met one, cause not found: see the note).
  const consent = viewer.getByRole('checkbox', { name: '我已阅读并同意隐私协议' });
  await expect(async () => {
    await consent.check({ timeout: 2_000 });
    await expect(consent).toBeChecked({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
  const form = viewer.getByRole('form', { name: '观看密码' });
  await form.getByLabel('请输入观看密码').fill('123456');
  await form.getByRole('button', { name: '进入直播间' }).click();
  await expect(viewer).toHaveURL(new RegExp(`/live/video/${PASSWORD_ROOM}$`), { timeout: 15_000 });
  expect((await still).every((c) => c === 4103 || c === 4203)).toBe(true);
  await viewer.context().close();

  // The host's console tells them, under its bar, where they look first.
  const host = await (await browser.newContext({ baseURL: server.url })).newPage();
  await host.goto(`/live/meetLive/${PASSWORD_ROOM}`);
  const login = host.getByRole('form', { name: '主持人或助理登录' });
  await login.getByRole('textbox', { name: '账号' }).fill(`host${PASSWORD_ROOM}`);
  await login.getByLabel('密码').fill('host123');
  await login.getByRole('button', { name: '登录控制台' }).click();
  const warning = host.locator('.console__alarm');
  await expect(warning).toContainText('有人在猜测观看密码', { timeout: 15_000 });
  await expect(warning).toContainText('来自 30 个地址');
  await expect(warning).toContainText('持有正确密码的观众照常进入');
  await host.context().close();
});

test('a viewer who sends faster than the room takes is told why, and the refused message is not shown', async ({ browser }) => {
  const page = await (await guestContext(browser, server.url)).newPage();
  await enterAsGuest(page, '10001');
  const composer = page.getByRole('textbox', { name: '消息' });
  await expect(composer).toBeEnabled({ timeout: 15_000 });
  const chat = page.getByRole('region', { name: '聊天' });
  const feedback = chat.locator('.chat-composer__feedback');
  let refused: string | null = null;
  for (let i = 0; i < 15 && refused === null; i++) {
    const text = `quick ${i} ${Date.now()}`;
    await composer.fill(text);
    await composer.press('Enter');
    // Sent (the composer empties) or refused (the reason shows and the text stays to send again).
    await expect.poll(async () => (await feedback.count()) > 0 || (await composer.inputValue()) === '').toBe(true);
    if ((await feedback.count()) > 0) refused = text;
  }
  expect(refused, 'one of 15 quick messages is refused').not.toBeNull();
  await expect(feedback).toHaveText('请求过于频繁，请稍候');
  await expect(feedback).toHaveAttribute('role', 'alert');
  await expect(chat.locator('article[data-mine="true"]').filter({ hasText: refused! })).toHaveCount(0);
  await page.context().close();
});
