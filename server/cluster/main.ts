/**
 * `npm run cluster` (after the client build): Redis (Debian's redis-server, its files in the
 * data folder) and three room-server nodes on it, each on its own port, sharing the store
 * folder; prints where each node serves the demo rooms. Stop a node (its pid is printed) and
 * its viewers move to another; Ctrl-C stops everything.
 *
 * `npm run cluster -- --postgres`: the nodes as on separate machines (issue 40): each with
 * a data folder of its own, sharing nothing but Redis and PostgreSQL (Debian's postgresql,
 * started here with its files in the data folder, or DATABASE_URL's), and Debian's nginx in
 * front of them on CLUSTER_PROXY_PORT (default 8080) with deploy/nginx's configuration,
 * the one address the pages and their sockets use (when nginx is installed).
 *
 * REDIS_URL: use that Redis instead of starting one. CLUSTER_NODES (1-9, default 3),
 * CLUSTER_PORT (the first node's port, default 8081; the others follow), REDIS_PORT (the
 * started Redis's, default 6390), POSTGRES_PORT (the started PostgreSQL's, default 6432),
 * DATA_DIR (default data-cluster), HOST (default 127.0.0.1).
 */
import fs from 'node:fs';
import path from 'node:path';
import { clientForCluster, startNodeProcess, type NodeProcess } from './launch.js';
import { startRedis, type RedisProcess } from './redisProcess.js';
import { startPostgres, type PostgresProcess } from './postgresProcess.js';
import { NGINX, startNginx } from './nginxProcess.js';
import type { LocalService } from './launch.js';
import { resolveAdminToken } from '../server.js';
import { loadServerConfig } from '../config.js';
import { demoRoomUrls } from '../seed/index.js';
import { seededRoomList } from '../seed/rooms.js';

function int(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  return n;
}

async function main(): Promise<void> {
  const count = int('CLUSTER_NODES', 3, 1, 9);
  const firstPort = int('CLUSTER_PORT', 8081, 1, 65535 - count);
  const host = process.env.HOST || '127.0.0.1';
  const dataDir = path.resolve(process.env.DATA_DIR || 'data-cluster');
  const builtClient = path.resolve(process.env.CLIENT_DIR || 'dist');
  fs.mkdirSync(dataDir, { recursive: true });

  const separateHosts = process.argv.includes('--postgres');
  let redis: RedisProcess | null = null;
  let redisUrl = process.env.REDIS_URL ?? '';
  if (redisUrl === '') {
    redis = await startRedis(path.join(dataDir, 'redis'), { port: int('REDIS_PORT', 6390, 1, 65535) });
    redisUrl = redis.url;
  }
  let postgres: PostgresProcess | null = null;
  let databaseUrl = separateHosts ? (process.env.DATABASE_URL ?? '') : '';
  if (separateHosts && databaseUrl === '') {
    postgres = await startPostgres(path.join(dataDir, 'postgres'), { port: int('POSTGRES_PORT', 6432, 1, 65535) });
    databaseUrl = postgres.url;
  }
  // One admin token for every node (in the shared-folder mode they read it from the folder).
  const adminToken = resolveAdminToken({ ...loadServerConfig(process.env), dataDir });
  const ports = Array.from({ length: count }, (_, i) => firstPort + i);
  const proxyPort = separateHosts && fs.existsSync(NGINX) ? int('CLUSTER_PROXY_PORT', 8080, 1, 65535) : null;
  const clientDir = path.join(dataDir, 'client');
  // Behind nginx the pages' one socket address is nginx's: it chooses a node, and another when one goes.
  clientForCluster(builtClient, clientDir, proxyPort === null ? ports.map((port) => `ws://${host}:${port}/ws`) : [`ws://${host}:${proxyPort}/ws`]);

  const nodes: NodeProcess[] = [];
  let proxy: LocalService | null = null;
  const stopAll = async (signal: string) => {
    console.log(`${signal}: stopping the nodes, Redis${postgres === null ? '' : ' and PostgreSQL'}`);
    await proxy?.stop();
    await Promise.all(nodes.map((n) => n.stop('SIGTERM')));
    await redis?.stop();
    await postgres?.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stopAll('SIGINT'));
  process.once('SIGTERM', () => void stopAll('SIGTERM'));

  // One after the other: the first seeds the demo data in the shared store, the others find it.
  for (const [i, port] of ports.entries()) {
    const name = `node-${i + 1}`;
    const node = await startNodeProcess({
      name,
      port,
      host,
      redisUrl,
      ...(separateHosts ? { databaseUrl, dataDir: path.join(dataDir, name) } : { dataDir }),
      clientDir,
      adminToken,
    });
    nodes.push(node);
    void node.exited.then((how) => console.log(`${node.name} (pid ${node.child.pid}) ended: ${how}. Its viewers move to the other nodes.`));
  }

  if (proxyPort !== null) proxy = await startNginx(path.join(dataDir, 'nginx'), ports.map((port) => `${host}:${port}`), { port: proxyPort });

  const rooms = seededRoomList('/');
  console.log(`Room server cluster: ${count} node(s) on Redis ${redisUrl}${redis === null ? '' : ' (started here, its files in ' + path.join(dataDir, 'redis') + ')'}`);
  if (separateHosts) {
    console.log(`  as on separate machines: each node's own folder in ${dataDir}/node-N, the store in PostgreSQL ${databaseUrl}${postgres === null ? '' : ' (started here, its files in ' + path.join(dataDir, 'postgres') + ')'}`);
  }
  console.log('');
  for (const node of nodes) {
    console.log(`  ${node.name}  ${node.url}  pid ${node.child.pid}  health: ${node.url}/healthz`);
  }
  console.log('');
  if (proxy !== null) {
    console.log(`  nginx   ${proxy.url}  in front of every node (deploy/nginx/webcast-locations.conf), pid ${proxy.pid() ?? '-'}`);
    console.log('');
    console.log(`Demo rooms through nginx: ${demoRoomUrls(proxy.url, '/', rooms)[0]?.url ?? ''} (and each room on its own)`);
    console.log('');
  }
  console.log('Demo rooms, on each node (open one room on different nodes to see one room):');
  for (const node of nodes) {
    const first = demoRoomUrls(node.url, '/', rooms)[0];
    if (first !== undefined) console.log(`  ${node.name}: ${first.url}  ${first.room.title}`);
  }
  console.log('');
  console.log(`  data:        ${dataDir}`);
  console.log(`  admin token: ${path.join(dataDir, 'admin-token')}`);
  console.log(`  drive a room through any node: ROOM_SERVER=${nodes[0]?.url ?? ''} DATA_DIR=${dataDir} npm run room -- burst 10001 --rate 100 --seconds 10`);
  console.log(`  take a node away: kill ${nodes[0]?.child.pid ?? '<pid>'}   (Ctrl-C here stops everything)`);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
