/** Starts a real server on an ephemeral loopback port with a fresh DATA_DIR, for tests. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadServerConfig, type ServerConfig } from '../config.js';
import { startServer, type RunningServer, type ServerOptions } from '../server.js';

export interface TestServer extends RunningServer {
  readonly dataDir: string;
  /** Restart on the same DATA_DIR (persistence tests). */
  restart(): Promise<TestServer>;
}

export function makeTempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'webcast-test-'));
}

export async function startTestServer(
  options: ServerOptions & { dataDir?: string; config?: Partial<ServerConfig> } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? makeTempDir();
  const config: ServerConfig = {
    ...loadServerConfig({}, process.cwd()),
    host: '127.0.0.1',
    port: 0,
    dataDir,
    adminToken: 'test-admin-token',
    ...options.config,
  };
  const server = await startServer(config, { processMetrics: false, ...options });
  return {
    ...server,
    dataDir,
    async restart() {
      await server.close();
      return startTestServer({ ...options, dataDir });
    },
  };
}
