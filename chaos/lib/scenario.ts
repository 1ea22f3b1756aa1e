/**
 * What a chaos scenario is (issue 17): a module that runs one kind of fault or attack
 * against the reference server (a process of its own, real sockets) and reports what it
 * tried and what went wrong. `npm run chaos` writes each report as a section of
 * docs/reliability.md; the short versions run in `npm test` (tests/unit/chaosShort.test.ts)
 * and fail on any failed check.
 */

export interface ChaosOptions {
  /** The short version: the same checks at small sizes, for `npm test`. */
  readonly short: boolean;
  readonly log: (line: string) => void;
}

/** One line of a scenario's table: a kind of input or fault, how many were tried, how many went wrong. */
export interface ChaosRow {
  readonly what: string;
  readonly tried: number;
  /** Tries whose answer broke a rule (the `expected` column says which). */
  readonly failed: number;
  readonly expected: string;
  /** What was seen, in a few words (answers by code, for example). */
  readonly seen: string;
}

/** A rule of the whole scenario (the server still up, memory bounded...). */
export interface ChaosCheck {
  readonly what: string;
  readonly figure: string;
  readonly ok: boolean;
}

export interface ChaosReport {
  readonly name: string;
  readonly title: string;
  /** How it was run, in a paragraph. */
  readonly how: string;
  readonly rows: readonly ChaosRow[];
  readonly checks: readonly ChaosCheck[];
  /** Examples of failed tries, for the person who reads the report (at most a few per row). */
  readonly examples: readonly string[];
}

export interface ChaosScenario {
  readonly name: string;
  run(options: ChaosOptions): Promise<ChaosReport>;
}

export const passed = (report: ChaosReport): boolean => report.rows.every((r) => r.failed === 0) && report.checks.every((c) => c.ok);

/** Counts of answers by key, as "200 x3, 4501 x10". */
export function tally(keys: readonly (string | number)[]): string {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(String(key), (counts.get(String(key)) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([key, n]) => `${key} x${n}`)
    .join(', ');
}
