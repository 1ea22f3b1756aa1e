/**
 * Build of the macro benchmark's bench-only baseline page (baseline/index.html), into
 * `<client dir>/bench-baseline/` next to the product built unchanged by the project's own
 * config (`vite build --outDir <client dir>`), so the benchmark's server serves both from
 * one origin at `/bench-baseline/index.html`. The output directory is given on the
 * command line (a temporary one, never the shared dist/).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: path.join(here, 'baseline'),
  base: '/bench-baseline/',
  publicDir: false,
  plugins: [react()],
  logLevel: 'error',
  build: { target: 'es2022', sourcemap: false },
});
