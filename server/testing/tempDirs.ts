/**
 * The temporary data folders of one test file. A module of its own, without the server:
 * the setup file that removes them (cleanup.setup.ts) runs before every test file, and
 * importing the whole server there cost each of the 300 files a third of a second.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Folders made by makeTempDir in this test file, removed after it (cleanup.setup.ts). */
const madeDirs = new Set<string>();

export function makeTempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webcast-test-'));
  madeDirs.add(dir);
  return dir;
}

/** What a test file started outside the temporary folders (a PostgreSQL cluster, pools), ended with them. */
const fileEnds: (() => Promise<void> | void)[] = [];

/**
 * Ends `end` after the test file that called this (cleanup.setup.ts), before its folders go.
 * Test files share modules in a worker (vitest `isolate: false`): a module's own afterAll
 * would be registered in the first file that imported it only.
 */
export function atFileEnd(end: () => Promise<void> | void): void {
  fileEnds.push(end);
}

/** Ends what the file started (newest first), then removes its folders. */
export async function endTestFile(): Promise<void> {
  for (const end of fileEnds.splice(0).reverse()) await end();
  removeTempDirs();
}

/** Removes every folder makeTempDir made (servers on them are closed by then, or just lose their files). */
export function removeTempDirs(): void {
  for (const dir of madeDirs) fs.rmSync(dir, { recursive: true, force: true });
  madeDirs.clear();
}
