/**
 * `npm run bench:server`: can one reference-server process fan out 20,000 chat messages a
 * second to 10 sockets in one room without falling behind?
 *
 * This process runs the server (temporary DATA_DIR, real SQLite, real sockets on loopback)
 * and drives it through the admin API's burst; the 10 viewers run in child processes
 * (fanout-clients.ts), so the server's CPU figure (process.cpuUsage of this process) holds
 * the server alone. Both share the machine's cores, as they would on a small box. Each
 * viewer records receive time - sendTime for every message; the verdict is PASS when every
 * viewer got every message and none arrived more than 1 s after it was sent.
 *
 * Settings: BENCH_RATE (20000), BENCH_SECONDS (10), BENCH_CLIENTS (10), BENCH_CLIENT_PROCESSES
 * (2: the viewers are spread over this many child processes), BENCH_DECODE (light | full, see
 * fanout-clients.ts). The figures are
 * printed and written to docs/benchmarks.md under "Server fan-out" (that section only).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadServerConfig } from '../server/config';
import { startServer } from '../server/server';
import { addRoom, loginAs } from '../server/testing/roomFixtures';
import type { DecodeMode } from './fanout-clients';
import { DELAY_LIMIT_MS, fmt, merge, rowOf, setting, startClients, table } from './lib/fanoutViewers';
import { ROOT, writeDocsSection } from './lib/report';

const ROOM = 'bench-fanout';
const ADMIN_TOKEN = 'bench-admin-token';
/** The section of docs/benchmarks.md each run replaces; a full-decode run keeps its own. */
const SECTION: Readonly<Record<DecodeMode, string>> = { light: 'Server fan-out', full: 'Server fan-out, viewers decoding every frame in full' };


async function post(url: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-token': ADMIN_TOKEN },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: Record<string, unknown> };
  if (envelope.code !== 200) throw new Error(`${url}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

async function main(): Promise<void> {
  const rate = setting('BENCH_RATE', 20_000);
  const seconds = setting('BENCH_SECONDS', 10);
  const clientCount = setting('BENCH_CLIENTS', 10);
  const clientProcesses = setting('BENCH_CLIENT_PROCESSES', 2);
  const decode: DecodeMode = process.env.BENCH_DECODE === 'full' ? 'full' : 'light';
  const expected = rate * seconds;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'webcast-bench-'));

  const server = await startServer(
    { ...loadServerConfig({}, ROOT), host: '127.0.0.1', port: 0, dataDir, adminToken: ADMIN_TOKEN },
    { processMetrics: false },
  );
  try {
    await addRoom(server.ctx, ROOM, 'Fan-out benchmark');
    const sids: string[] = [];
    for (let i = 0; i < clientCount; i++) sids.push((await loginAs(server.ctx, `bench-viewer-${i + 1}`, ROOM)).sid);
    const clients = startClients({
      type: 'start',
      decode,
      url: `${server.url.replace(/^http/, 'ws')}/ws`,
      webcastId: ROOM,
      sids,
      expected,
      timeoutMs: (seconds + 10) * 1000,
    }, clientProcesses);
    await clients.ready;

    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const cpuBefore = process.cpuUsage();
    const wallBefore = performance.now();
    await post(`${server.url}/admin/v1/rooms/${ROOM}/burst`, { rate, seconds, users: 500 });
    const { clients: figures, cpuMs: clientCpuMs } = await clients.done;
    const wallMs = performance.now() - wallBefore;
    const cpu = process.cpuUsage(cpuBefore);
    loopDelay.disable();
    const published = server.embedded?.log.latestOffset(ROOM) ?? 0;

    const rows = figures.map((f, i) => rowOf(`#${i + 1}`, f.delays, f.received, expected));
    const all = merge(figures.map((f) => f.delays));
    const total = rowOf('all', all, figures.reduce((s, f) => s + f.received, 0), expected * figures.length);
    const outOfOrder = figures.reduce((sum, f) => sum + f.outOfOrder + f.malformed, 0);
    const complete = figures.every((f) => f.received === expected) && outOfOrder === 0;
    const pass = complete && total.late === 0;
    const serverCpuMs = (cpu.user + cpu.system) / 1000;
    const cpus = os.cpus();

    const summary = [
      `Run: ${new Date().toISOString()} on ${cpus.length} x ${cpus[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}, ${os.platform()}.`,
      '',
      `How: \`npm run bench:server\` (bench/server-fanout.ts). One server process (real SQLite in a temporary DATA_DIR, ` +
        `real sockets on loopback) with ${clientCount} viewer sockets logged in and joined to one room; the admin burst ` +
        `publishes ${rate} chat messages a second for ${seconds} s from 500 simulated users, each stamped with ` +
        `\`sendTime\` when published. The viewers run in ${clientProcesses} child process(es) (so the server CPU below is ` +
        `the server's alone) on the same cores and record receive time - sendTime of every frame, checking that room ` +
        `offsets arrive one by one. ${decode === 'full' ? 'Each frame is decoded in full with the client codec (src/protocol/frame).' : 'Each frame is read lightly (push header, then sendTime and offset from the body text), so the simulated viewers take as little of the shared CPU as possible; BENCH_DECODE=full decodes every frame with the client codec instead.'}`,
      '',
      `Published: ${published} messages (${expected} planned); delivered ${total.received} frames to ${clientCount} viewers ` +
        `(${expected * clientCount} expected) in ${(wallMs / 1000).toFixed(1)} s; out of order, repeated or unreadable: ${outOfOrder}.`,
      '',
      table([...rows, total]),
      '',
      `Server CPU: ${fmt(serverCpuMs)} ms over ${(wallMs / 1000).toFixed(1)} s (${((serverCpuMs / wallMs) * 100).toFixed(0)} % of one core); ` +
        `viewer processes: ${fmt(clientCpuMs)} ms (${((clientCpuMs / wallMs) * 100).toFixed(0)} % of one core). ` +
        `Machine load average (1 min) at the end: ${os.loadavg()[0]?.toFixed(2) ?? '-'} on ${cpus.length} cores. ` +
        `Server event-loop delay: p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms, max ${(loopDelay.max / 1e6).toFixed(1)} ms.`,
      '',
      `Verdict: **${pass ? 'PASS' : 'FAIL'}** (target: every viewer gets all ${expected} messages, each within ${DELAY_LIMIT_MS} ms of its sendTime` +
        `${pass ? '' : `; ${complete ? '' : 'messages missing or out of order; '}${total.late} deliveries later than 1 s`}).`,
    ].join('\n');

    console.log(`\n${SECTION[decode]}\n\n${summary}\n`);
    const file = writeDocsSection(SECTION[decode], summary);
    console.log(`written to ${path.relative(ROOT, file)}`);
    process.exitCode = pass ? 0 : 1;
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
