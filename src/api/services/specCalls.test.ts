/**
 * Keeps docs/protocol.md 4.8 (where the client makes each of SPEC 7's 115 calls) true: the
 * table lists every call of SPEC_CALLS once, under its section; a row that names a file names
 * one that makes the call; every call the client's source makes is marked as made (so a call
 * put to use cannot stay "not yet", and one taken out of use cannot stay "used"); the tests
 * named exist; and the count line is the table's.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMERCE_CALLS } from '../../protocol/services/commerce';
import { DIRECTORY_CALLS } from '../../protocol/services/directory';
import { LIVE_CALLS } from '../../protocol/services/live';
import { RESOURCE_CALLS } from '../../protocol/services/resource';
import { DIRECTORY_CALL_USES, SPEC_CALLS, type SpecSection } from '../../protocol/specCalls';

const ROOT = path.resolve(__dirname, '../../..');
const TABLES: Readonly<Record<SpecSection, object>> = { '7.1': LIVE_CALLS, '7.2': COMMERCE_CALLS, '7.3': RESOURCE_CALLS, '7.4': DIRECTORY_CALLS };

interface Row {
  readonly section: string;
  readonly call: string;
  /** The file named as where the client makes the call, or null for a "not yet" row. */
  readonly file: string | null;
  readonly why: string;
  readonly provers: readonly string[];
}

function tableRows(): { rows: Row[]; countLine: string } {
  const doc = fs.readFileSync(path.join(ROOT, 'docs/protocol.md'), 'utf8');
  const start = doc.indexOf("### 4.8 SPEC 7's calls");
  expect(start).toBeGreaterThan(-1);
  const section = doc.slice(start, doc.indexOf('\n## ', start));
  const rows = section
    .split('\n')
    .filter((line) => /^\| 7\.\d \|/.test(line))
    .map((line): Row => {
      const [sectionName, call, where, proved] = line.split(' | ').map((cell) => cell.replace(/^\| |\s*\|$/g, '').trim());
      const file = /^`([^`]+)`$/.exec(where ?? '')?.[1] ?? null;
      return { section: sectionName ?? '', call: call ?? '', file, why: where ?? '', provers: (proved ?? '').split(',').map((p) => p.trim().split(' ')[0] ?? '').filter((p) => p !== '') };
    });
  return { rows, countLine: /\*\*(\d+) of 115 used; (\d+) not yet\.\*\*/.exec(section)?.[0] ?? '' };
}

/** Every source file of the client (not the api and protocol layers, which only describe calls; not tests). */
function clientSources(): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (rel !== 'src/api' && rel !== 'src/protocol') walk(rel);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.set(rel, fs.readFileSync(path.join(ROOT, rel), 'utf8'));
    }
  };
  walk('src');
  return out;
}

/** Whether `source` makes `call`: by the bound service's function, by a route table's name (the mic's), by its table entry (the worker's heartbeat), or for 7.4 by the directory service's method. */
function makes(source: string, section: SpecSection, call: string): boolean {
  if (section === '7.4') return source.includes(DIRECTORY_CALL_USES[call as keyof typeof DIRECTORY_CALL_USES]);
  return source.includes(`.${call}(`) || source.includes(`path: '${call}'`) || source.includes(`_CALLS.${call}.`);
}

describe("SPEC 7's calls and where the client makes them (docs/protocol.md 4.8)", () => {
  const sections = Object.keys(SPEC_CALLS) as SpecSection[];
  const { rows, countLine } = tableRows();
  const sources = clientSources();

  it('SPEC 7 lists 115 calls, each in its call table', () => {
    expect(sections.reduce((n, s) => n + SPEC_CALLS[s].length, 0)).toBe(115);
    for (const s of sections) for (const call of SPEC_CALLS[s]) expect(Object.hasOwn(TABLES[s], call), `${s} ${call}`).toBe(true);
  });

  it('the table lists each of them once, in its section', () => {
    const listed = rows.map((r) => `${r.section} ${r.call}`);
    const expected = sections.flatMap((s) => SPEC_CALLS[s].map((call) => `${s} ${call}`));
    expect(listed).toEqual(expected);
  });

  it('a row names a file that makes the call and the tests that prove it, or says what is missing', () => {
    for (const row of rows) {
      const section = row.section as SpecSection;
      if (row.file === null) {
        expect(row.why, row.call).toMatch(/^\*\*not yet\*\*: .{20,}/);
        continue;
      }
      const source = sources.get(row.file);
      expect(source, `${row.call}: ${row.file} is not a client source file`).toBeDefined();
      expect(makes(source ?? '', section, row.call), `${row.call} is not made in ${row.file}`).toBe(true);
      expect(row.provers.length, `${row.call}: no test named`).toBeGreaterThan(0);
      for (const prover of row.provers) expect(fs.existsSync(path.join(ROOT, prover)), `${row.call}: ${prover}`).toBe(true);
    }
  });

  it("every call the client's source makes is marked as made, and no other", () => {
    const made = new Set(sections.flatMap((s) => SPEC_CALLS[s].filter((call) => [...sources.values()].some((source) => makes(source, s, call))).map((call) => `${s} ${call}`)));
    const marked = new Set(rows.filter((r) => r.file !== null).map((r) => `${r.section} ${r.call}`));
    expect([...marked].sort()).toEqual([...made].sort());
  });

  it('the count line is the table', () => {
    const used = rows.filter((r) => r.file !== null).length;
    expect(countLine).toBe(`**${used} of 115 used; ${115 - used} not yet.**`);
  });
});
