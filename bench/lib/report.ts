/**
 * What every benchmark writes: its section of docs/benchmarks.md (that section only, the
 * others kept as they are), a JSON file of its figures in bench/results, and the facts of
 * the machine it ran on.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describeMachine, machineFacts, ROOT, writeDocsSection as writeSection, type MachineFacts } from '../../harness/report';

export { describeMachine, machineFacts, ROOT, type MachineFacts };
export const DOCS_FILE = path.join(ROOT, 'docs', 'benchmarks.md');
export const RESULTS_DIR = path.join(ROOT, 'bench', 'results');

/** Replaces the section `## <title>` of docs/benchmarks.md (or `file`) with `body`; returns the file's path. */
export const writeDocsSection = (title: string, body: string, file: string = DOCS_FILE): string => writeSection(title, body, file);

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
