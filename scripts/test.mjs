// `npm test`: every step in turn (typecheck, lint, unit tests, benchmark smoke with the chaos
// suite's short versions, browser tests), each run even when one before it failed, so that
// one CI run shows every failure. At the end: each runner's closing line
// (tests/summary.mjs), the time of each step, and the ten slowest test files, so the CI
// budget (25 minutes on 2 cores) is visible. Exits 1 when any step failed.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Steps in turn; the steps of one group run side by side, their output printed whole as each
 * ends. typecheck (tsc) and lint (eslint) are one process each on one core, and the unit
 * tests' two workers leave a core idle while their server tests wait on sockets and child
 * processes: the three together took 154 s on the 2-core machine of 2026-11-29 where they
 * took 55 + 128 s one after the other, which the 25-minute budget needed. (The benchmark
 * smokes and the browser tests judge timings: they keep the machine to themselves.) The
 * second pass of the server's tests, on PostgreSQL (issue 40), takes about 50 s of its own.
 */
const GROUPS = [
  [
    ['typecheck', 'typecheck'],
    ['lint', 'lint'],
    ['unit tests (vitest)', 'test:unit'],
  ],
  // Alone: beside the three above its servers waited on 2 busy cores as well as on PostgreSQL.
  [['server tests on PostgreSQL (vitest)', 'test:postgres']],
  [['benchmark smoke and chaos short (vitest)', 'test:bench-smoke']],
  [['browser tests (Playwright)', 'test:e2e']],
];
const REPORTS = ['reports/vitest.json', 'reports/vitest-bench.json', 'reports/vitest-postgres.json', 'reports/playwright.json'];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

// A report left by an earlier run must not stand in for this run's.
for (const report of REPORTS) fs.rmSync(report, { force: true });

const started = Date.now();
const ran = [];
for (const group of GROUPS) {
  if (group.length === 1) {
    const [what, script] = group[0];
    const start = Date.now();
    console.log(`\n== ${what}: npm run ${script}`);
    const result = spawnSync('npm', ['run', script], { stdio: 'inherit' });
    ran.push({ what, ms: Date.now() - start, ok: result.status === 0 });
  } else {
    ran.push(...(await Promise.all(group.map(([what, script]) => runCaptured(what, script)))));
  }
}

console.log('');
const summary = spawnSync(process.execPath, ['tests/summary.mjs'], { stdio: 'inherit' });

console.log('\nSteps:');
for (const step of ran) console.log(`  ${step.ok ? 'ok    ' : 'FAILED'} ${seconds(step.ms).padStart(8)}  ${step.what}`);
console.log(`  total  ${seconds(Date.now() - started).padStart(8)}`);

console.log('\nSlowest test files:');
for (const file of slowestFiles(10)) console.log(`  ${seconds(file.ms).padStart(8)}  ${file.name} (${file.runner})`);

// Last, because a CI log is often kept only by its tail: each failed test with the head of
// its error (a run of 2026-12-02 kept only "1 failed" and a screenshot's path).
const failures = failedTests();
if (failures.length > 0) {
  console.log('\nFailures:');
  for (const failure of failures.slice(0, 10)) {
    console.log(`  ${failure.name} (${failure.runner})`);
    for (const line of failure.lines) console.log(`      ${line}`);
  }
  if (failures.length > 10) console.log(`  ... and ${failures.length - 10} more`);
}

process.exit(ran.every((s) => s.ok) && summary.status === 0 ? 0 : 1);

/** Runs `npm run script` with its output held, then prints it under its heading; resolves to the step's record. */
function runCaptured(what, script) {
  const start = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    let finished = false;
    const done = (ok) => {
      if (finished) return;
      finished = true;
      const ms = Date.now() - start;
      console.log(`\n== ${what}: npm run ${script} (beside the others of its group, ${seconds(ms)})`);
      process.stdout.write(Buffer.concat(chunks));
      resolve({ what, ms, ok });
    };
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${error.message}\n`));
      done(false);
    });
    child.on('close', (code) => done(code === 0));
  });
}

/** The files of every report with their times, slowest first. */
function slowestFiles(count) {
  const files = [];
  for (const [report, runner] of [
    ['reports/vitest.json', 'vitest'],
    ['reports/vitest-bench.json', 'vitest, benchmark smoke'],
    ['reports/vitest-postgres.json', 'vitest, server on PostgreSQL'],
  ]) {
    for (const result of read(report)?.testResults ?? []) {
      files.push({ name: path.relative(process.cwd(), result.name), ms: result.endTime - result.startTime, runner });
    }
  }
  const perSpec = new Map();
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      const ms = spec.tests.flatMap((t) => t.results).reduce((sum, r) => sum + (r.duration ?? 0), 0);
      const name = path.join('tests/e2e', spec.file);
      perSpec.set(name, (perSpec.get(name) ?? 0) + ms);
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of read('reports/playwright.json')?.suites ?? []) visit(suite);
  for (const [name, ms] of perSpec) files.push({ name, ms, runner: 'Playwright' });
  return files.sort((a, b) => b.ms - a.ms).slice(0, count);
}

/** Failed tests of every report, each with the first lines of its error, colours removed. */
function failedTests() {
  // eslint-disable-next-line no-control-regex
  const plain = (text) => String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  const head = (text, count) =>
    plain(text)
      .split('\n')
      .map((line) => line.trimEnd())
      .filter((line) => line.trim() !== '')
      .slice(0, count);
  const failed = [];
  for (const [report, runner] of [
    ['reports/vitest.json', 'vitest'],
    ['reports/vitest-bench.json', 'vitest, benchmark smoke'],
    ['reports/vitest-postgres.json', 'vitest, server on PostgreSQL'],
  ]) {
    for (const file of read(report)?.testResults ?? []) {
      const name = path.relative(process.cwd(), file.name);
      const tests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of tests) failed.push({ name: `${name} > ${t.fullName ?? t.title}`, runner, lines: head((t.failureMessages ?? []).join('\n'), 8) });
      // A file that failed without a failed test failed to load or in a hook.
      if (tests.length === 0 && file.status === 'failed') failed.push({ name, runner, lines: head(file.message, 8) });
    }
  }
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        const last = t.results.at(-1);
        if (t.status !== 'unexpected' || last === undefined) continue;
        const where = `tests/e2e/${spec.file}:${spec.line}`;
        const error = last.errors?.map((e) => e.message).join('\n') ?? last.error?.message;
        failed.push({ name: `[${t.projectName}] ${where} > ${[...titles, spec.title].join(' > ')}`, runner: 'Playwright', lines: head(error, 12) });
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  // A file's own suite is titled by the file, which `where` already names.
  for (const suite of read('reports/playwright.json')?.suites ?? []) visit(suite, []);
  return failed;
}

function read(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}
