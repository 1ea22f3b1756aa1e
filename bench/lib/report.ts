/**
 * What every benchmark writes: its section of docs/benchmarks.md (that section only, the
 * others kept as they are), a JSON file of its figures in bench/results, and the facts of
 * the machine it ran on.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DOCS_FILE = path.join(ROOT, 'docs', 'benchmarks.md');
export const RESULTS_DIR = path.join(ROOT, 'bench', 'results');

/**
 * Replaces the section `## <title>` of docs/benchmarks.md with `body` (up to the next `## `
 * heading), or appends it when the file has none; returns the file's path.
 */
export function writeDocsSection(title: string, body: string, file: string = DOCS_FILE): string {
  const existing = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n';
  const heading = `## ${title}`;
  const start = existing.indexOf(`\n${heading}\n`);
  const section = `${heading}\n\n${body.trim()}\n`;
  let next: string;
  if (start < 0) {
    next = `${existing.trimEnd()}\n\n${section}`;
  } else {
    const after = existing.indexOf('\n## ', start + heading.length + 1);
    next = `${existing.slice(0, start + 1)}${section}${after < 0 ? '' : `\n${existing.slice(after + 1)}`}`;
  }
  fs.writeFileSync(file, next.endsWith('\n') ? next : `${next}\n`);
  return file;
}

export interface MachineFacts {
  readonly cores: number;
  readonly cpuModel: string;
  readonly memoryGiB: number;
  readonly node: string;
  readonly platform: string;
  readonly arch: string;
}

export function machineFacts(): MachineFacts {
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown CPU',
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: os.platform(),
    arch: os.arch(),
  };
}

export function describeMachine(m: MachineFacts): string {
  return `${m.cores} x ${m.cpuModel}, ${m.memoryGiB} GiB memory, Node ${m.node}, ${m.platform}/${m.arch}`;
}

/** Writes bench/results/<YYYY-MM-DD>-<name>.json; returns its path. */
export function writeResults(name: string, data: unknown, date: Date = new Date()): string {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${date.toISOString().slice(0, 10)}-${name}.json`);
  fs.writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}

/** Options every benchmark module takes (bench/run.ts passes them). */
export interface BenchOptions {
  /** A short run that only checks the code still works: tiny sizes, nothing written. */
  readonly smoke: boolean;
}

/** A module bench/run.ts can run. */
export interface BenchmarkModule {
  run(options: BenchOptions): Promise<unknown>;
}
