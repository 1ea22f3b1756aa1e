import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type FrameLocator, type Page } from '@playwright/test';
import { test } from './support/splash';
import { startOwnServer, type OwnServer } from './support/ownServer';

// Embedding in a portal (issue 12 item 8): the sample portal the reference server serves
// (/embed/index.html) frames the viewer from another origin its config.js allows, drives it
// (pause, play, language) and reads what it reports; the same messages from a page on an
// origin config.js does not allow change nothing.

let server: OwnServer;
let port = 0;
let attacker: Server;
let attackerOrigin = '';

test.beforeEach(async ({ browserName: _browserName }, testInfo) => {
  test.setTimeout(90_000);
  port = 4740 + testInfo.workerIndex;
  server = await startOwnServer(port, {
    clientConfig: (js) => js.replace(/allowedOrigins:\s*\[\]/, `allowedOrigins: ['http://localhost:${port}']`),
  });
  attacker = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>elsewhere</title><h1>Another site</h1>');
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerOrigin = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
});

test.afterEach(async () => {
  await server.stop();
  await new Promise((resolve) => attacker.close(resolve));
});

const portalUrl = () => `http://localhost:${port}/embed/index.html`;
const viewer = (page: Page): FrameLocator => page.frameLocator('#viewer');
const reported = (page: Page, type: string) => page.locator(`#log li[data-type="${type}"]`);
const lastPlayerState = async (page: Page) => JSON.parse((await reported(page, 'playerState').last().textContent()) ?? '{}') as { paused?: boolean; phase?: string };

test('the sample portal drives the framed viewer and reads what it reports', async ({ page }) => {
  await page.goto(portalUrl());
  await expect(reported(page, 'ready').first()).toContainText('/live/login/10001');
  await viewer(page).getByRole('button', { name: '以游客身份进入' }).click();
  await expect(reported(page, 'entered')).toContainText('"roomId":"10001"');
  await expect(reported(page, 'liveStatus')).toContainText('"status":2');
  await expect.poll(async () => (await lastPlayerState(page)).phase, { timeout: 20_000 }).toBe('playing');

  const video = viewer(page).locator('video');
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  await expect.poll(async () => (await lastPlayerState(page)).paused).toBe(true);
  await page.getByRole('button', { name: 'Play' }).click();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);

  await page.getByLabel('Language').selectOption('en_us');
  await expect(viewer(page).getByRole('tab', { name: 'Chat' })).toBeVisible();
});

test('a page on an origin config.js does not allow changes nothing', async ({ page, context }) => {
  await page.goto(`${attackerOrigin}/`);
  // The other site gets hold of the portal's window, and through it the viewer's frame.
  const [portal] = await Promise.all([context.waitForEvent('page'), page.evaluate((url) => void window.open(url, 'portal'), portalUrl())]);
  await viewer(portal).getByRole('button', { name: '以游客身份进入' }).click();
  await expect.poll(async () => (await lastPlayerState(portal)).phase, { timeout: 20_000 }).toBe('playing');

  const warnings: string[] = [];
  portal.on('console', (message) => warnings.push(message.text()));
  await page.evaluate(() => {
    const framed = window.open('', 'portal')?.frames[0];
    for (const data of [{ source: 'webcast-host', type: 'pause' }, { source: 'webcast-host', type: 'setLocale', locale: 'en_us' }]) framed?.postMessage(data, '*');
  });
  await portal.waitForTimeout(1500);
  const video = viewer(portal).locator('video');
  expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
  await expect(viewer(portal).getByRole('tab', { name: '聊天' })).toBeVisible();

  // Bad messages from the allowed portal are logged and ignored, never thrown.
  await portal.evaluate(() => {
    const frame = (document.getElementById('viewer') as HTMLIFrameElement).contentWindow;
    const origin = new URL((document.getElementById('viewer') as HTMLIFrameElement).src).origin;
    for (const data of [{ source: 'webcast-host', type: 'eval', code: 'alert(1)' }, { source: 'webcast-host', type: 'setLocale', locale: 'xx' }, 'pause', null]) frame?.postMessage(data, origin);
  });
  await expect.poll(() => warnings.filter((w) => w.includes('embed: a message')).length).toBeGreaterThanOrEqual(2);
  expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
  await expect(viewer(portal).getByRole('tab', { name: '聊天' })).toBeVisible();
});
