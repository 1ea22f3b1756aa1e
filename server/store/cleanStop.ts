/**
 * Whether the last server process on a data folder stopped cleanly (its close() ran: every
 * queued write flushed) or died (SIGKILL, a crash, power). A file in the data folder says
 * "stopped cleanly"; a starting process takes it away, so while it runs the folder says
 * "not stopped yet", which is what a crash leaves behind. A fresh folder has no store to
 * recover, and counts as clean.
 */
import fs from 'node:fs';
import path from 'node:path';

const MARK = 'stopped-cleanly';

/** At start, before the store is opened: true when the last process stopped cleanly (or there was none). */
export function takeCleanStopMark(dataDir: string, storeFile: string): boolean {
  const mark = path.join(dataDir, MARK);
  const clean = fs.existsSync(mark) || !fs.existsSync(path.join(dataDir, storeFile));
  fs.rmSync(mark, { force: true });
  return clean;
}

/** At the end of close(), once every write is flushed and the store closed. */
export function markCleanStop(dataDir: string): void {
  fs.writeFileSync(path.join(dataDir, MARK), `${new Date().toISOString()}\n`);
}
