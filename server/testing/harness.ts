/** Starts a real server on an ephemeral loopback port with a fresh DATA_DIR, for tests. */
import { loadServerConfig, type ServerConfig } from '../config.js';
import { startServer, type RunningServer, type ServerOptions } from '../server.js';
import type { RoomLog } from '../rooms/roomLog.js';
import type { RoomHub } from '../rooms/hub.js';
import { makeTempDir } from './tempDirs.js';
import { newPostgresDatabase } from './storeEngines.js';

export { makeTempDir, removeTempDirs } from './tempDirs.js';

export interface TestServer extends RunningServer {
  readonly dataDir: string;
  /** The embedded room log and hub (test servers never run on Redis; cluster tests start their own nodes). */
  readonly roomLog: RoomLog;
  readonly roomHub: RoomHub;
  /** Restart on the same DATA_DIR (persistence tests). */
  restart(): Promise<TestServer>;
}

/**
 * TEST_STORE=postgres runs the servers of the tests on PostgreSQL (a new database each, in a
 * cluster the test file starts: storeEngines.ts), to prove the server's rules on that engine.
 */
const onPostgres = process.env.TEST_STORE === 'postgres';

export async function startTestServer(
  options: ServerOptions & { dataDir?: string; config?: Partial<ServerConfig> } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? makeTempDir();
  const databaseUrl = options.config?.databaseUrl ?? (onPostgres ? await newPostgresDatabase() : null);
  const config: ServerConfig = {
    ...loadServerConfig({}, process.cwd()),
    host: '127.0.0.1',
    port: 0,
    dataDir,
    adminToken: 'test-admin-token',
    ...options.config,
    databaseUrl,
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
      return startTestServer({ ...options, dataDir, config: { ...options.config, databaseUrl } });
    },
  };
}
