/**
 * A built client and a reference server process of its own for one scenario, removed
 * afterwards whatever happens (the benchmarks' starter, harness/serverProcess.ts).
 */
import fs from 'node:fs';
import { buildClient, startBenchServer, type BenchServer, type BenchServerOptions } from '../../harness/serverProcess';

export async function withServer<T>(log: (line: string) => void, run: (server: BenchServer, clientDir: string) => Promise<T>, options: BenchServerOptions = {}): Promise<T> {
  const clientDir = buildClient(log, { minify: true });
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
