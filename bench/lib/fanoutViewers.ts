/**
 * What the fan-out benchmarks share (server-fanout.ts: one process; cluster-fanout.ts:
 * nodes on Redis): the viewer processes (fanout-clients.ts) and the delay rows they report.
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildMessage, ClientFigures, DelayHistogram, StartMessage } from '../fanout-clients';

const BENCH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** A delivery later than this after its sendTime counts as late. */
export const DELAY_LIMIT_MS = 1000;

export function setting(name: string, fallback: number): number {
  const raw = process.env[name];
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return n;
}

/** The smallest delay with at least p % of the deliveries at or below it. */
export function percentile(histogram: DelayHistogram, p: number): number {
  const total = histogram.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * total));
  let seen = 0;
  for (const [ms, count] of histogram) {
    seen += count;
    if (seen >= rank) return ms;
  }
  return histogram.at(-1)?.[0] ?? NaN;
}

export interface Row {
  readonly name: string;
  readonly received: number;
  readonly expected: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly max: number;
  readonly late: number;
}

export function rowOf(name: string, delays: DelayHistogram, received: number, expected: number): Row {
  return {
    name,
    received,
    expected,
    p50: percentile(delays, 50),
    p95: percentile(delays, 95),
    p99: percentile(delays, 99),
    max: delays.at(-1)?.[0] ?? NaN,
    late: delays.reduce((sum, [ms, count]) => sum + (ms > DELAY_LIMIT_MS ? count : 0), 0),
  };
}

export function merge(histograms: readonly DelayHistogram[]): DelayHistogram {
  const counts = new Map<number, number>();
  for (const h of histograms) for (const [ms, count] of h) counts.set(ms, (counts.get(ms) ?? 0) + count);
  return [...counts.entries()].sort((a, b) => a[0] - b[0]);
}

export interface ClientsReport {
  readonly clients: readonly ClientFigures[];
  readonly cpuMs: number;
}

/** One viewer process: resolves `ready` once its sockets joined, `done` with its figures. */
export function startClientProcess(start: StartMessage): { ready: Promise<void>; done: Promise<ClientsReport> } {
  const child = fork(path.join(BENCH_DIR, 'fanout-clients.ts'), [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const done = new Promise<ClientsReport>((resolve, reject) => {
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'ready') markReady();
      else if (message.type === 'done') resolve(message);
      else reject(new Error(`clients failed: ${message.error}`));
    });
    // After a report this changes nothing (a settled promise stays settled).
    child.on('exit', (code) => reject(new Error(`client process exited (${code}) before reporting`)));
  });
  child.send(start);
  return { ready: Promise.race([ready, done.then(() => undefined)]), done };
}

/**
 * The viewers, spread over `processes` child processes (round robin), so that decoding
 * 10 x 20,000 frames a second can use every core the server leaves free.
 */
export function startClients(start: StartMessage, processes: number): { ready: Promise<void>; done: Promise<ClientsReport> } {
  const groups = Array.from({ length: Math.min(processes, start.sids.length) }, (_v, p) => start.sids.filter((_s, i) => i % processes === p));
  const children = groups.map((sids) => startClientProcess({ ...start, sids }));
  return {
    ready: Promise.all(children.map((c) => c.ready)).then(() => undefined),
    done: Promise.all(children.map((c) => c.done)).then((reports) => ({
      clients: reports.flatMap((r) => r.clients),
      cpuMs: reports.reduce((sum, r) => sum + r.cpuMs, 0),
    })),
  };
}

export const fmt = (n: number): string => (Number.isFinite(n) ? String(Math.round(n)) : '-');

export function table(rows: readonly Row[]): string {
  const lines = [
    '| viewer | received | p50 ms | p95 ms | p99 ms | max ms | later than 1 s |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    lines.push(`| ${r.name} | ${r.received} / ${r.expected} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} | ${fmt(r.max)} | ${r.late} |`);
  }
  return lines.join('\n');
}

