/**
 * A Redis of our own (Debian's redis-server) on a free loopback port, for `npm run cluster`
 * and the cluster tests: its files in a folder we name, append-only persistence on (so a
 * restarted Redis has its rooms' logs again), no snapshots.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { Redis } from 'ioredis';
import { endProcess, localService, type LocalService } from './launch.js';

export const REDIS_SERVER = process.env.REDIS_SERVER || '/usr/bin/redis-server';

/** `stop()` sends SIGTERM and waits for the exit. */
export type RedisProcess = LocalService;

/** A port nothing listens on now (the kernel's pick). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForPing(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      if ((await probe.ping()) === 'PONG') return;
    } catch {
      // not up yet
    } finally {
      probe.disconnect();
    }
    if (Date.now() > until) throw new Error(`redis-server did not answer on ${url} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function startRedis(dir: string, options: { port?: number; log?: boolean } = {}): Promise<RedisProcess> {
  if (!fs.existsSync(REDIS_SERVER)) {
    throw new Error(`${REDIS_SERVER} is missing: install Debian's redis-server (apt-get install redis-server), as .ci/run does`);
  }
  fs.mkdirSync(dir, { recursive: true });
  const port = options.port ?? (await freePort());
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const launch = async () => {
    child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'yes', '--appendfsync', 'everysec', '--protected-mode', 'no',
      // A node that reads its rooms' channel slowly for a moment is not cut off at Redis's 8 MB
      // default (what it still misses it reads back from the stream: clusterHub.ts).
      '--client-output-buffer-limit', 'pubsub 256mb 64mb 60'], {
      stdio: ['ignore', options.log === true ? 'inherit' : 'ignore', 'inherit'],
    });
    await waitForPing(url, 10_000);
  };
  const stop = async () => {
    const running = child;
    child = null;
    await endProcess(running);
  };
  await launch();
  return localService(url, port, { launch, halt: stop, pid: () => (child as ChildProcess | null)?.pid ?? null });
}
