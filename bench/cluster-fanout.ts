/**
 * `npm run bench:server` (second part): fan-out throughput of the room server as 1, 2 and 3
 * nodes on Redis (server/cluster), on this one machine, with the CPU of every process.
 *
 * For each node count: a fresh Redis (Debian's redis-server) and the nodes as child
 * processes (server/main.ts with REDIS_URL, one store folder), the demo rooms seeded by the
 * first; BENCH_CLUSTER_CLIENTS viewers (guests of room 10001) spread evenly over the nodes,
 * each node's viewers in a child process of their own (fanout-clients.ts, light decoding);
 * the admin burst on node 1 publishes BENCH_CLUSTER_RATE chat messages a second for
 * BENCH_CLUSTER_SECONDS. Every viewer records receive time - sendTime of every message and
 * checks that the room's offsets arrive one by one. CPU: each node's and Redis's from
 * /proc/<pid>/stat (user + system) over the burst; the viewers' from their own process.
 *
 * All processes share the machine's cores, so more nodes on one machine do not add CPU:
 * the rows show what the cluster's extra hop (Redis) costs and how the fan-out work splits
 * between nodes. The store: the shared SQLite folder, and (issue 40) 3 nodes with a folder
 * each on PostgreSQL (Debian's, started here). Then the logins a second one node sustains on
 * either store (BENCH_LOGIN_CLIENTS guest logins at once for BENCH_LOGIN_SECONDS). Written
 * to docs/benchmarks.md under "Server fan-out, several nodes on Redis".
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startNodeProcess, type NodeProcess } from '../server/cluster/launch';
import { freePort, startRedis } from '../server/cluster/redisProcess';
import { startPostgres, type PostgresProcess } from '../server/cluster/postgresProcess';
import { DELAY_LIMIT_MS, fmt, merge, rowOf, setting, startClients } from './lib/fanoutViewers';
import { ROOT, writeDocsSection } from './lib/report';

const SECTION = 'Server fan-out, several nodes on Redis';
const ADMIN_TOKEN = 'bench-admin-token';
const ROOM = '10001';
/** Clock ticks per second of /proc/<pid>/stat (Linux's USER_HZ, 100 on every common build). */
const TICKS_PER_SECOND = 100;

