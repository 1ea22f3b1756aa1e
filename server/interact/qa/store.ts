/**
 * Q&A questions in the store. A question waits for review (pending) and is shown to the
 * room only once staff approve or answer it (SPEC 4: questions need review before guests
 * are invited); its asker always sees it.
 */
import type { ServerContext } from '../../context.js';

export type QuestionStatus = 'pending' | 'approved' | 'answered';

/** Review flow: which status an action leaves a question in, from which. */
export const QUESTION_FLOW = {
  approve: { from: ['pending'], to: 'approved' },
  // Answering also approves; a new answer replaces the previous one.
  answer: { from: ['pending', 'approved', 'answered'], to: 'answered' },
} as const satisfies Record<string, { from: readonly QuestionStatus[]; to: QuestionStatus }>;

export interface Question {
  readonly id: string;
  readonly webcastId: string;
  readonly uid: string;
  readonly name: string;
  readonly content: string;
  readonly status: QuestionStatus;
  readonly parentId: string | null;
  readonly answer: string | null;
  readonly answeredBy: string | null;
  readonly answeredAt: number | null;
  readonly createdAt: number;
}

const COLUMNS = `id, webcast_id AS webcastId, user_id AS uid, name, content, status, parent_id AS parentId, answer,
  answered_by AS answeredBy, answered_at AS answeredAt, created_at AS createdAt`;

export function findQuestion(ctx: ServerContext, id: string): Question | undefined {
  return ctx.db.prepare(`SELECT ${COLUMNS} FROM qa_questions WHERE id = ?`).get(id) as Question | undefined;
}

/** Questions the user may see in a room: every reviewed one and the user's own, newest first. */
export function visibleQuestions(ctx: ServerContext, webcastId: string, userId: string): Question[] {
  return ctx.db
    .prepare(`SELECT ${COLUMNS} FROM qa_questions WHERE webcast_id = ? AND (status != 'pending' OR user_id = ?) ORDER BY created_at DESC, id DESC`)
    .all(webcastId, userId) as Question[];
}

export function followUpsOf(ctx: ServerContext, parentId: string, userId: string): Question[] {
  return ctx.db
    .prepare(`SELECT ${COLUMNS} FROM qa_questions WHERE parent_id = ? AND (status != 'pending' OR user_id = ?) ORDER BY created_at, id`)
    .all(parentId, userId) as Question[];
}

export function insertQuestion(ctx: ServerContext, q: Pick<Question, 'id' | 'webcastId' | 'uid' | 'name' | 'content' | 'status' | 'parentId'>): Question {
  ctx.db
    .prepare('INSERT INTO qa_questions (id, webcast_id, user_id, name, content, status, parent_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
    .run(q.id, q.webcastId, q.uid, q.name, q.content, q.status, q.parentId, ctx.now());
  return findQuestion(ctx, q.id)!;
}

export function approveQuestion(ctx: ServerContext, id: string): boolean {
  const step = QUESTION_FLOW.approve;
  return ctx.db.prepare(`UPDATE qa_questions SET status = ? WHERE id = ? AND status IN ('${step.from.join("', '")}')`).run(step.to, id).changes === 1;
}

export function answerQuestion(ctx: ServerContext, id: string, answer: string, answeredBy: string): Question {
  ctx.db
    .prepare('UPDATE qa_questions SET status = ?, answer = ?, answered_by = ?, answered_at = ? WHERE id = ?')
    .run(QUESTION_FLOW.answer.to, answer, answeredBy, ctx.now(), id);
  return findQuestion(ctx, id)!;
}

/** Casts or takes back the user's vote; true when that changed anything. */
export function setVote(ctx: ServerContext, qaId: string, userId: string, up: boolean): boolean {
  const statement = up
    ? ctx.db.prepare('INSERT OR IGNORE INTO qa_votes (qa_id, user_id, created_at) VALUES (?, ?, ?)').bind(qaId, userId, ctx.now())
    : ctx.db.prepare('DELETE FROM qa_votes WHERE qa_id = ? AND user_id = ?').bind(qaId, userId);
  return statement.run().changes === 1;
}

export function votesOf(ctx: ServerContext, qaId: string): number {
  return (ctx.db.prepare('SELECT COUNT(*) AS n FROM qa_votes WHERE qa_id = ?').get(qaId) as { n: number }).n;
}

/** Votes of the room's questions and which of them the user voted for. */
export function roomVotes(ctx: ServerContext, webcastId: string, userId: string): { readonly counts: Map<string, number>; readonly mine: Set<string> } {
  const rows = ctx.db
    .prepare('SELECT v.qa_id AS qaId, COUNT(*) AS n, MAX(v.user_id = ?) AS mine FROM qa_votes v JOIN qa_questions q ON q.id = v.qa_id WHERE q.webcast_id = ? GROUP BY v.qa_id')
    .all(userId, webcastId) as { qaId: string; n: number; mine: number }[];
  return { counts: new Map(rows.map((r) => [r.qaId, r.n])), mine: new Set(rows.filter((r) => r.mine === 1).map((r) => r.qaId)) };
}

/** The room's questions waiting for review, oldest first (for staff). */
export function pendingQuestions(ctx: ServerContext, webcastId: string): Question[] {
  return ctx.db.prepare(`SELECT ${COLUMNS} FROM qa_questions WHERE webcast_id = ? AND status = 'pending' ORDER BY created_at, id`).all(webcastId) as Question[];
}
