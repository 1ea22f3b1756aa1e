// Prints one closing line per runner, "<runner>: N passed, N failed, N skipped", from the
// JSON reports that vitest and Playwright write (see vite.config.ts, playwright.config.ts).
// CI reads these lines; a missing report is itself a failure.
import fs from 'node:fs';

function read(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

let failedAny = false;

const vitest = read('reports/vitest.json');
if (vitest) {
  const skipped = (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  console.log(`vitest: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed, ${skipped} skipped`);
  failedAny ||= vitest.numFailedTests > 0 || vitest.numPassedTests === 0;
} else {
  console.log('vitest: no report (reports/vitest.json)');
  failedAny = true;
}

const bench = read('reports/vitest-bench.json');
if (bench) {
  const skipped = (bench.numPendingTests ?? 0) + (bench.numTodoTests ?? 0);
  console.log(`vitest (benchmark smoke): ${bench.numPassedTests} passed, ${bench.numFailedTests} failed, ${skipped} skipped`);
  failedAny ||= bench.numFailedTests > 0 || bench.numPassedTests === 0;
} else {
  console.log('vitest (benchmark smoke): no report (reports/vitest-bench.json)');
  failedAny = true;
}

const postgres = read('reports/vitest-postgres.json');
if (postgres) {
  const skipped = (postgres.numPendingTests ?? 0) + (postgres.numTodoTests ?? 0);
  console.log(`vitest (server on PostgreSQL): ${postgres.numPassedTests} passed, ${postgres.numFailedTests} failed, ${skipped} skipped`);
  failedAny ||= postgres.numFailedTests > 0 || postgres.numPassedTests === 0;
} else {
  console.log('vitest (server on PostgreSQL): no report (reports/vitest-postgres.json)');
  failedAny = true;
}

const pw = read('reports/playwright.json');
if (pw?.stats) {
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = pw.stats;
  console.log(`playwright: ${expected + flaky} passed, ${unexpected} failed, ${skipped} skipped`);
  failedAny ||= unexpected > 0 || expected + flaky === 0;
} else {
  console.log('playwright: no report (reports/playwright.json)');
  failedAny = true;
}

process.exit(failedAny ? 1 : 0);
