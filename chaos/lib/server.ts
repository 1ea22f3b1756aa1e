/**
 * A built client and a reference server process of its own for one scenario, removed
 * afterwards whatever happens (the benchmarks' starter, harness/serverProcess.ts).
 *
 * The client is built once per process and each scenario serves a copy of it: every
 * scenario needs the same build (a `vite build` is several seconds on 2 cores, ten times
 * over in the CI's short run), and a copy keeps them apart (origins rewrites its config.js).
 * `releaseSharedClient` removes the build; the process's exit does too, as a fallback.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildClient, startBenchServer, type BenchServer, type BenchServerOptions } from '../../harness/serverProcess';

let shared: string | null = null;

function clientCopy(log: (line: string) => void): string {
  if (shared === null || !fs.existsSync(shared)) {
    const built = buildClient(log, { minify: true });
    shared = built;
    process.once('exit', () => fs.rmSync(built, { recursive: true, force: true }));
  }
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'webcast-chaos-client-'));
  fs.cpSync(shared, copy, { recursive: true });
  return copy;
}

/** Removes the process's shared client build (the next scenario builds it again). */
export function releaseSharedClient(): void {
  if (shared !== null) fs.rmSync(shared, { recursive: true, force: true });
  shared = null;
}

export async function withServer<T>(log: (line: string) => void, run: (server: BenchServer, clientDir: string) => Promise<T>, options: BenchServerOptions = {}): Promise<T> {
  const clientDir = clientCopy(log);
  try {
    const server = await startBenchServer(clientDir, options);
    try {
      return await run(server, clientDir);
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(clientDir, { recursive: true, force: true });
  }
}
