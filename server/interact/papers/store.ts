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
}

const toPaper = (r: PaperRow): StoredPaper => ({
  id: r.id,
  webcastId: r.webcast_id,
  kind: r.kind,
  title: r.title,
  items: JSON.parse(r.items) as StoredItem[],
  publishedAt: r.published_at,
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
  const rows = ctx.db.prepare('SELECT * FROM papers WHERE webcast_id = ? AND kind = ? ORDER BY created_at, id').all(webcastId, kind) as PaperRow[];
  return rows.map(toPaper);
}

export function insertPaper(ctx: ServerContext, paper: Omit<StoredPaper, 'publishedAt'>): void {
  ctx.db
    .prepare('INSERT OR IGNORE INTO papers (id, webcast_id, kind, title, items, published_at, created_at) VALUES (?, ?, ?, ?, ?, NULL, ?)')
    .run(paper.id, paper.webcastId, paper.kind, paper.title, JSON.stringify(paper.items), ctx.now());
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

/** Stores a user's answers once; false when the user had already answered. */
export function insertAnswer(ctx: ServerContext, paperId: string, userId: string, answer: Omit<StoredAnswer, 'createdAt'>): boolean {
  const result = ctx.db
    .prepare('INSERT OR IGNORE INTO paper_answers (paper_id, user_id, answers, score, total, created_at) VALUES (?, ?, ?, ?, ?, ?)')
    .run(paperId, userId, JSON.stringify(answer.answers), answer.score, answer.total, ctx.now());
  return result.changes === 1;
}
