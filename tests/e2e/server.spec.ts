import { expect } from '@playwright/test';
import { test } from './support/base';
import { E2E_ADMIN_TOKEN } from '../../playwright.config';

// The reference room server behind the browser tests: its demo rooms open in the client,
// and a page's socket speaks PROTOCOL 2 with it (login, join, a host message pushed live).

test('every seeded demo room opens on its guide page', async ({ page, request }) => {
  // Fourteen page loads: 28 s of the default 30 in a CI run on a loaded 2-core machine.
  test.setTimeout(60_000);
  const rooms = (await (await request.get('/admin/v1/rooms', { headers: { 'x-admin-token': E2E_ADMIN_TOKEN } })).json()) as {
    code: number;
    data: { rooms: { id: string }[] };
  };
  expect(rooms.code).toBe(200);
  const list = rooms.data.rooms;
  expect(list.length).toBeGreaterThanOrEqual(14);
  for (const { id } of list.slice(0, 14)) {
    await page.goto(`/live/login/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(id);
  }
});

test('the admin API refuses a request without the admin token', async ({ request }) => {
  const res = await request.post('/admin/v1/rooms/10001/say', { data: { text: 'hi', role: 'host' } });
  expect(res.status()).toBe(401);
});

test('a page logs in as a guest, joins the room over the socket and sees a host message live', async ({ page, request }) => {
  await page.goto('/live/login/10001');
  const joined = await page.evaluate(async () => {
    const res = await fetch('/ccp/monitor/v2/live_login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ webcastId: '10001', type: 'guest', name: 'e2e_viewer' }),
    });
    const login = (await res.json()) as { code: number; data: { sid: string; ws: string } };
    const ws = new WebSocket(login.data.ws);
    const frames: string[] = [];
    (window as unknown as { __frames: string[] }).__frames = frames;
    ws.onmessage = (e) => frames.push(String(e.data));
    await new Promise((resolve, reject) => {
      ws.onopen = resolve;
      ws.onerror = reject;
    });
    ws.send(`cmd:login\naid:100\nsid:${login.data.sid}\n\n{}`);
    ws.send(`code:7001\nseq:1\nmid:${'m'.repeat(32)}\n\n{"webcastId":"10001","offset":0}`);
    const deadline = Date.now() + 5000;
    while (!frames.some((f) => f.startsWith('code:7000')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    return { loginCode: login.code, frames: [...frames] };
  });
  expect(joined.loginCode).toBe(200);
  expect(joined.frames.some((f) => f.startsWith('code:1100') && f.includes('"status":200'))).toBe(true);
  expect(joined.frames.some((f) => f.startsWith('code:7000\nseq:1') && f.includes('"status":200'))).toBe(true);

  const text = `welcome ${Date.now()}`;
  const said = await request.post('/admin/v1/rooms/10001/say', {
    headers: { 'x-admin-token': E2E_ADMIN_TOKEN },
    data: { text, role: 'host' },
  });
  expect(((await said.json()) as { code: number }).code).toBe(200);
  await expect
    .poll(() => page.evaluate((t) => (window as unknown as { __frames: string[] }).__frames.some((f) => f.startsWith('code:7101') && f.includes(t)), text))
    .toBe(true);
});
