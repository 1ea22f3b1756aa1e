import { expect } from '@playwright/test';
import { startOwnServer, type OwnServer } from './support/ownServer';
import { test } from './support/splash';
import { enterAsGuest, guestContext, joinedRoom } from './support/guest';

// A screen reader in a busy room (issue 37 item 2): over a 2,000/s burst the announcer says
// at most one line every 2 s: the host's messages (the newest named, the others counted
// with it), a red packet that starts (before them), the messages skipped, never the
// torrent; on request, how many came since the viewer asked.
// A server of its own: the red packet stays in its room.

const ROOM = '10001';

let server: OwnServer;

test.beforeAll(async ({ browserName: _browserName }, testInfo) => {
  test.setTimeout(120_000);
  server = await startOwnServer(6500 + testInfo.workerIndex);
});

test.afterAll(async () => server?.stop());

test('over a 2,000/s burst: one line at most every 2 s, every host message and the red packet said, the skipped summed up, the count on request', async ({ browser }) => {
  test.setTimeout(60_000);
  const context = await guestContext(browser, server.url);
  const page = await context.newPage();
  await enterAsGuest(page, ROOM);
  await joinedRoom(page, ROOM);
  const announcer = page.getByTestId('chat-announcer');
  await expect(announcer).toHaveAttribute('aria-live', 'polite');
  // Every line the region says, with when.
  await page.evaluate(() => {
    const region = document.querySelector('[data-testid="chat-announcer"]')!;
    const said: { at: number; text: string }[] = [];
    (globalThis as { __said?: typeof said }).__said = said;
    new MutationObserver(() => {
      const text = region.textContent ?? '';
      if (text !== '') said.push({ at: performance.now(), text });
    }).observe(region, { childList: true, characterData: true, subtree: true });
  });

  const pause = (ms: number) => page.waitForTimeout(ms);
  await server.admin(`/admin/v1/rooms/${ROOM}/burst`, { rate: 2000, seconds: 5, users: 50 });
  await pause(500);
  await server.admin(`/admin/v1/rooms/${ROOM}/say`, { text: 'first host line', role: 'host' });
  await pause(1000);
  await server.admin(`/admin/v1/rooms/${ROOM}/redpacket/send`, { total: '1.00', count: 2, title: 'thanks' });
  await pause(1000);
  await server.admin(`/admin/v1/rooms/${ROOM}/say`, { text: 'second host line', role: 'host' });
  await pause(7000);

  const said = await page.evaluate(() => (globalThis as { __said?: { at: number; text: string }[] }).__said ?? []);
  const texts = said.map((line) => line.text);
  // Each host line said: by name, or counted with the next one in the same round.
  const second = texts.find((text) => text.includes('second host line')) ?? '';
  expect(second, texts.join(' | ')).not.toBe('');
  expect(texts.some((text) => text.includes('first host line')) || second.includes('（另有 1 条重要消息）'), texts.join(' | ')).toBe(true);
  expect(texts).toContain('主持人发了红包');
  expect(texts.some((text) => /^消息过多，略过了 \d+ 条消息$/.test(text)), texts.join(' | ')).toBe(true);
  // Not a torrent: a few lines, each at least the interval after the one before.
  expect(said.length).toBeLessThanOrEqual(8);
  for (let i = 1; i < said.length; i++) expect(said[i]!.at - said[i - 1]!.at).toBeGreaterThanOrEqual(1900);

  // On request: the keyboard's first stop in the chat says how many came since last asked.
  const ask = page.getByRole('button', { name: '朗读新消息数' });
  await ask.focus();
  await expect(ask).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(announcer).toHaveText(/^自上次询问以来有 \d+ 条新消息$/);
  const count = Number((await announcer.textContent())?.match(/\d+/)?.[0]);
  expect(count).toBeGreaterThanOrEqual(5000);
  await page.keyboard.press('Enter');
  await expect(announcer).toHaveText('自上次询问以来有 0 条新消息');
  await context.close();
});
