import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page } from '@playwright/test';
import { test } from './support/base';
import { startOwnServer, type OwnServer } from './support/ownServer';

// Issue 19 item 2: the viewer's pages may be framed only by the sites config.js allows
// (allowedOrigins), so a page on another site cannot put the viewer, pay buttons and all,
// under a decoy (clickjacking). A framing page of the test's own, on another origin
// (another port), tries it against the shared server (no site allowed) and against a
// server of this file whose config.js allows that origin, which shows the frame would load.

let framer: Server;
let framerOrigin = '';
let viewerUrl = '';

test.beforeAll(async () => {
  framer = createServer((request, response) => {
    const target = new URL(request.url ?? '/', 'http://x').searchParams.get('src') ?? '';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><title>portal</title><h1>Portal</h1><iframe id="viewer" width="800" height="600" src="${encodeURI(target)}"></iframe>`);
  });
  await new Promise<void>((resolve) => framer.listen(0, '127.0.0.1', resolve));
  framerOrigin = `http://127.0.0.1:${(framer.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => framer.close(resolve));
});

/**
 * Opens the portal page framing `src` and answers whether the viewer's app came up inside
 * (true) or Chromium refused the frame for its frame-ancestors (false), whichever is first.
 */
async function viewerLoadsInFrame(page: Page, src: string): Promise<boolean> {
  const refused = page
    .waitForEvent('console', { predicate: (message) => /frame-ancestors/.test(message.text()), timeout: 20_000 })
    .then(() => false);
  await page.goto(`${framerOrigin}/?src=${encodeURIComponent(src)}`);
  const loaded = page
    .frameLocator('#viewer')
    .locator('#root > *')
    .first()
    .waitFor({ timeout: 20_000 })
    .then(() => true);
  const first = await Promise.race([refused, loaded]);
  // Whichever lost may still be waiting: its timeout must not fail the test later.
  refused.catch(() => undefined);
  loaded.catch(() => undefined);
  return first;
}

test('a page on a site config.js does not allow cannot frame the viewer', async ({ page, baseURL }) => {
  viewerUrl = `${baseURL}/live/login/10001`;
  expect(await viewerLoadsInFrame(page, viewerUrl)).toBe(false);
  // The same page opened by itself loads: the refusal is the framing, not the page.
  await page.goto(viewerUrl);
  await expect(page.locator('#root > *').first()).toBeVisible();
});

test.describe('a site config.js allows', () => {
  let server: OwnServer;
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a hook's fixtures from this pattern; it needs none.
  test.beforeAll(async ({}, testInfo) => {
    server = await startOwnServer(5100 + testInfo.workerIndex, {
      clientConfig: (script) => script.replace('allowedOrigins: []', `allowedOrigins: [${JSON.stringify(framerOrigin)}]`),
    });
  });
  test.afterAll(async () => server?.stop());

  test('frames the viewer', async ({ page }) => {
    const res = await fetch(`${server.url}/config.js`);
    expect(await res.text()).toContain(framerOrigin);
    expect(res.headers.get('content-security-policy')).toContain(`frame-ancestors 'self' ${framerOrigin}`);
    expect(await viewerLoadsInFrame(page, `${server.url}/live/login/10001`)).toBe(true);
  });
});
