/**
 * What the benchmarks and the chaos suite write the same way: a section of a docs file
 * (that section only, the others kept as they are), and the facts of the machine a run
 * was on.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Replaces the section `## <title>` of a docs file (docs/benchmarks.md, docs/reliability.md) with `body` (up to the next `## `
 * heading), or appends it when the file has none; returns the file's path.
 */
export function writeDocsSection(title: string, body: string, file: string): string {
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
