import { defineConfig } from '@playwright/test';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from './harness/chromium';

const DEFAULT_PORT = 4173;
const PORT = Number(process.env.E2E_PORT ?? DEFAULT_PORT);
/**
 * Browser tests side by side. Each worker has a reference server of its own (the next port,
 * its own data; tests reach it as `baseURL`, tests/e2e/support/base.ts), so a test's room
 * state, socket counts and bursts are never another test's: tests that start servers of
 * their own already take ports by worker. Two on the 2-core CI machine: one Chromium
 * leaves a third of the machine idle while its test waits on timers and the server (vmstat
 * over the interactions, groups and console files, 2026-11-29).
 */
const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
/** The shared reference servers' origins, one per worker (`parallelIndex`). */
export const E2E_SERVER_URLS = Array.from({ length: WORKERS }, (_, i) => `http://127.0.0.1:${PORT + i}`);
// Another port is another checkout's or developer's run side by side with this one: it gets
// a build and data directory of its own, so neither run rebuilds or wipes the other's.
const SUFFIX = PORT === DEFAULT_PORT ? '' : `-${PORT}`;
/** The reference servers' data for browser tests (recreated at every run; git-ignored): one folder per worker. */
const dataDir = (worker: number): string => `.e2e-data${SUFFIX}${worker === 0 ? '' : `-w${worker}`}`;
/** The client build the browser tests load; tests' own servers (support/ownServer.ts) serve it too. */
const CLIENT_DIR = SUFFIX === '' ? 'dist' : `dist-e2e${SUFFIX}`;
process.env.CLIENT_DIR = CLIENT_DIR;
/** Tests drive the host side (start/end live, say, ...) through the admin API with this. */
export const E2E_ADMIN_TOKEN = process.env.E2E_ADMIN_TOKEN ?? 'e2e-admin-token';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: WORKERS,
  retries: 0,
  // Per port too: a run's cleanup of its results must not delete another run's.
  outputDir: `test-results${SUFFIX}`,
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  timeout: 30_000,
  // The lag tests (chat-lag.spec.ts) judge how far behind a busy room a starved or hidden tab
  // falls: beside another worker's burst test on the 2-core machine the machine itself is
  // starved (a 6x-throttled tab held rows 1.27 s old, a tab shown again took 318 ms at the
  // median), so they run last, one at a time, once every other browser test has finished.
  projects: [
    { name: 'browser', testIgnore: /chat-lag\.spec\.ts/ },
    { name: 'quiet machine', testMatch: /chat-lag\.spec\.ts/, dependencies: ['browser'], fullyParallel: false },
  ],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // Recording a trace costs every test about a fifth of its time on the 2-core CI machine
    // (room-info + goods: 51 s with, 42 s without, 2026-11-28), which the 25-minute budget
    // cannot spare: CI keeps the failure's screenshot and page snapshot; local runs keep
    // traces for the failures they see.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  // Browser tests run against the real reference room server (built client included),
  // on a fresh DATA_DIR each run so the demo rooms start seeded and untouched.
  // Playwright starts these in order and waits for each to answer: the first builds the
  // client the others serve.
  webServer: E2E_SERVER_URLS.map((url, worker) => ({
    command: `rm -rf ${dataDir(worker)} && ${worker === 0 ? `npx vite build --outDir ${CLIENT_DIR} --emptyOutDir && ` : ''}npx tsx server/main.ts`,
    // A minute of live rewind (the test of it needs 20 s): the default five minutes would have
    // every playing page re-read a 150-segment playlist every 2 s through the whole run.
    env: { PORT: String(PORT + worker), HOST: '127.0.0.1', DATA_DIR: dataDir(worker), ADMIN_TOKEN: E2E_ADMIN_TOKEN, CLIENT_DIR, LIVE_REWIND_SECONDS: '60' },
    url: `${url}/healthz`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: 'ignore' as const,
  })),
});
