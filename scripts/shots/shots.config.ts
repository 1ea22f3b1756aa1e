/**
 * `npm run shots` (issue 42 item 5): the product's main screens at 1280x800, 1920x1080 and
 * 390x844, light and dark, drawn by Debian's Chromium against a reference server of its own,
 * into reports/shots/ with an index.html that puts them side by side. Not part of `npm test`:
 * it proves nothing, it is for looking (docs/design.md says what to compare them with).
 */
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../harness/chromium';

export default defineConfig({
  testDir: '.',
  testMatch: 'shots.spec.ts',
  timeout: 300_000,
  workers: 1,
  reporter: 'list',
  outputDir: '../../test-results-shots',
  use: { launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } },
});
