import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { markSplashSeen } from '../../harness/splash';
import { ROOT } from '../../harness/report';
import { buildClient, startBenchServer, type BenchServer } from '../../harness/serverProcess';

// The screens of `npm run shots`, in the order a viewer meets them (shots.config.ts).

const OUT = path.join(ROOT, 'reports', 'shots');
const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'wide', width: 1920, height: 1080 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const THEMES = ['light', 'dark'] as const;
const LIVE_ROOM = '10001';
const REPLAY_ROOM = '10015';

/** Every shot taken: state -> column (size and theme) -> file. */
const taken = new Map<string, Map<string, string>>();

let server: BenchServer;
let clientDir = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  fs.rmSync(OUT, { recursive: true, force: true });
  fs.mkdirSync(OUT, { recursive: true });
  clientDir = buildClient(() => undefined);
  server = await startBenchServer(clientDir);
});

test.afterAll(async () => {
  await server?.stop();
  if (clientDir !== '') fs.rmSync(clientDir, { recursive: true, force: true });
  writeIndex();
});

async function viewer(browser: Browser, size: (typeof SIZES)[number], theme: (typeof THEMES)[number]): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: size.width, height: size.height }, colorScheme: theme, reducedMotion: 'reduce' });
  await markSplashSeen(context);
  return context.newPage();
}

async function shoot(page: Page, state: string, column: string): Promise<void> {
  // Fades and the chat's entrance settle first (reduced motion ends most of them at once).
  await page.waitForTimeout(400);
  const file = `${state}-${column}.png`;
  await page.screenshot({ path: path.join(OUT, file) });
  const row = taken.get(state) ?? new Map<string, string>();
  row.set(column, file);
  taken.set(state, row);
}