/** User + system CPU of a process so far, in ms; NaN when it cannot be read (not Linux, gone). */
function cpuMsOf(pid: number | null | undefined): number {
  if (pid === null || pid === undefined) return NaN;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return NaN;
  }
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const envelope = (await response.json()) as { code: number; msg: string; data: Record<string, unknown> };
  if (envelope.code !== 200) throw new Error(`${url}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

type Store = 'sqlite' | 'postgres';
const STORE_NAMES: Readonly<Record<Store, string>> = { sqlite: 'SQLite, one folder', postgres: 'PostgreSQL, a folder each' };

interface RunFigures {
  readonly store: Store;
  readonly rate: number;
  readonly nodes: number;
  readonly viewers: number;
  readonly received: number;
  readonly expectedFrames: number;
  readonly outOfOrder: number;
  readonly wallMs: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly late: number;
  /** CPU % of one core over the burst: each node, then Redis, then the viewer processes. */
  readonly nodeCpu: readonly number[];
  readonly redisCpu: number;
  readonly viewerCpu: number;
  /** Viewer sockets the nodes closed because they read too slowly (more than 16 MB unsent). */
  readonly closedTooSlow: number;
}

/** A counter's value summed over its label sets, from a node's /metrics (0 when absent). */
async function counterOf(url: string, name: string, label: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith(name) && line.includes(label))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

interface Cluster {
  readonly nodes: readonly NodeProcess[];
  readonly redisPid: () => number | null;
  stop(): Promise<void>;
}

/** Redis, PostgreSQL for that store, and the nodes: on one store folder, or a folder each on PostgreSQL. */
async function startCluster(nodeCount: number, store: Store): Promise<Cluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webcast-bench-cluster-'));
  // A folder of its own: PostgreSQL runs as its account, which cannot enter ours.
  const postgresDir = store === 'postgres' ? fs.mkdtempSync(path.join(os.tmpdir(), 'webcast-bench-postgres-')) : null;
  const redis = await startRedis(path.join(dir, 'redis'));
  let postgres: PostgresProcess | null = null;
  const nodes: NodeProcess[] = [];
  const stop = async () => {
    await Promise.all(nodes.map((n) => n.stop('SIGTERM')));
    await redis.stop();
    await postgres?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
    if (postgresDir !== null) fs.rmSync(postgresDir, { recursive: true, force: true });
  };
  try {
    if (postgresDir !== null) postgres = await startPostgres(postgresDir);
    for (let i = 0; i < nodeCount; i++) {
      const name = `node-${i + 1}`;
      nodes.push(
        await startNodeProcess({
          name,
          port: await freePort(),
          redisUrl: redis.url,
          ...(postgres === null ? { dataDir: path.join(dir, 'data') } : { databaseUrl: postgres.url, dataDir: path.join(dir, name) }),
          clientDir: path.join(dir, 'no-client'),
          adminToken: ADMIN_TOKEN,
        }),
      );
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { nodes, redisPid: () => redis.pid(), stop };
}

async function runWith(nodeCount: number, viewerCount: number, rate: number, seconds: number, store: Store): Promise<RunFigures> {
  const cluster = await startCluster(nodeCount, store);
  const { nodes } = cluster;
  try {
    const first = nodes[0]!;
    const sidsByNode: string[][] = nodes.map(() => []);
    for (let i = 0; i < viewerCount; i++) {
      const login = await post(`${first.url}/ccp/monitor/v2/live_login`, { webcastId: ROOM, type: 'guest' }, { 'device-id': `bench-viewer-${nodeCount}-${i}` });
      sidsByNode[i % nodeCount]!.push(String(login.sid));
    }
    const expected = rate * seconds;
    const groups = nodes.map((node, n) =>
      startClients({ type: 'start', decode: 'light', url: node.socketUrl, webcastId: ROOM, sids: sidsByNode[n]!, expected, timeoutMs: (seconds + 10) * 1000 }, 1),
    );
    await Promise.all(groups.map((g) => g.ready));
    // The online count's push (7109) of the joins goes out before the burst.
    await new Promise((r) => setTimeout(r, 500));

    const nodeBefore = nodes.map((n) => cpuMsOf(n.child.pid));
    const redisBefore = cpuMsOf(cluster.redisPid());
    const wallBefore = performance.now();
    await post(`${first.url}/admin/v1/rooms/${ROOM}/burst`, { rate, seconds, users: 500 }, { 'x-admin-token': ADMIN_TOKEN });
    const reports = await Promise.all(groups.map((g) => g.done));
    const wallMs = performance.now() - wallBefore;
    const nodeCpu = nodes.map((n, i) => ((cpuMsOf(n.child.pid) - nodeBefore[i]!) / wallMs) * 100);
    const redisCpu = ((cpuMsOf(cluster.redisPid()) - redisBefore) / wallMs) * 100;
    const closedTooSlow = (await Promise.all(nodes.map((n) => counterOf(n.url, 'webcast_socket_closed_by_server_total', 'reason="too slow"')))).reduce((a, b) => a + b, 0);

    const figures = reports.flatMap((r) => r.clients);
    const all = merge(figures.map((f) => f.delays));
    const received = figures.reduce((s, f) => s + f.received, 0);
    const row = rowOf('all', all, received, expected * viewerCount);
    return {
      store,
      rate,
      nodes: nodeCount,
      viewers: viewerCount,
      received,
      expectedFrames: expected * viewerCount,
      outOfOrder: figures.reduce((s, f) => s + f.outOfOrder + f.malformed, 0),
      wallMs,
      p50: row.p50,
      p95: row.p95,
      p99: row.p99,
      late: row.late,
      nodeCpu,
      redisCpu,
      viewerCpu: (reports.reduce((s, r) => s + r.cpuMs, 0) / wallMs) * 100,
      closedTooSlow,
    };
  } finally {
    await cluster.stop();
  }
}

interface LoginFigures {
  readonly store: Store;
  readonly logins: number;
  readonly refused: number;
  readonly perSecond: number;
  readonly p50: number;
  readonly p95: number;
  readonly nodeCpu: number;
}

/** Guest logins of room 10001 through one node, `clients` at once for `seconds`: what one node sustains on `store`. */
async function loginRate(store: Store, clients: number, seconds: number): Promise<LoginFigures> {
  const cluster = await startCluster(1, store);
  const node = cluster.nodes[0]!;
  try {
    const times: number[] = [];
    let refused = 0;
    let n = 0;
    const cpuBefore = cpuMsOf(node.child.pid);
    const started = performance.now();
    const until = started + seconds * 1000;
    const client = async () => {
      while (performance.now() < until) {
        const at = performance.now();
        const response = await fetch(`${node.url}/ccp/monitor/v2/live_login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'device-id': `bench-login-${n++}` },
          body: JSON.stringify({ webcastId: ROOM, type: 'guest', privacyAccepted: true }),
        });
        const envelope = (await response.json()) as { code: number };
        if (envelope.code === 200) times.push(performance.now() - at);
        else refused += 1;
      }
    };
    await Promise.all(Array.from({ length: clients }, client));
    const wallMs = performance.now() - started;
    const sorted = [...times].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
    return {
      store,
      logins: times.length,
      refused,
      perSecond: times.length / (wallMs / 1000),
      p50: at(0.5),
      p95: at(0.95),
      nodeCpu: ((cpuMsOf(node.child.pid) - cpuBefore) / wallMs) * 100,
    };
  } finally {
    await cluster.stop();
  }
}

