import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The static asset base is fixed at build time (VITE_BASE, default "/"): public/config.js
// must be reachable before any configuration is known. The router prefix, by contrast,
// comes from public/config.js at run time (see src/config/runtimeConfig.ts).
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
    environment: 'node',
    // The JSON report feeds tests/summary.mjs, which prints the closing counts line.
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
  },
});
