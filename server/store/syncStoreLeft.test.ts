/**
 * The store is moving to one asynchronous interface (issue 40; docs/architecture.md, "The
 * store's two engines"): the synchronous statements on `ctx.db` that remain may only become
 * fewer. A new feature writes its queries on `ctx.store`; when an area moves, lower the
 * figure here to what this test prints.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Synchronous prepared statements left outside the store, the seeds and the test helpers. */
const LEFT = 4;

function serverFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['store', 'seed', 'testing'].includes(entry.name) && dir === 'server' ? [] : serverFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('the synchronous store', () => {
  it(`is used by at most ${LEFT} statements, and fewer as areas move to ctx.store`, () => {
    const counts = serverFiles('server')
      .map((file) => ({ file, n: (fs.readFileSync(file, 'utf8').match(/\.prepare\(/g) ?? []).length }))
      .filter((c) => c.n > 0);
    const total = counts.reduce((sum, c) => sum + c.n, 0);
    const byArea = new Map<string, number>();
    for (const c of counts) byArea.set(c.file.split(path.sep)[1]!, (byArea.get(c.file.split(path.sep)[1]!) ?? 0) + c.n);
    expect(total, `synchronous statements by area: ${JSON.stringify(Object.fromEntries([...byArea].sort((a, b) => b[1] - a[1])))}`).toBeLessThanOrEqual(LEFT);
  });
});