for (const size of SIZES) {
  for (const theme of THEMES) {
    const column = `${size.name}-${theme}`;
    test(`${size.width}x${size.height} ${theme}`, async ({ browser }) => {
      const page = await viewer(browser, size, theme);
      await page.goto(`/live/login/${LIVE_ROOM}`);
      await expect(page.getByRole('button', { name: '以游客身份进入' })).toBeVisible();
      await shoot(page, '01-guide', column);
      await page.getByRole('button', { name: '以游客身份进入' }).click();
      await expect(page.getByRole('textbox', { name: '消息', exact: true })).toBeEnabled({ timeout: 15_000 });
      const welcome = `Welcome, everyone: the keynote starts in a minute (${column}).`;
      await server.admin(`/admin/v1/rooms/${LIVE_ROOM}/say`, { text: welcome, role: 'host' });
      await expect(page.getByRole('log').getByText(welcome)).toBeVisible();
      await shoot(page, '02-live', column);

      // Issue 38: the control bar with the latency, the settings (delay targets, ways of
      // watching), chat only, and the calm line of a network gone.
      const player = page.getByRole('region', { name: '直播播放器' });
      await expect(player).toHaveAttribute('data-phase', 'playing', { timeout: 15_000 });
      await player.hover();
      // The bar's latency readout gives its room to the controls on a phone.
      if (size.width > 519) await expect(page.getByTestId('player-latency-readout')).toBeVisible({ timeout: 10_000 });
      await player.getByRole('button', { name: '播放设置' }).click();
      await shoot(page, '02a-settings', column);
      await page.getByRole('menuitemradio', { name: '观看方式: 仅看聊天' }).click();
      await expect(player).toHaveAttribute('data-watch-mode', 'chat');
      await shoot(page, '02b-chat-only', column);
      await player.getByRole('button', { name: '恢复视频' }).click();
      await expect(player).toHaveAttribute('data-phase', 'playing', { timeout: 15_000 });
      await page.route('**/media/**', (route) => route.abort('internetdisconnected'));
      await player.hover();
      await player.getByRole('button', { name: /清晰度/ }).click();
      await page.getByRole('menuitemradio', { name: '标清' }).click();
      await expect(page.getByTestId('player-status-line')).toBeVisible({ timeout: 15_000 });
      await shoot(page, '02c-offline', column);
      await page.unroute('**/media/**');
      await expect(player).toHaveAttribute('data-phase', 'playing', { timeout: 15_000 });
      // Live rewind: 20 s behind, the bar says by how much and offers "back to live".
      const rewind = player.getByRole('slider', { name: '直播回看' });
      // The bar shows while the pointer moves; the window grows from the server's start.
      await expect(async () => {
        await player.hover({ position: { x: 40, y: 40 } });
        await player.hover({ position: { x: 60, y: 60 } });
        await expect(rewind).toBeVisible({ timeout: 1000 });
      }).toPass({ timeout: 40_000 });
      await rewind.evaluate((input: HTMLInputElement) => {
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
        setter?.call(input, String(Number(input.max) - 20));
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
      await player.hover({ position: { x: 20, y: 20 } });
      await expect(player.getByRole('button', { name: '回到直播' })).toBeVisible({ timeout: 10_000 });
      await shoot(page, '02d-rewind', column);
      await player.getByRole('button', { name: '回到直播' }).click();

      // Each time-limited interaction as it arrives, alone, then the tray with all of them.
      const arrivals: [string, string, unknown, string][] = [
        ['03-rollcall', 'rollcall/start', { seconds: 60 }, 'rollCall'],
        ['04-quiz', 'paper/publish', { kind: 'quiz' }, 'paper'],
        ['05-lottery', 'lottery/start', {}, 'lottery'],
        ['06-redpacket', 'redpacket/send', {}, 'redpacket'],
      ];
      for (const [state, call, body, name] of arrivals) {
        await server.admin(`/admin/v1/rooms/${LIVE_ROOM}/${call}`, body);
        const card = page.locator(`[data-interaction="${name}"]`);
        await expect(card).toBeVisible({ timeout: 10_000 });
        await shoot(page, state, column);
        await card.getByRole('button', { name: /关闭/ }).click();
      }
      await page.getByRole('button', { name: /^本场互动/ }).click();
      await expect(page.getByRole('dialog', { name: '本场互动' })).toBeVisible();
      await shoot(page, '07-tray', column);
      await page.keyboard.press('Escape');
      if (size.name === 'phone') {
        await page.getByRole('button', { name: '更多' }).click();
        await shoot(page, '08-more', column);
      }
      // The host ends the lottery: its results wait in the tray.
      await server.admin(`/admin/v1/rooms/${LIVE_ROOM}/lottery/end`, {});

      await page.goto(`/live/login/${REPLAY_ROOM}`);
      await page.getByRole('button', { name: '以游客身份进入' }).click();
      await expect(page.locator('.player')).toHaveAttribute('data-mode', 'replay', { timeout: 15_000 });
      await shoot(page, '09-replay', column);

      const console = await viewer(browser, size, theme);
      await console.goto(`/live/meetLive/${LIVE_ROOM}`);
      const login = console.getByRole('form', { name: '主持人或助理登录' });
      await login.getByRole('textbox', { name: '账号' }).fill(`host${LIVE_ROOM}`);
      await login.getByLabel('密码').fill('host123');
      await login.getByRole('button', { name: '登录控制台' }).click();
      await expect(console.getByRole('button', { name: '开放连麦申请' })).toBeVisible({ timeout: 15_000 });
      await shoot(console, '10-console', column);
      await console.context().close();
      await page.context().close();
    });
  }
}

function writeIndex(): void {
  const columns = SIZES.flatMap((size) => THEMES.map((theme) => `${size.name}-${theme}`));
  const rows = [...taken.keys()].sort();
  const cell = (file: string | undefined) => (file === undefined ? '<td></td>' : `<td><a href="${file}"><img src="${file}" loading="lazy" alt="${file}"></a></td>`);
  const html = `<!doctype html>
<meta charset="utf-8">
<title>Webcast viewer: screens</title>
<style>body{font:14px system-ui;margin:16px}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px;vertical-align:top}img{width:280px;display:block}th{position:sticky;top:0;background:#fff}</style>
<h1>Screens (npm run shots, ${new Date().toISOString()})</h1>
<table><tr><th>state</th>${columns.map((c) => `<th>${c}</th>`).join('')}</tr>
${rows.map((row) => `<tr><th>${row}</th>${columns.map((c) => cell(taken.get(row)?.get(c))).join('')}</tr>`).join('\n')}
</table>`;
  fs.writeFileSync(path.join(OUT, 'index.html'), html);
}
