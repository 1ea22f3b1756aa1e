/**
 * `npm run chaos`: the chaos and security suite (issue 17). Runs each scenario against a
 * reference server process of its own, prints its table, writes its section of
 * docs/reliability.md, and exits 1 when any check failed.
 *
 *   npm run chaos                   every scenario in SCENARIOS
 *   npm run chaos -- malformed      only the named ones
 *   npm run chaos -- --short        the short versions, nothing written (what npm test runs)
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeMachine, machineFacts, ROOT, writeDocsSection } from '../harness/report';
import { releaseSharedClient } from './lib/server';
import { abuseScenario } from './abuse';
import { accessScenario } from './access';
import { crashScenario } from './crash';
import { churnScenario } from './churn';
import { cutsScenario } from './cuts';
import { hostileScenario } from './hostile';
import { malformedScenario } from './malformed';
import { offlineScenario } from './offline';
import { moneyScenario } from './money';
import { originsScenario } from './origins';
import { passed, type ChaosReport, type ChaosScenario } from './lib/scenario';

export const RELIABILITY_FILE = path.join(ROOT, 'docs', 'reliability.md');

export const SCENARIOS: readonly ChaosScenario[] = [malformedScenario, accessScenario, abuseScenario, originsScenario, moneyScenario, crashScenario, hostileScenario, cutsScenario, offlineScenario, churnScenario];

const cell = (text: string): string => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** A scenario's report as markdown: how, the table of tries, the checks, failed examples. */
export function reportMarkdown(report: ChaosReport, ranAt: Date): string {
  const lines = [
    `Run: ${ranAt.toISOString()} on ${describeMachine(machineFacts())}.`,
    '',
    `How: ${report.how}`,
    '',
    '| input or fault | tried | failed | expected | seen |',
    '|---|---:|---:|---|---|',
    ...report.rows.map((r) => `| ${cell(r.what)} | ${r.tried.toLocaleString('en-US')} | ${r.failed.toLocaleString('en-US')} | ${cell(r.expected)} | ${cell(r.seen)} |`),
    '',
    '| check | figure | |',
    '|---|---|---|',
    ...report.checks.map((c) => `| ${cell(c.what)} | ${cell(c.figure)} | ${c.ok ? 'ok' : '**failed**'} |`),
    '',
    `Verdict: **${passed(report) ? 'PASS' : 'FAIL'}** (tried ${report.rows.reduce((a, r) => a + r.tried, 0).toLocaleString('en-US')}, failed ${report.rows.reduce((a, r) => a + r.failed, 0).toLocaleString('en-US')}).`,
  ];
  if (report.examples.length > 0) lines.push('', 'Failed tries, examples:', '', ...report.examples.map((e) => `- \`${e.replaceAll('`', "'")}\``));
  return lines.join('\n');
}

export interface ChaosRunOptions {
  readonly short: boolean;
  readonly write: boolean;
  readonly log: (line: string) => void;
  /** Keep the client built for these scenarios for the next call (release it with releaseSharedClient). */
  readonly keepClient?: boolean;
}

export async function runChaos(names: readonly string[], options: ChaosRunOptions): Promise<ChaosReport[]> {
  const unknown = names.filter((n) => !SCENARIOS.some((s) => s.name === n));
  if (unknown.length > 0) throw new Error(`unknown scenario(s): ${unknown.join(', ')} (known: ${SCENARIOS.map((s) => s.name).join(', ')})`);
  const chosen = names.length === 0 ? SCENARIOS : SCENARIOS.filter((s) => names.includes(s.name));
  const reports: ChaosReport[] = [];
  try {
    for (const scenario of chosen) {
      options.log(`=== ${scenario.name}${options.short ? ' (short)' : ''} ===`);
      const report = await scenario.run({ short: options.short, log: options.log });
      const markdown = reportMarkdown(report, new Date());
      options.log(markdown);
      if (options.write) options.log(`written: ${path.relative(ROOT, writeDocsSection(report.title, markdown, RELIABILITY_FILE))}`);
      reports.push(report);
    }
  } finally {
    // A caller running one scenario at a time keeps the build until it is done (its afterAll).
    if (options.keepClient !== true) releaseSharedClient();
  }
  return reports;
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const short = args.includes('--short');
  const reports = await runChaos(
    args.filter((a) => !a.startsWith('--')),
    { short, write: !short, log: (line) => console.log(line) },
  );
  const failed = reports.filter((r) => !passed(r));
  console.log(failed.length === 0 ? `chaos: ${reports.length} scenario(s) passed` : `chaos: FAILED: ${failed.map((r) => r.name).join(', ')}`);
  process.exit(failed.length === 0 ? 0 : 1);
}
