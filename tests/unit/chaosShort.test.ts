/**
 * The chaos suite's short versions (issue 17; `npm run chaos -- --short`): each scenario at
 * small sizes against a reference server process of its own, failing on any failed try or
 * check (a crash, an undocumented answer, a credential that works where it must not).
 * Runs in the `test:bench-smoke` step (it starts servers; see vite.config.ts). Writes
 * nothing to docs/reliability.md.
 */
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { RELIABILITY_FILE, runChaos } from '../../chaos/run';
import { releaseSharedClient } from '../../chaos/lib/server';
import { passed } from '../../chaos/lib/scenario';
import { CHROMIUM_PATH as CHROMIUM } from '../../harness/chromium';

const mtime = (file: string): number | null => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : null);

/** Runs one scenario's short version; every failed row, check and example is in the assertion's message. */
async function expectShortPasses(name: string, minimumTries: number): Promise<void> {
  const before = mtime(RELIABILITY_FILE);
  // One client build for the file's scenarios (chaos/lib/server.ts), removed after them.
  const [report] = await runChaos([name], { short: true, write: false, log: () => undefined, keepClient: true });
  expect(report).toBeDefined();
  const failedRows = report!.rows.filter((r) => r.failed > 0).map((r) => `${r.what}: ${r.failed} of ${r.tried} (${r.seen})`);
  const failedChecks = report!.checks.filter((c) => !c.ok).map((c) => `${c.what}: ${c.figure}`);
  expect([...failedRows, ...failedChecks, ...report!.examples]).toEqual([]);
  expect(passed(report!)).toBe(true);
  expect(report!.rows.reduce((a, r) => a + r.tried, 0)).toBeGreaterThanOrEqual(minimumTries);
  expect(mtime(RELIABILITY_FILE)).toBe(before);
}

describe('chaos suite, short versions', () => {
  afterAll(releaseSharedClient);

  it('malformed input: the server stays up, bounded, and answers each input as documented', { timeout: 240_000 }, async () => {
    await expectShortPasses('malformed', 1100);
  });

  it('access: tokens across rooms and after logout, the admin API, password guessing', { timeout: 240_000 }, async () => {
    await expectShortPasses('access', 300);
  });

  it('abuse: a guessing farm never refuses the right password; slow bodies closed; the directory closed to strangers; floods, foreign pictures, a kick in an office, the smaller ones', { timeout: 240_000 }, async () => {
    await expectShortPasses('abuse', 1100);
  });

  it('money: one intent retried at once is one charge, distinct intents are one each, a lost answer resolves by its key', { timeout: 240_000 }, async () => {
    await expectShortPasses('money', 200);
  });

  it('crash: what the server acknowledged before SIGKILL is there after a restart on the same data', { timeout: 240_000 }, async () => {
    await expectShortPasses('crash', 100);
  });

  it.skipIf(!fs.existsSync(CHROMIUM))('origins: messages to the viewer from other origins change nothing, the allowed portal is heard', { timeout: 240_000 }, async () => {
    await expectShortPasses('origins', 12);
  });

  it.skipIf(!fs.existsSync(CHROMIUM))('hostile content: no payload runs, becomes markup, renders a non-http(s) URL, breaks the layout or the direction', { timeout: 240_000 }, async () => {
    await expectShortPasses('hostile', 150);
  });

  it.skipIf(!fs.existsSync(CHROMIUM))('socket cuts, delays and fragments: what the tab got is each message once, in order, or marked not shown; none lost', { timeout: 240_000 }, async () => {
    await expectShortPasses('cuts', 1000);
  });

  it.skipIf(!fs.existsSync(CHROMIUM))('offline past the history window: the hole is filled or marked, the state reloaded, the viewer told', { timeout: 240_000 }, async () => {
    await expectShortPasses('offline', 1000);
  });

  it.skipIf(!fs.existsSync(CHROMIUM))('tab churn: one socket at most, every open tab updated, the socket closed after the last tab', { timeout: 240_000 }, async () => {
    await expectShortPasses('churn', 3);
  });
});
