import { expect } from '@playwright/test';
import { test } from './support/splash';
import { enterAsGuest } from './support/guest';
import { startOwnServer, type OwnServer } from './support/ownServer';

// Error reporting (issue 39 item 2): the self-test page fails once in the page, once in the
// realtime worker and once in a render; the server's log, its table and /metrics show exactly
// those three reports, with the SPEC's app name and version label and no token in them.
// Against a server of this file's own: its reports and log are this test's alone.

let server: OwnServer;

test.beforeAll(async ({ browserName: _browserName }, testInfo) => {
  test.setTimeout(120_000);
  server = await startOwnServer(6300 + testInfo.workerIndex, { captureLog: true });
});

test.afterAll(async () => {
  await server.stop();
});

interface StoredReport {
  readonly kind: string;
  readonly app: string;
  readonly version: string;
  readonly message: string;
  readonly room: string | null;
}

test('a page, its worker and a render that fail are reported once each, without tokens', async ({ page }) => {
  test.setTimeout(90_000);
  const login = await enterAsGuest(page, '10001', server.url);
  await page.goto(`${server.url}/live/video/10001?reportSelfTest=1`);
  // The render error takes only its region: the page goes on.
  await expect(page.locator('[data-region-failed="self-test"]')).toContainText('这部分出错了');
  await expect(page.getByRole('region', { name: '直播播放器' })).toBeVisible();

  let reports: StoredReport[] = [];
  await expect
    .poll(
      async () => {
        reports = (await server.admin<{ list: StoredReport[] }>('/admin/v1/errors')).list;
        return reports.map((r) => r.kind).sort();
      },
      { timeout: 20_000 },
    )
    .toEqual(['error', 'render', 'worker']);
  // Nothing else arrives: the page flushes what waits when it goes away.
  await page.goto('about:blank');
  await page.waitForTimeout(1000);
  reports = (await server.admin<{ list: StoredReport[] }>('/admin/v1/errors')).list;
  expect(reports.map((r) => r.kind).sort()).toEqual(['error', 'render', 'worker']);
  for (const report of reports) expect(report).toMatchObject({ app: 'cloud_webcast', version: 'CLV_PC_WEB' });
  expect(reports.find((r) => r.kind === 'worker')?.message).toContain('an error in the realtime worker');
  expect(reports.find((r) => r.kind === 'render')?.room).toBe('10001');

  const lines = server
    .log()
    .split('\n')
    .filter((line) => line.includes('"type":"client_error"'));
  expect(lines).toHaveLength(3);
  for (const secret of [login.token, login.sid]) {
    expect(secret.length).toBeGreaterThan(8);
    expect(lines.join('\n')).not.toContain(secret);
    expect(JSON.stringify(reports)).not.toContain(secret);
  }
  const metrics = await (await fetch(`${server.url}/metrics`)).text();
  const counted = [...metrics.matchAll(/^webcast_client_errors_total\{kind="(\w+)"\} (\d+)$/gm)].map(([, kind, n]) => [kind, Number(n)]);
  expect(Object.fromEntries(counted)).toEqual({ error: 1, render: 1, worker: 1 });
});
