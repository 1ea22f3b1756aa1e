/** Starts a real server on an ephemeral loopback port with a fresh DATA_DIR, for tests. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadServerConfig, type ServerConfig } from '../config.js';
import { startServer, type RunningServer, type ServerOptions } from '../server.js';
import type { RoomLog } from '../rooms/roomLog.js';
import type { RoomHub } from '../rooms/hub.js';

export interface TestServer extends RunningServer {
  readonly dataDir: string;
  /** The embedded room log and hub (test servers never run on Redis; cluster tests start their own nodes). */
  readonly roomLog: RoomLog;
  readonly roomHub: RoomHub;
  /** Restart on the same DATA_DIR (persistence tests). */
  restart(): Promise<TestServer>;
}

/** Folders made by makeTempDir in this test file, removed after it (cleanup.setup.ts). */
const madeDirs = new Set<string>();

export function makeTempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webcast-test-'));
  madeDirs.add(dir);
  return dir;
}

/** Removes every folder makeTempDir made (servers on them are closed by then, or just lose their files). */
export function removeTempDirs(): void {
  for (const dir of madeDirs) fs.rmSync(dir, { recursive: true, force: true });
  madeDirs.clear();
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
  if (server.embedded === null) throw new Error('startTestServer: this server keeps its rooms in Redis');
  return {
    ...server,
    dataDir,
    roomLog: server.embedded.log,
    roomHub: server.embedded.hub,
    async restart() {
      await server.close();
      return startTestServer({ ...options, dataDir });
    },
  };
}