async function main(): Promise<void> {
  const rates = (process.env.BENCH_CLUSTER_RATES ?? '5000,20000').split(',').map((n) => Number(n.trim()));
  if (rates.some((n) => !Number.isInteger(n) || n < 1)) throw new Error(`BENCH_CLUSTER_RATES: messages a second, e.g. 5000,20000; got "${process.env.BENCH_CLUSTER_RATES}"`);
  const seconds = setting('BENCH_CLUSTER_SECONDS', 10);
  const viewers = setting('BENCH_CLUSTER_CLIENTS', 12);
  const counts = (process.env.BENCH_CLUSTER_NODES ?? '1,2,3').split(',').map((n) => Number(n.trim()));
  if (counts.some((n) => !Number.isInteger(n) || n < 1 || n > 9)) throw new Error(`BENCH_CLUSTER_NODES: node counts from 1 to 9, got "${process.env.BENCH_CLUSTER_NODES}"`);
  const stores = (process.env.BENCH_CLUSTER_STORES ?? 'sqlite,postgres').split(',').map((s) => s.trim());
  if (stores.some((s) => s !== 'sqlite' && s !== 'postgres')) throw new Error(`BENCH_CLUSTER_STORES: sqlite and/or postgres, got "${process.env.BENCH_CLUSTER_STORES}"`);
  const runs: RunFigures[] = [];
  for (const rate of rates) {
    for (const n of counts) {
      if (!stores.includes('sqlite')) continue;
      console.log(`cluster fan-out: ${n} node(s) on SQLite, ${viewers} viewers, ${rate}/s for ${seconds} s`);
      runs.push(await runWith(n, viewers, rate, seconds, 'sqlite'));
    }
    // Separate machines: the most nodes asked for, each with its own folder, on PostgreSQL.
    if (stores.includes('postgres')) {
      const n = Math.max(...counts);
      console.log(`cluster fan-out: ${n} node(s) on PostgreSQL, ${viewers} viewers, ${rate}/s for ${seconds} s`);
      runs.push(await runWith(n, viewers, rate, seconds, 'postgres'));
    }
  }
  const loginClients = setting('BENCH_LOGIN_CLIENTS', 16);
  const loginSeconds = setting('BENCH_LOGIN_SECONDS', 5);
  const logins: LoginFigures[] = [];
  for (const store of stores as Store[]) {
    console.log(`logins: one node on ${store}, ${loginClients} at once for ${loginSeconds} s`);
    logins.push(await loginRate(store, loginClients, loginSeconds));
  }
  const cpus = os.cpus();
  const pct = (n: number) => (Number.isFinite(n) ? `${n.toFixed(0)} %` : '-');
  const lines = [
    `Run: ${new Date().toISOString()} on ${cpus.length} x ${cpus[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}, ${os.platform()}; load average (1 min) at the end ${os.loadavg()[0]?.toFixed(2) ?? '-'}.`,
    '',
    `How: \`npm run bench:server\` (bench/cluster-fanout.ts). For each node count, a fresh Redis (Debian's redis-server) and that many ` +
      `room-server nodes as processes on it, sharing the store: one SQLite folder, or (the PostgreSQL rows, issue 40) PostgreSQL ` +
      `(Debian's, on this machine too) with a data folder each; ${viewers} viewers of room ${ROOM} spread evenly over the nodes, each ` +
      `node's viewers in one child process (they do not ask for a thinned stream, so a node closes a socket that falls 16 MB behind); ` +
      `the admin burst on node 1 publishes ${rates.join(' or ')} chat messages a second for ${seconds} s. ` +
      `Every message goes through Redis (one Lua script: offset, stream, publish) and reaches each node once, which writes it to its ` +
      `viewers. CPU is user + system time over the burst from /proc/<pid>/stat, as % of one core; all processes share the ` +
      `machine's ${cpus.length} cores, so on one machine more nodes split the work rather than add capacity.`,
    '',
    '| rate/s | nodes | store | viewers | frames delivered | frames/s | out of order | p50 / p95 / p99 ms | later than 1 s | closed as too slow | CPU per node (node 1 also runs the burst) | Redis CPU | viewers CPU | complete |',
    '|---:|---:|---|---:|---:|---:|---:|---|---:|---:|---|---:|---:|---|',
    ...runs.map(
      (r) =>
        `| ${r.rate} | ${r.nodes} | ${STORE_NAMES[r.store]} | ${r.viewers} | ${r.received} / ${r.expectedFrames} | ${fmt(r.received / (r.wallMs / 1000))} | ${r.outOfOrder} | ${fmt(r.p50)} / ${fmt(r.p95)} / ${fmt(r.p99)} | ${r.late} | ${r.closedTooSlow} | ${r.nodeCpu.map(pct).join(', ')} | ${pct(r.redisCpu)} | ${pct(r.viewerCpu)} | ${r.received === r.expectedFrames && r.outOfOrder === 0 && r.late === 0 ? 'yes' : 'no'} |`,
    ),
    '',
    `Complete: every viewer got all messages in order, each within ${DELAY_LIMIT_MS} ms. CPU is averaged over the run's wall time, ` +
      'which a run whose viewers were closed stretches to their timeout: the busy seconds were busier. The processes of a run ' +
      "together can ask for more than the machine's cores; then the burst's node falls behind in lumps and closes its viewers as too slow. " +
      'A chat message is written to the chat history (the store) in batches by the node that publishes it, so the store adds little to the fan-out.',
    '',
    `Logins a second one node sustains: ${loginClients} guest logins of room ${ROOM} at once, again and again for ${loginSeconds} s, through one node ` +
      "(Redis, and the store: its own SQLite file, or PostgreSQL on this machine). A guest login reads the room twice, checks kicks, and " +
      'writes the user and the session in one transaction.',
    '',
    '| store | logins | refused | logins/s | p50 / p95 ms | node CPU |',
    '|---|---:|---:|---:|---|---:|',
    ...logins.map((l) => `| ${l.store === 'sqlite' ? 'SQLite' : 'PostgreSQL'} | ${l.logins} | ${l.refused} | ${fmt(l.perSecond)} | ${fmt(l.p50)} / ${fmt(l.p95)} | ${pct(l.nodeCpu)} |`),
  ].join('\n');
  console.log(`\n${SECTION}\n\n${lines}\n`);
  const file = writeDocsSection(SECTION, lines);
  console.log(`written to ${path.relative(ROOT, file)}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
