import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:8090';
const admin = async (p, body) => (await (await fetch(base + p, { method: 'POST', headers: { 'x-admin-token': 'shot', 'content-type': 'application/json' }, body: JSON.stringify(body) })).json());
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
await ctx.addInitScript(() => sessionStorage.setItem('webcast.splash.seen.10001','1'));
const page = await ctx.newPage();
await page.goto(base + '/live/login/10001');
await page.getByRole('button', { name: '以游客身份进入' }).click();
await page.waitForURL(/video/);
await page.waitForTimeout(2000);
const diag = () => page.evaluate(() => { const s = globalThis.__webcastRealtime.snapshot(); const r = s.rooms['10001']; return { t: Math.round(performance.now()/1000), conn: s.connection.state + s.connection.attempt, n: r.offsets.length, first: r.offsets[0], last: r.offsets.at(-1), notShown: r.notShown, sync: r.sync, gaps: r.gaps }; });
const uid = await page.evaluate(() => JSON.parse(localStorage.getItem('webcast.login.10001')).userId);
await admin(`/admin/v1/rooms/10001/users/${uid}/drop`, { seconds: 24 });
await admin(`/admin/v1/rooms/10001/burst`, { rate: 200, seconds: 15 });
for (let i = 0; i < 30; i++) { await page.waitForTimeout(1000); const d = await diag(); if (d.sync.gapsFilled) break; }
await page.waitForTimeout(1000);
const sc = page.locator('.chat-list__scroller');
await sc.focus();
await sc.press('Home');
for (let i = 0; i < 25; i++) { await page.waitForTimeout(200); console.log(i, await page.locator('.chat-gap').count(), await page.locator('.chat-list').getAttribute('data-at-bottom'), await sc.evaluate((el) => [el.scrollTop, el.scrollHeight])); }
await browser.close();
