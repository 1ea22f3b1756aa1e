/**
 * Smoke of the micro benchmark (bench/pipeline-micro.ts, issue 6): a tiny run so the
 * benchmark code never rots. It asserts only that every stage produced a figure, never a
 * timing, and writes nothing (no docs/benchmarks.md, no bench/results).
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { run } from '../../bench/pipeline-micro';
import { DOCS_FILE, RESULTS_DIR } from '../../bench/lib/report';

const mtime = (file: string): number | null => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : null);
const listing = (dir: string): string[] => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);

describe('micro benchmark smoke', () => {
  it('produces a finite positive ns-per-frame figure for every stage and writes nothing', async () => {
    const docsBefore = mtime(DOCS_FILE);
    const resultsBefore = listing(RESULTS_DIR);
    const lines: string[] = [];
    const result = await run({ smoke: true, frames: 2000, log: (line) => lines.push(line) });

    expect(result.settings.frames).toBe(2000);
    expect(result.stages.map((s) => s.id)).toEqual(expect.arrayContaining(['floor', 'decode', 'route', 'cut', 'tokenize', 'entry', 'ring', 'hub', 'filter', 'coalesce', 'clone', 'pipeline']));
    for (const stage of result.stages) {
      expect(Number.isFinite(stage.nsPerFrame) && stage.nsPerFrame > 0, `${stage.id}: ${stage.nsPerFrame}`).toBe(true);
    }
    expect(Number.isFinite(result.ratio) && result.ratio > 0).toBe(true);
    expect(result.pipelineCounts.applied).toBe(2000);
    expect(lines.join('\n')).toContain('| stage |');

    expect(mtime(DOCS_FILE)).toBe(docsBefore);
    expect(listing(RESULTS_DIR)).toEqual(resultsBefore);
  }, 60_000);
});
