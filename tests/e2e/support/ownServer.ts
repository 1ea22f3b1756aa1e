/**
 * A reference room server of a test's own: for tests that must count the server's sockets
 * without other tests' pages in the figure, or restart the server mid-test. It serves the
 * client built by the shared webServer (CLIENT_DIR, set by playwright.config.ts) from its own port and data directory, which
 * survives a restart (the room log is in SQLite), as a real deployment's would.
 */
import type { ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { adminCall, readMetric } from '../../../harness/serverCalls';
import { launchServer } from '../../../harness/serverProcess';
import { endProcess } from '../../../server/cluster/launch';

export interface OwnServer {
  readonly url: string;
  readonly adminToken: string;
  /** Stops the process (SIGTERM, as an operator would) and starts it again on the same port and data. */
  restart(): Promise<void>;
  stop(): Promise<void>;
  /** The value of a gauge or counter on /metrics (first sample with that name). */
  metric(name: string): Promise<number>;
  /** What the server wrote to its standard output so far ('' unless started with captureLog). */
  log(): string;
  /** Calls the admin API and answers the envelope's data. */
  admin<T = Record<string, unknown>>(pathname: string, body?: unknown): Promise<T>;
}

const ADMIN_TOKEN = 'own-server-admin-token';

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/healthz`)).ok;
  } catch {
    return false;
  }
}

export interface OwnServerOptions {
  /**
   * Serves a copy of the shared client build whose config.js is this function's answer to
   * the built one (for a test that needs other runtime configuration, e.g. allowedOrigins).
   */
  readonly clientConfig?: (builtConfigJs: string) => string;
  /** Keep the server's standard output (its structured log lines) for `log()`. */
  readonly captureLog?: boolean;
  /** More of the server's environment (TRUST_PROXY, a limit of its own). */
  readonly env?: Readonly<Record<string, string>>;
}

/** A copy of the shared build with config.js rewritten, in a temporary folder removed by stop(). */
function clientCopy(rewrite: (script: string) => string): string {
  const built = path.resolve(process.env.CLIENT_DIR ?? 'dist');
  const copy = mkdtempSync(path.join(tmpdir(), 'webcast-own-client-'));
  cpSync(built, copy, { recursive: true });
  writeFileSync(path.join(copy, 'config.js'), rewrite(readFileSync(path.join(built, 'config.js'), 'utf8')));
  return copy;
}

export async function startOwnServer(port: number, options: OwnServerOptions = {}): Promise<OwnServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'webcast-own-server-'));
  const clientDir = options.clientConfig ? clientCopy(options.clientConfig) : null;
  const url = `http://127.0.0.1:${port}`;
  const logFile = path.join(dataDir, 'server-stdout.log');
  let child: ChildProcess | null = null;

  const launch = async (): Promise<void> => {
    // A server left behind by an interrupted run would answer in this one's place, with
    // another build and data: refuse to start rather than test against it.
    if (await answers(url)) throw new Error(`port ${port} already has a server (left over from an interrupted run?): stop it first`);
    child = await launchServer({ port, dataDir, adminToken: ADMIN_TOKEN, ...(clientDir === null ? {} : { clientDir }), ...(options.captureLog === true ? { stdoutFile: logFile } : {}), ...(options.env ? { env: options.env } : {}) });
  };

  const halt = async (): Promise<void> => {
    const running = child;
    child = null;
    await endProcess(running);
  };

  await launch();
  return {
    url,
    adminToken: ADMIN_TOKEN,
    async restart() {
      await halt();
      await launch();
    },
    async stop() {
      await halt();
      rmSync(dataDir, { recursive: true, force: true });
      if (clientDir) rmSync(clientDir, { recursive: true, force: true });
    },
    metric: (name) => readMetric(url, name),
    log: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''),
    admin: <T,>(pathname: string, body?: unknown) => adminCall<T>(url, ADMIN_TOKEN, pathname, body),
  };
}
