/**
 * Live results of questionnaires (issue 13 item 9): counted from the stored answers
 * (src/domain/paperResults.ts) and sent to the room as versioned snapshots (7115 `{kind:
 * 'paper', id, results, version}`), coalesced per room (at most one a second,
 * PAPER_TALLY_INTERVAL_MS): 10,000 viewers answering at once cause a push a second, not
 * 10,000. A paper whose results show only once closed is pushed once, when it closes
 * (`closed: true`). The version is the server's clock at the push, so it keeps growing
 * across restarts.
 */
import { tallyAnswers, type PaperResults } from '../../../src/domain/paperResults';
import type { ServerContext } from '../../context.js';
import { CoalescedPush } from '../../live/countsPush.js';
import type { StoredPaper } from './model.js';
import { allResponses, findPaper } from './store.js';

export const PAPER_TALLY_INTERVAL_MS = 1000;

export const resultsOf = async (ctx: ServerContext, paper: StoredPaper): Promise<PaperResults> => tallyAnswers(paper.items, await allResponses(ctx.store.db, paper));

export class PaperTallies {
  private readonly dirty = new Map<string, Set<string>>();
  private lastVersion = 0;
  private readonly pushes: CoalescedPush;

  constructor(private readonly ctx: ServerContext) {
    this.pushes = new CoalescedPush((webcastId) => this.flush(webcastId), ctx.now, PAPER_TALLY_INTERVAL_MS);
  }

  /** Someone answered: the room hears of it with the next snapshot (live results only). */
  answered(paper: StoredPaper): void {
    if (paper.results !== 'live' || paper.closedAt !== null) return;
    const ids = this.dirty.get(paper.webcastId) ?? new Set<string>();
    ids.add(paper.id);
    this.dirty.set(paper.webcastId, ids);
    this.pushes.changed(paper.webcastId);
  }

  /** The host closed the paper: its final results go out at once, whatever its visibility. */
  async closed(paper: StoredPaper): Promise<void> {
    this.dirty.get(paper.webcastId)?.delete(paper.id);
    const version = this.nextVersion();
    this.ctx.hub.publish(paper.webcastId, 7115, { kind: 'paper', id: paper.id, closed: true, results: await resultsOf(this.ctx, paper), version });
  }

  close(): void {
    this.pushes.close();
  }

  private flush(webcastId: string): void {
    const ids = this.dirty.get(webcastId);
    this.dirty.delete(webcastId);
    for (const id of ids ?? []) {
      // The version is taken now, so snapshots keep their order however long the reads take.
      const version = this.nextVersion();
      this.snapshot(webcastId, id, version).catch((error: unknown) => console.error('papers: the results push failed:', error));
    }
  }

  private async snapshot(webcastId: string, id: string, version: number): Promise<void> {
    const paper = await findPaper(this.ctx.store.db, id);
    if (paper === undefined || paper.closedAt !== null) return;
    this.ctx.hub.publish(webcastId, 7115, { kind: 'paper', id, results: await resultsOf(this.ctx, paper), version });
  }

  private nextVersion(): number {
    this.lastVersion = Math.max(this.lastVersion + 1, this.ctx.now());
    return this.lastVersion;
  }
}

const tallies = new WeakMap<ServerContext, PaperTallies>();

/** The server's one tally publisher (made on first use). */
export function talliesOf(ctx: ServerContext): PaperTallies {
  let found = tallies.get(ctx);
  if (found === undefined) {
    found = new PaperTallies(ctx);
    tallies.set(ctx, found);
  }
  return found;
}
