/**
 * `npm run bench`: runs the benchmarks of issue 6 one after the other, each writing its own
 * section of docs/benchmarks.md and its bench/results/<date>-<name>.json.
 *
 *   npm run bench                  every benchmark in BENCHMARKS
 *   npm run bench -- micro         only the named ones
 *   npm run bench -- --smoke       tiny sizes, nothing written (what the unit-test smoke runs)
 *   npm run bench -- soak --minutes 90   the conference day (by name only: an hour by default)
 *
 * A benchmark is a module exporting `run(options: {smoke: boolean})` (BenchmarkModule in
 * bench/lib/report.ts); add one by adding a line to BENCHMARKS. `npm run bench:server`
 * (the server fan-out) stays separate: it needs the whole machine for a minute.
 */
import type { BenchmarkModule, BenchOptions } from './lib/report';

interface BenchmarkEntry {
  readonly name: string;
  readonly load: () => Promise<BenchmarkModule>;
  /** Run only when named (the soak takes an hour). */
  readonly byNameOnly?: boolean;
}

export const BENCHMARKS: readonly BenchmarkEntry[] = [
  { name: 'micro', load: () => import('./pipeline-micro') },
  { name: 'macro', load: () => import('./macro/index') },
  { name: 'interaction', load: () => import('./macro/interaction') },
  { name: 'player', load: () => import('./player/index') },
  { name: 'bundle', load: () => import('./bundle/index') },
  { name: 'replay', load: () => import('./replay/index') },
  { name: 'network', load: () => import('./network/index') },
  { name: 'soak', load: () => import('./soak/index'), byNameOnly: true },
];

export async function runBenchmarks(names: readonly string[], options: BenchOptions): Promise<void> {
  const unknown = names.filter((n) => !BENCHMARKS.some((b) => b.name === n));
  if (unknown.length > 0) throw new Error(`unknown benchmark(s): ${unknown.join(', ')} (known: ${BENCHMARKS.map((b) => b.name).join(', ')})`);
  const chosen = names.length === 0 ? BENCHMARKS.filter((b) => b.byNameOnly !== true) : BENCHMARKS.filter((b) => names.includes(b.name));
  for (const benchmark of chosen) {
    console.log(`\n=== ${benchmark.name}${options.smoke ? ' (smoke)' : ''} ===`);
    const module = await benchmark.load();
    await module.run(options);
  }
}

const args = process.argv.slice(2);
// `--minutes N` (the soak's length) reaches it as BENCH_SOAK_MINUTES.
const minutesAt = args.indexOf('--minutes');
if (minutesAt >= 0) {
  process.env.BENCH_SOAK_MINUTES = args[minutesAt + 1] ?? '';
  args.splice(minutesAt, 2);
}
runBenchmarks(
  args.filter((a) => !a.startsWith('--')),
  { smoke: args.includes('--smoke') },
).catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
