/**
 * Q&A questions in the store. A question waits for review (pending) and is shown to the
 * room only once staff approve or answer it (SPEC 4: questions need review before guests
 * are invited); its asker always sees it.
 */
import { sql } from 'kysely';
import { changedRows, type StoreQueries } from '../../store/sqlStore.js';

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

const COLUMNS = sql.raw(`id, webcast_id AS "webcastId", user_id AS uid, name, content, status, parent_id AS "parentId", answer,
  answered_by AS "answeredBy", answered_at AS "answeredAt", created_at AS "createdAt"`);

export async function findQuestion(q: StoreQueries, id: string): Promise<Question | undefined> {
  return (await sql<Question>`SELECT ${COLUMNS} FROM qa_questions WHERE id = ${id}`.execute(q)).rows[0];
}

/** Questions the user may see in a room: every reviewed one and the user's own, newest first. */
export async function visibleQuestions(q: StoreQueries, webcastId: string, userId: string): Promise<Question[]> {
  return (
    await sql<Question>`SELECT ${COLUMNS} FROM qa_questions WHERE webcast_id = ${webcastId} AND (status != 'pending' OR user_id = ${userId}) ORDER BY created_at DESC, id DESC`.execute(q)
  ).rows;
}

export async function followUpsOf(q: StoreQueries, parentId: string, userId: string): Promise<Question[]> {
  return (await sql<Question>`SELECT ${COLUMNS} FROM qa_questions WHERE parent_id = ${parentId} AND (status != 'pending' OR user_id = ${userId}) ORDER BY created_at, id`.execute(q)).rows;
}

export async function insertQuestion(q: StoreQueries, now: number, question: Pick<Question, 'id' | 'webcastId' | 'uid' | 'name' | 'content' | 'status' | 'parentId'>): Promise<Question> {
  await sql`INSERT INTO qa_questions (id, webcast_id, user_id, name, content, status, parent_id, created_at)
    VALUES (${question.id}, ${question.webcastId}, ${question.uid}, ${question.name}, ${question.content}, ${question.status}, ${question.parentId}, ${now})`.execute(q);
  return (await findQuestion(q, question.id))!;
}

export async function approveQuestion(q: StoreQueries, id: string): Promise<boolean> {
  const step = QUESTION_FLOW.approve;
  return changedRows(await sql`UPDATE qa_questions SET status = ${step.to} WHERE id = ${id} AND status IN (${sql.join(step.from)})`.execute(q)) === 1;
}

export async function answerQuestion(q: StoreQueries, now: number, id: string, answer: string, answeredBy: string): Promise<Question> {
  await sql`UPDATE qa_questions SET status = ${QUESTION_FLOW.answer.to}, answer = ${answer}, answered_by = ${answeredBy}, answered_at = ${now} WHERE id = ${id}`.execute(q);
  return (await findQuestion(q, id))!;
}

/** Casts or takes back the user's vote; true when that changed anything. */
export async function setVote(q: StoreQueries, now: number, qaId: string, userId: string, up: boolean): Promise<boolean> {
  const changed = up
    ? await sql`INSERT INTO qa_votes (qa_id, user_id, created_at) VALUES (${qaId}, ${userId}, ${now}) ON CONFLICT DO NOTHING`.execute(q)
    : await sql`DELETE FROM qa_votes WHERE qa_id = ${qaId} AND user_id = ${userId}`.execute(q);
  return changedRows(changed) === 1;
}

export async function votesOf(q: StoreQueries, qaId: string): Promise<number> {
  return (await sql<{ n: number }>`SELECT COUNT(*) AS n FROM qa_votes WHERE qa_id = ${qaId}`.execute(q)).rows[0]!.n;
}

/** Votes of the room's questions and which of them the user voted for. */
export async function roomVotes(q: StoreQueries, webcastId: string, userId: string): Promise<{ readonly counts: Map<string, number>; readonly mine: Set<string> }> {
  const rows = (
    await sql<{ qaId: string; n: number; mine: number }>`SELECT v.qa_id AS "qaId", COUNT(*) AS n, MAX(CASE WHEN v.user_id = ${userId} THEN 1 ELSE 0 END) AS mine
      FROM qa_votes v JOIN qa_questions q ON q.id = v.qa_id WHERE q.webcast_id = ${webcastId} GROUP BY v.qa_id`.execute(q)
  ).rows;
  return { counts: new Map(rows.map((r) => [r.qaId, r.n])), mine: new Set(rows.filter((r) => r.mine === 1).map((r) => r.qaId)) };
}

/** The room's questions waiting for review, oldest first (for staff). */
export async function pendingQuestions(q: StoreQueries, webcastId: string): Promise<Question[]> {
  return (await sql<Question>`SELECT ${COLUMNS} FROM qa_questions WHERE webcast_id = ${webcastId} AND status = 'pending' ORDER BY created_at, id`.execute(q)).rows;
}
