/**
 * Starts room-server nodes as child processes (server/main.ts with REDIS_URL), for
 * `npm run cluster` and the tests that kill a node mid-burst: each on its own port, all on
 * one Redis, and on one store folder or (DATABASE_URL) on PostgreSQL with a folder each. A
 * node is ready when its /healthz answers "up".
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** A server of our own (Redis, PostgreSQL) on a loopback port, its files in a folder we name. */
export interface LocalService {
  readonly url: string;
  readonly port: number;
  /** Its process id (null while stopped). */
  pid(): number | null;
  /** Stops it and waits for the exit. */
  stop(): Promise<void>;
  /** Stops it and starts it again on the same port and folder. */
  restart(): Promise<void>;
}

/** A LocalService around a process we `launch` and `halt`, whose pid `pid` reads. */
export function localService(url: string, port: number, control: { launch(): Promise<void>; halt(): Promise<void>; pid(): number | null }): LocalService {
  return {
    url,
    port,
    pid: control.pid,
    stop: control.halt,
    async restart() {
      await control.halt();
      await control.launch();
    },
  };
}

export interface NodeProcess {
  readonly name: string;
  readonly port: number;
  readonly url: string;
  readonly socketUrl: string;
  readonly child: ChildProcess;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  readonly exited: Promise<number | string>;
  /** SIGTERM (a clean stop), or SIGKILL (a crash); resolves once it has exited. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

export interface NodeOptions {
  readonly name: string;
  readonly port: number;
  readonly host?: string;
  readonly redisUrl: string;
  /** The shared store (DATABASE_URL); absent: the SQLite file in `dataDir`, shared by the nodes given the same folder. */
  readonly databaseUrl?: string;
  readonly dataDir: string;
  readonly clientDir: string;
  readonly adminToken?: string;
  /** Where the node's output goes; default: its errors to ours, the rest dropped. */
  readonly output?: (line: string, stream: 'stdout' | 'stderr') => void;
}

const SERVER_ENTRY = path.resolve(import.meta.dirname, '..', 'main.ts');

/** Ends a child process with `signal`; resolves once it has exited (at once when it already had). */
export function endProcess(child: ChildProcess | null, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child === null || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

async function waitUntilUp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the node on ${url} exited while starting (${child.exitCode ?? child.signalCode})`);
    try {
      const answer = (await (await fetch(`${url}/healthz`)).json()) as { data?: { status?: string } };
      if (answer.data?.status === 'up') return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`the node on ${url} did not come up within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function forwardLines(stream: NodeJS.ReadableStream | null, onLine: (line: string) => void): void {
  if (stream === null) return;
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  });
}

export async function startNodeProcess(options: NodeOptions): Promise<NodeProcess> {
  const host = options.host ?? '127.0.0.1';
  fs.mkdirSync(options.dataDir, { recursive: true });
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    env: {
      ...process.env,
      HOST: host,
      PORT: String(options.port),
      NODE_ID: options.name,
      REDIS_URL: options.redisUrl,
      ...(options.databaseUrl === undefined ? {} : { DATABASE_URL: options.databaseUrl }),
      DATA_DIR: options.dataDir,
      CLIENT_DIR: options.clientDir,
      ...(options.adminToken === undefined ? {} : { ADMIN_TOKEN: options.adminToken }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = options.output ?? ((line, stream) => stream === 'stderr' && console.error(`[${options.name}] ${line}`));
  forwardLines(child.stdout, (line) => output(line, 'stdout'));
  forwardLines(child.stderr, (line) => output(line, 'stderr'));
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  const url = `http://${host}:${options.port}`;
  try {
    await waitUntilUp(url, child, 30_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    name: options.name,
    port: options.port,
    url,
    socketUrl: `ws://${host}:${options.port}/ws`,
    child,
    exited,
    async stop(signal = 'SIGTERM') {
      await endProcess(child, signal);
      await exited;
    },
  };
}

/**
 * A copy of the built client whose config.js lists every node's socket, so a viewer's
 * worker moves to another node when its own goes away (config.js `sockets`).
 */
export function clientForCluster(builtClientDir: string, targetDir: string, sockets: readonly string[]): void {
  if (!fs.existsSync(path.join(builtClientDir, 'index.html'))) throw new Error(`${builtClientDir} has no built client: run the build first (npm run cluster does)`);
  fs.rmSync(targetDir, { recursive: true, force: true });
  fs.cpSync(builtClientDir, targetDir, { recursive: true });
  const config = path.join(targetDir, 'config.js');
  const text = fs.readFileSync(config, 'utf8');
  fs.writeFileSync(config, `${text}\n// npm run cluster: the nodes' sockets, tried in turn when one goes away.\nwindow.__WEBCAST_CONFIG__.sockets = ${JSON.stringify(sockets)};\n`);
}
