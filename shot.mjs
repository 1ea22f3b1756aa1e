import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:4300';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
for (const [w, h, tag] of [[1280, 800, 'desk'], [390, 844, 'phone']]) {
  const context = await browser.newContext({ viewport: { width: w, height: h } });
  await context.addInitScript(() => { try { localStorage.setItem('webcast.splash.seen', '1'); } catch {} });
  const page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log('console', m.type(), m.text()); });
  await page.goto(`${base}/live/login/10015`);
  await page.getByRole('button', { name: '以游客身份进入' }).click();
  await page.waitForURL(/live\/video\/10015/);
  await page.waitForSelector('video.player__video');
  await page.waitForTimeout(2500);
  const seek = (s) => page.locator('video.player__video').evaluate((v, s) => { v.pause(); v.currentTime = s; }, s);
  for (const s of [40, 85, 185, 280]) {
    await seek(s);
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/work/shots/${tag}-at${s}.png`, fullPage: false });
  }
  const tab = page.getByRole('tab', { name: '回放目录' });
  if (await tab.count()) {
    await tab.click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/work/shots/${tag}-chapters.png` });
    await page.getByRole('button', { name: '文字稿' }).click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/work/shots/${tag}-transcript.png` });
    await page.getByRole('searchbox').fill('回放');
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/work/shots/${tag}-search.png` });
  } else console.log('no replay tab', tag);
  await context.close();
}
await browser.close();
