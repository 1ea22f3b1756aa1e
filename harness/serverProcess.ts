/**
 * The reference server as every suite starts it (launchServer: the browser tests' own
 * servers, the benchmarks and the chaos suite), and the benchmarks' and chaos suite's
 * server and client build: a free port with its own data directory, serving a client built
 * for the run into a temporary directory (CLIENT_DIR; the shared dist/ is never touched),
 * the product as `npm run build` builds it, with the child's pid for its CPU time
 * (/proc/<pid>/stat).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './report';
import { freePort } from '../server/cluster/redisProcess';
import { adminCall, readMetric } from './serverCalls';

/** The admin token of the servers the benchmarks and the chaos suite start. */
export const ADMIN_TOKEN = 'bench-admin-token';

export interface BuildOptions {
  /** false: unminified, for profiling (bench/macro/profile.ts), so the profile names functions. */
  readonly minify?: boolean;
  /** Also the macro benchmark's bench-only baseline page, under /bench-baseline/. */
  readonly baseline?: boolean;
}

/** Builds the product (and the baseline page when asked) into a fresh temporary directory; returns it. */
export function buildClient(log: (line: string) => void, options: BuildOptions = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webcast-bench-client-'));
  const env = { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' };
  const started = Date.now();
  const minify = options.minify === false ? ['--minify', 'false'] : [];
  execFileSync('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'error', ...minify], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  if (options.baseline === true) {
    execFileSync('npx', ['vite', 'build', '--config', 'bench/macro/vite.config.ts', '--outDir', path.join(dir, 'bench-baseline'), '--emptyOutDir', '--logLevel', 'error', ...minify], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  log(`client${options.baseline === true ? ' and baseline' : ''} built into ${dir} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return dir;
}

export { freePort };

export interface BenchServer {
  readonly url: string;
  readonly pid: number;
  /** user + system CPU of the server process so far, ms (Linux /proc; NaN elsewhere). */
  cpuMs(): number;
  metric(name: string): Promise<number>;
  admin<T = Record<string, unknown>>(pathname: string, body?: unknown): Promise<T>;
  /** Ends the process (SIGTERM) and removes its data, unless the data folder was given. */
  stop(): Promise<void>;
  /** Kills the process at once (SIGKILL: no flush, no close), keeping its data. */
  kill(): Promise<void>;
}

export interface BenchServerOptions {
  /** The server's DATA_DIR: an existing folder is reused (a restart on the same data) and kept at stop. */
  readonly dataDir?: string;
  /** More of the server's environment (a scenario's own limits, TRUST_PROXY). */
  readonly env?: Readonly<Record<string, string>>;
}

/** Waits until the server answers /healthz; a process that exits first is never mistaken for it. */
export async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    // Exited (the port taken, a crash): never mistake another process for this server.
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server for ${url} exited (${child.exitCode ?? child.signalCode}) before it was healthy`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server at ${url} did not become healthy within ${timeoutMs} ms`);
}

export interface ServerLaunch {
  readonly port: number;
  readonly dataDir: string;
  readonly adminToken: string;
  /** The client build it serves; none: the server's default (dist/, or the shared e2e build's CLIENT_DIR). */
  readonly clientDir?: string;
  /** A file the server's standard output is appended to (its structured log lines); none: discarded. */
  readonly stdoutFile?: string;
  /** More of the server's environment. */
  readonly env?: Readonly<Record<string, string>>;
}

/**
 * Starts `node --import tsx server/main.ts` on the port and data folder, as every suite
 * runs the reference server, and resolves once it is healthy (a process that does not
 * become healthy is ended).
 */
export async function launchServer(launch: ServerLaunch): Promise<ChildProcess> {
  const url = `http://127.0.0.1:${launch.port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(launch.port),
      HOST: '127.0.0.1',
      DATA_DIR: launch.dataDir,
      ADMIN_TOKEN: launch.adminToken,
      LOG_LEVEL: 'warn',
      ...(launch.clientDir === undefined ? {} : { CLIENT_DIR: launch.clientDir }),
      ...launch.env,
    },
    stdio: ['ignore', launch.stdoutFile === undefined ? 'ignore' : fs.openSync(launch.stdoutFile, 'a'), 'inherit'],
  });
  try {
    await waitForHealth(url, child, 60_000);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  return child;
}

let clockTicks: number | null = null;
function ticksPerSecond(): number {
  if (clockTicks === null) {
    try {
      clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

/** utime + stime of a process in ms, from /proc/<pid>/stat (NaN when unreadable). */
export function processCpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state): utime is field 14, stime field 15.
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / ticksPerSecond();
  } catch {
    return NaN;
  }
}

export async function startBenchServer(clientDir: string, options: BenchServerOptions = {}): Promise<BenchServer> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'webcast-bench-data-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = await launchServer({ port, dataDir, adminToken: ADMIN_TOKEN, clientDir, ...(options.env ? { env: options.env } : {}) });
  const pid = child.pid ?? -1;
  const ended = async (signal: NodeJS.Signals): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  };
  return {
    url,
    pid,
    cpuMs: () => processCpuMs(pid),
    metric: (name) => readMetric(url, name),
    admin: <T,>(pathname: string, body?: unknown) => adminCall<T>(url, ADMIN_TOKEN, pathname, body),
    async stop() {
      await ended('SIGTERM');
      if (options.dataDir === undefined) fs.rmSync(dataDir, { recursive: true, force: true });
    },
    kill: () => ended('SIGKILL'),
  };
}
