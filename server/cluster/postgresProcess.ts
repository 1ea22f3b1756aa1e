/**
 * A PostgreSQL of our own (Debian's postgresql package) on a free loopback port, for the
 * store's tests and, later, `npm run cluster` in its separate-hosts mode: a new cluster in
 * a folder we name (initdb), one database, trust authentication on loopback only.
 *
 * PostgreSQL refuses to run as root, and CI runs as root: there the server runs as the
 * `postgres` account the Debian package makes (runuser), and its folder is handed to it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { endProcess, localService, type LocalService } from './launch.js';
import { freePort } from './redisProcess.js';

/** The database and role the store uses in a cluster of ours. */
export const POSTGRES_DATABASE = 'webcast';
export const POSTGRES_USER = 'webcast';

/**
 * `url` is `postgres://webcast@127.0.0.1:port/webcast`, what DATABASE_URL is set to;
 * `stop()` is the fast shutdown (open sessions are ended).
 */
export interface PostgresProcess extends LocalService {
  /** Makes another, empty database in the cluster (a test's own); answers its URL. */
  createDatabase(name: string): Promise<string>;
}

export interface PostgresOptions {
  readonly port?: number;
  /**
   * No fsync: a test's cluster lives for seconds and is thrown away; a clean stop still
   * writes everything (a restart test loses nothing). Never for a cluster that is kept.
   */
  readonly throwaway?: boolean;
  readonly log?: boolean;
}

/** Debian's binaries: /usr/lib/postgresql/<newest>/bin (POSTGRES_BIN overrides). */
export function postgresBinDir(): string {
  if (process.env.POSTGRES_BIN) return process.env.POSTGRES_BIN;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (fs.existsSync(path.join(bin, 'postgres')) && fs.existsSync(path.join(bin, 'initdb'))) return bin;
  }
  throw new Error(`PostgreSQL's server is missing (${root}/<version>/bin/postgres): install Debian's postgresql (apt-get install postgresql), as .ci/run does`);
}

interface Account {
  readonly uid: number;
  readonly gid: number;
}

/**
 * Whom the server runs as: ourselves, or the `postgres` account when we are root (the server
 * will not run as root). Spawned with that uid directly, not through runuser, so that our
 * signals reach the server itself (runuser does not pass SIGINT, the fast shutdown, on).
 */
function serverAccount(): Account | null {
  if (os.userInfo().uid !== 0) return null;
  const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  if (!Number.isInteger(uid) || !Number.isInteger(gid) || uid === 0) {
    throw new Error("running as root, and there is no postgres account to run PostgreSQL as (Debian's postgresql package makes it)");
  }
  return { uid, gid };
}

async function waitForQuery(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`postgres exited while starting (${child.exitCode ?? child.signalCode})`);
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch {
      // not up yet (or still recovering)
    } finally {
      await client.end().catch(() => undefined);
    }
    if (Date.now() > until) throw new Error(`postgres did not answer on ${url} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A new cluster in `dir` (made if missing; an existing cluster there is started as it is),
 * serving one database, `webcast`, owned by the role `webcast`.
 */
export async function startPostgres(dir: string, options: PostgresOptions = {}): Promise<PostgresProcess> {
  const bin = postgresBinDir();
  const dataDir = path.join(dir, 'pgdata');
  const account = serverAccount();
  const as = account === null ? {} : { uid: account.uid, gid: account.gid, env: { ...process.env, HOME: dir } };
  fs.mkdirSync(dir, { recursive: true });
  if (account !== null) fs.chownSync(dir, account.uid, account.gid);
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    const made = spawnSync(path.join(bin, 'initdb'), ['-D', dataDir, '-U', POSTGRES_USER, '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync'], { encoding: 'utf8', cwd: dir, ...as });
    if (made.status !== 0) throw new Error(`initdb failed (${made.status}): ${made.stderr || made.stdout}`);
  }
  const port = options.port ?? (await freePort());
  const adminUrl = `postgres://${POSTGRES_USER}@127.0.0.1:${port}/postgres`;
  const url = `postgres://${POSTGRES_USER}@127.0.0.1:${port}/${POSTGRES_DATABASE}`;
  const settings = [
    '-D', dataDir,
    '-p', String(port),
    '-c', 'listen_addresses=127.0.0.1',
    // The socket file in the cluster's own folder, not /var/run/postgresql (root's, or absent).
    '-c', `unix_socket_directories=${dir}`,
    '-c', 'max_connections=200',
    ...(options.throwaway === true ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
  ];
  let child: ChildProcess | null = null;
  const launch = async () => {
    const started = spawn(path.join(bin, 'postgres'), settings, { cwd: dir, ...as, stdio: ['ignore', options.log === true ? 'inherit' : 'ignore', options.log === true ? 'inherit' : 'ignore'] });
    child = started;
    await waitForQuery(adminUrl, started, 20_000);
  };
  const stop = async () => {
    const running = child;
    child = null;
    // SIGINT is the fast shutdown; SIGTERM would wait for every client to leave.
    await endProcess(running, 'SIGINT');
  };
  const createDatabase = async (name: string): Promise<string> => {
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a database name of ours: ${name}`);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${name} OWNER ${POSTGRES_USER}`);
    } finally {
      await admin.end();
    }
    return `postgres://${POSTGRES_USER}@127.0.0.1:${port}/${name}`;
  };
  await launch();
  await createDatabase(POSTGRES_DATABASE);
  return { ...localService(url, port, { launch, halt: stop, pid: () => (child as ChildProcess | null)?.pid ?? null }), createDatabase };
}
