import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The static asset base is fixed at build time (VITE_BASE, default "/"): public/config.js
// must be reachable before any configuration is known. The router prefix, by contrast,
// comes from public/config.js at run time (see src/config/runtimeConfig.ts).
const benchSmoke = process.env.BENCH_SMOKE === '1';

export default defineConfig({
  base: process.env.VITE_BASE ?? '/',
  plugins: [react()],
  build: {
    target: 'es2022',
    sourcemap: true,
  },
  preview: {
    host: '127.0.0.1',
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    // The benchmark smokes build the client and drive Chromium: run beside the unit tests on
    // a 2-core machine they starved the server tests into timeouts, so `npm test` runs them
    // in a step of their own (BENCH_SMOKE=1, npm run test:bench-smoke).
    exclude: [...configDefaults.exclude, ...(benchSmoke ? [] : ['tests/unit/bench*.test.ts'])],
    environment: 'node',
    // Server tests start real servers; a loaded CI machine needs more than the 5 s default.
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // The JSON report feeds tests/summary.mjs, which prints the closing counts line.
    reporters: ['default', ['json', { outputFile: benchSmoke ? 'reports/vitest-bench.json' : 'reports/vitest.json' }]],
  },
});
