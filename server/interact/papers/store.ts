/** Papers and their answers in the store (tables papers, paper_answers). */
import { sql } from 'kysely';
import { changedRows, type SqlStore, type StoreQueries } from '../../store/sqlStore.js';
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

export async function findPaper(q: StoreQueries, id: string): Promise<StoredPaper | undefined> {
  const row = (await sql<PaperRow>`SELECT * FROM papers WHERE id = ${id}`.execute(q)).rows[0];
  return row ? toPaper(row) : undefined;
}

/** Published papers of a room, the newest publication first. */
export async function publishedPapers(q: StoreQueries, webcastId: string): Promise<StoredPaper[]> {
  return (await sql<PaperRow>`SELECT * FROM papers WHERE webcast_id = ${webcastId} AND published_at IS NOT NULL ORDER BY published_at DESC, id`.execute(q)).rows.map(toPaper);
}

/** The room's papers of one kind, oldest first (the seeded one is the first: the seed writes them a millisecond apart). */
export async function papersOfKind(q: StoreQueries, webcastId: string, kind: PaperKind): Promise<StoredPaper[]> {
  return (await sql<PaperRow>`SELECT * FROM papers WHERE webcast_id = ${webcastId} AND kind = ${kind} ORDER BY created_at, id`.execute(q)).rows.map(toPaper);
}

export type NewPaper = Omit<StoredPaper, 'publishedAt' | 'anonymous' | 'results' | 'closedAt'> & Partial<Pick<StoredPaper, 'anonymous' | 'results'>>;

export async function insertPaper(q: StoreQueries, now: number, paper: NewPaper): Promise<void> {
  await sql`INSERT INTO papers (id, webcast_id, kind, title, items, published_at, anonymous, results, created_at)
    VALUES (${paper.id}, ${paper.webcastId}, ${paper.kind}, ${paper.title}, ${JSON.stringify(paper.items)}, NULL, ${paper.anonymous === true ? 1 : 0}, ${paper.results ?? 'live'}, ${now})
    ON CONFLICT DO NOTHING`.execute(q);
}

/** Closes a paper: no more answers; false when it was closed already. */
export async function closePaper(q: StoreQueries, now: number, id: string): Promise<boolean> {
  return changedRows(await sql`UPDATE papers SET closed_at = ${now} WHERE id = ${id} AND closed_at IS NULL`.execute(q)) === 1;
}

/** Every respondent's answers (anonymous ones included), for the results. */
export async function allResponses(q: StoreQueries, paper: StoredPaper): Promise<CheckedAnswer[][]> {
  const rows = paper.anonymous
    ? await sql<{ answers: string }>`SELECT answers FROM paper_anonymous_answers WHERE paper_id = ${paper.id}`.execute(q)
    : await sql<{ answers: string }>`SELECT answers FROM paper_answers WHERE paper_id = ${paper.id}`.execute(q);
  return rows.rows.map((r) => JSON.parse(r.answers) as CheckedAnswer[]);
}

export async function markPublished(q: StoreQueries, now: number, id: string): Promise<void> {
  await sql`UPDATE papers SET published_at = ${now} WHERE id = ${id}`.execute(q);
}

export interface StoredAnswer {
  readonly answers: readonly CheckedAnswer[];
  readonly score: number | null;
  readonly total: number | null;
  readonly createdAt: number;
}

export async function findAnswer(q: StoreQueries, paperId: string, userId: string): Promise<StoredAnswer | undefined> {
  const row = (
    await sql<{ answers: string; score: number | null; total: number | null; created_at: number }>`SELECT answers, score, total, created_at FROM paper_answers
      WHERE paper_id = ${paperId} AND user_id = ${userId}`.execute(q)
  ).rows[0];
  return row ? { answers: JSON.parse(row.answers) as CheckedAnswer[], score: row.score, total: row.total, createdAt: row.created_at } : undefined;
}

export async function answeredPaperIds(q: StoreQueries, userId: string, paperIds: readonly string[]): Promise<Set<string>> {
  if (paperIds.length === 0) return new Set();
  const rows = (await sql<{ paper_id: string }>`SELECT paper_id FROM paper_answers WHERE user_id = ${userId} AND paper_id IN (${sql.join(paperIds)})`.execute(q)).rows;
  return new Set(rows.map((r) => r.paper_id));
}

/**
 * Stores a user's answers once; false when the user had already answered. An anonymous
 * paper keeps only that the user answered (an empty answer list) beside them; the answers
 * go to a table without the user's id.
 */
export async function insertAnswer(store: SqlStore, now: number, paper: Pick<StoredPaper, 'id' | 'anonymous'>, userId: string, answer: Omit<StoredAnswer, 'createdAt'>): Promise<boolean> {
  return store.db.transaction().execute(async (tx) => {
    const stored = paper.anonymous ? { answers: [], score: null, total: null } : answer;
    const result = await sql`INSERT INTO paper_answers (paper_id, user_id, answers, score, total, created_at)
      VALUES (${paper.id}, ${userId}, ${JSON.stringify(stored.answers)}, ${stored.score}, ${stored.total}, ${now}) ON CONFLICT DO NOTHING`.execute(tx);
    if (changedRows(result) !== 1) return false;
    if (paper.anonymous) await sql`INSERT INTO paper_anonymous_answers (paper_id, answers, created_at) VALUES (${paper.id}, ${JSON.stringify(answer.answers)}, ${now})`.execute(tx);
    return true;
  });
}
