import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress';
import { pureRouterChunk } from './scripts/pureRouterChunk';

// The static asset base is fixed at build time (VITE_BASE, default "/"): public/config.js
// must be reachable before any configuration is known. The router prefix, by contrast,
// comes from public/config.js at run time (see src/config/runtimeConfig.ts).
const benchSmoke = process.env.BENCH_SMOKE === '1';
const onPostgres = process.env.TEST_STORE === 'postgres';

/** react, react-dom, the router, i18next and valtio, with their own dependencies. */
const FRAMEWORK = /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router|react-router-dom|i18next|react-i18next|use-sync-external-store|valtio|proxy-compare)[\\/]/;

interface ModuleGraph {
  getModuleInfo(id: string): { readonly isEntry: boolean; readonly importers: readonly string[] } | null;
}

/** Whether an entry reaches `id` through static imports alone: every page loads it at once. */
function loadedAtStart(id: string, graph: ModuleGraph): boolean {
  const seen = new Set([id]);
  const queue = [id];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    const info = graph.getModuleInfo(next);
    if (info === null) continue;
    if (info.isEntry) return true;
    for (const importer of info.importers) {
      if (!seen.has(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
  return false;
}

export default defineConfig({
  base: process.env.VITE_BASE ?? '/',
  plugins: [react(), pureRouterChunk(), precompress()],
  build: {
    target: 'es2022',
    // Written beside the scripts without a sourceMappingURL comment: the server serves them
    // only with SERVE_SOURCE_MAPS=1 (a public map is the whole source), and a browser never
    // asks for a file it was not told of.
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        // What every page loads at start, in two chunks: the framework, then the app's shell
        // (entry, router, guide page, state, API client). Left to itself the bundler cut
        // them into a dozen small chunks (each module the lazy chunks share became one),
        // which gzip worse apart: 3 KB more on the guide page, whose script has a budget
        // (issue 5: < 150 KB gzipped; tests/e2e/guide-bundle.spec.ts). The framework chunk
        // changes hash only when a library does. Modules only lazy chunks import stay in
        // those chunks: a group takes in no module the first page does not need.
        codeSplitting: {
          groups: [
            { debugName: 'framework', name: (id, graph) => (FRAMEWORK.test(id) && loadedAtStart(id, graph) ? 'framework' : null), priority: 2 },
            { debugName: 'app shell', name: (id, graph) => (loadedAtStart(id, graph) ? 'index' : null), priority: 1 },
          ],
        },
      },
    },
  },
  // `npm run dev`: the page's own origin answers every service call by passing it to the
  // reference server (ROOM_SERVER, default the one `npm start` runs), so the server needs
  // no CORS opening for the dev page (it allows none by default).
  server: {
    host: '127.0.0.1',
    proxy: Object.fromEntries(
      ['/ccp', '/commerce', '/share', '/resource', '/login', '/regist', '/media', '/sim', '/ws'].map((prefix) => [
        prefix,
        { target: process.env.ROOM_SERVER ?? 'http://127.0.0.1:8080', ws: prefix === '/ws' },
      ]),
    ),
  },
  preview: {
    host: '127.0.0.1',
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    // The benchmark smokes and the chaos suite's short versions build the client, start
    // server processes and drive Chromium: run beside the unit tests on a 2-core machine
    // they starved the server tests into timeouts, so `npm test` runs them in a step of
    // their own (BENCH_SMOKE=1, npm run test:bench-smoke).
    exclude: [...configDefaults.exclude, ...(benchSmoke ? [] : ['tests/unit/bench*.test.ts', 'tests/unit/chaos*.test.ts'])],
    // The bench-smoke step's files each drive Chromium against server processes of their own
    // and the chaos short versions judge timings (an update gap, a socket closed in time):
    // side by side on 2 cores the macro smoke's flood starved the churn tabs (CI, 6.4 s
    // without an update). One file at a time costs the step about 15 s.
    fileParallelism: !benchSmoke,
    // Vitest's default is one worker fewer than the cores: one worker on the 2-core CI
    // machine, where two run the unit step in 99 s instead of 161 (4 runs of 4 passed; the
    // main process mostly waits).
    maxWorkers: benchSmoke ? 1 : Math.max(2, availableParallelism() - 1),
    // The unit tests share each worker's modules instead of importing them afresh for every
    // file: on the 2-core machine, beside typecheck and lint, the step took 108 s where it
    // took 178 s (2026-11-29; import time 107 s -> 20 s), which the 25-minute budget needed.
    // Tests keep their state to themselves (stores reset in their own setup; servers and
    // folders per test), which this relies on. The benchmark smokes keep their isolation.
    isolate: benchSmoke,
    environment: 'node',
    // Removes the temporary data folders of the server tests after each file.
    setupFiles: ['server/testing/cleanup.setup.ts'],
    // Server tests start real servers; a loaded CI machine needs more than the 5 s default.
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // The JSON report feeds tests/summary.mjs, which prints the closing counts line.
    // TEST_STORE=postgres (npm run test:postgres) is a second pass of the server's tests on
    // PostgreSQL, with a report of its own.
    reporters: ['default', ['json', { outputFile: benchSmoke ? 'reports/vitest-bench.json' : onPostgres ? 'reports/vitest-postgres.json' : 'reports/vitest.json' }]],
  },
});
