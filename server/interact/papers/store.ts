/** Papers and their answers in the store (tables papers, paper_answers). */
import type { ServerContext } from '../../context.js';
import type { CheckedAnswer } from './answers.js';
import type { PaperKind, StoredItem, StoredPaper } from './model.js';

interface PaperRow {
  id: string;
  webcast_id: string;
  kind: PaperKind;
  title: string;
  items: string;
  published_at: number | null;
  anonymous: number;
  results: string;
  closed_at: number | null;
}

const toPaper = (r: PaperRow): StoredPaper => ({
  id: r.id,
  webcastId: r.webcast_id,
  kind: r.kind,
  title: r.title,
  items: JSON.parse(r.items) as StoredItem[],
  publishedAt: r.published_at,
  anonymous: r.anonymous === 1,
  results: r.results === 'closed' ? 'closed' : 'live',
  closedAt: r.closed_at,
});

export function findPaper(ctx: ServerContext, id: string): StoredPaper | undefined {
  const row = ctx.db.prepare('SELECT * FROM papers WHERE id = ?').get(id) as PaperRow | undefined;
  return row ? toPaper(row) : undefined;
}

/** Published papers of a room, the newest publication first. */
export function publishedPapers(ctx: ServerContext, webcastId: string): StoredPaper[] {
  const rows = ctx.db
    .prepare('SELECT * FROM papers WHERE webcast_id = ? AND published_at IS NOT NULL ORDER BY published_at DESC, id')
    .all(webcastId) as PaperRow[];
  return rows.map(toPaper);
}

/** The room's papers of one kind, oldest first (the seeded one is the first). */
export function papersOfKind(ctx: ServerContext, webcastId: string, kind: PaperKind): StoredPaper[] {
  const rows = ctx.db.prepare('SELECT * FROM papers WHERE webcast_id = ? AND kind = ? ORDER BY created_at, rowid').all(webcastId, kind) as PaperRow[];
  return rows.map(toPaper);
}

export type NewPaper = Omit<StoredPaper, 'publishedAt' | 'anonymous' | 'results' | 'closedAt'> & Partial<Pick<StoredPaper, 'anonymous' | 'results'>>;

export function insertPaper(ctx: ServerContext, paper: NewPaper): void {
  ctx.db
    .prepare('INSERT OR IGNORE INTO papers (id, webcast_id, kind, title, items, published_at, anonymous, results, created_at) VALUES (?, ?, ?, ?, ?, NULL, ?, ?, ?)')
    .run(paper.id, paper.webcastId, paper.kind, paper.title, JSON.stringify(paper.items), paper.anonymous === true ? 1 : 0, paper.results ?? 'live', ctx.now());
}

/** Closes a paper: no more answers; false when it was closed already. */
export function closePaper(ctx: ServerContext, id: string): boolean {
  return ctx.db.prepare('UPDATE papers SET closed_at = ? WHERE id = ? AND closed_at IS NULL').run(ctx.now(), id).changes === 1;
}

/** Every respondent's answers (anonymous ones included), for the results. */
export function allResponses(ctx: ServerContext, paper: StoredPaper): CheckedAnswer[][] {
  const table = paper.anonymous ? 'paper_anonymous_answers' : 'paper_answers';
  const rows = ctx.db.prepare(`SELECT answers FROM ${table} WHERE paper_id = ?`).all(paper.id) as { answers: string }[];
  return rows.map((r) => JSON.parse(r.answers) as CheckedAnswer[]);
}

export function markPublished(ctx: ServerContext, id: string): void {
  ctx.db.prepare('UPDATE papers SET published_at = ? WHERE id = ?').run(ctx.now(), id);
}

export interface StoredAnswer {
  readonly answers: readonly CheckedAnswer[];
  readonly score: number | null;
  readonly total: number | null;
  readonly createdAt: number;
}

export function findAnswer(ctx: ServerContext, paperId: string, userId: string): StoredAnswer | undefined {
  const row = ctx.db.prepare('SELECT answers, score, total, created_at FROM paper_answers WHERE paper_id = ? AND user_id = ?').get(paperId, userId) as
    | { answers: string; score: number | null; total: number | null; created_at: number }
    | undefined;
  return row ? { answers: JSON.parse(row.answers) as CheckedAnswer[], score: row.score, total: row.total, createdAt: row.created_at } : undefined;
}

export function answeredPaperIds(ctx: ServerContext, userId: string, paperIds: readonly string[]): Set<string> {
  if (paperIds.length === 0) return new Set();
  const marks = paperIds.map(() => '?').join(', ');
  const rows = ctx.db.prepare(`SELECT paper_id FROM paper_answers WHERE user_id = ? AND paper_id IN (${marks})`).all(userId, ...paperIds) as {
    paper_id: string;
  }[];
  return new Set(rows.map((r) => r.paper_id));
}

/**
 * Stores a user's answers once; false when the user had already answered. An anonymous
 * paper keeps only that the user answered (an empty answer list) beside them; the answers
 * go to a table without the user's id.
 */
export function insertAnswer(ctx: ServerContext, paper: Pick<StoredPaper, 'id' | 'anonymous'>, userId: string, answer: Omit<StoredAnswer, 'createdAt'>): boolean {
  return ctx.db.transaction(() => {
    const stored = paper.anonymous ? { answers: [], score: null, total: null } : answer;
    const result = ctx.db
      .prepare('INSERT OR IGNORE INTO paper_answers (paper_id, user_id, answers, score, total, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(paper.id, userId, JSON.stringify(stored.answers), stored.score, stored.total, ctx.now());
    if (result.changes !== 1) return false;
    if (paper.anonymous) ctx.db.prepare('INSERT INTO paper_anonymous_answers (paper_id, answers, created_at) VALUES (?, ?, ?)').run(paper.id, JSON.stringify(answer.answers), ctx.now());
    return true;
  })();
}
