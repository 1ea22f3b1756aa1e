/**
 * The viewer's own record of a room (issue 37 item 5; its shape is the client's,
 * src/domain/ownRecord.ts): what was theirs, read from the store
 * for the session's user only: the chat messages they sent (not withdrawn), their questions
 * with the answers given, the papers they answered (a quiz's score; each answer beside its
 * question), answer sheets, roll calls signed, the lotteries they took part in or won, and
 * the red packets they grabbed. Nobody else's names or words are in it, except the answer
 * staff gave to the viewer's own question.
 *
 * Bounded: at most RECORD_MESSAGES_MAX messages (the oldest; `messagesTruncated` says when
 * more exist) and RECORD_ITEMS_MAX of every other list. The messages are found through the
 * room's time index and filtered by sender: chat_messages has no index by user on purpose
 * (a busy room writes 20,000 a second; migration 16), so the call is rate-limited instead.
 */
import { sql } from 'kysely';
import type { ServerContext } from '../context.js';
import type { ChatHistory } from '../chat/history.js';
import type { Room } from '../entry/rooms.js';
import type { CheckedAnswer } from '../interact/papers/answers.js';
import type { StoredItem } from '../interact/papers/model.js';
import { OWN_RECORD_MESSAGES_MAX, type OwnRecord } from '../../src/domain/ownRecord';

export const RECORD_MESSAGES_MAX = OWN_RECORD_MESSAGES_MAX;
export const RECORD_ITEMS_MAX = 500;

const parseJson = (json: string): unknown => {
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return null;
  }
};

const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/** A paper answer as the viewer gave it: option texts (with what they typed), or the text. */
function answerText(item: StoredItem | undefined, answer: CheckedAnswer): string {
  if (answer.answer === null) return '';
  if (typeof answer.answer === 'string') return answer.answer;
  return answer.answer
    .map((number) => {
      const option = item?.options?.find((o) => o.number === number);
      const typed = answer.optionTexts[number];
      const text = option?.text ?? number;
      return typed === undefined || typed === '' ? text : `${text} (${typed})`;
    })
    .join('; ');
}

async function papersOf(ctx: ServerContext, webcastId: string, uid: string): Promise<OwnRecord['papers']> {
  const rows = (
    await sql<{ kind: string; title: string; items: string; anonymous: number; answers: string; score: number | null; total: number | null; at: number }>`
      SELECT p.kind, p.title, p.items, p.anonymous, a.answers, a.score, a.total, a.created_at AS at
      FROM paper_answers a JOIN papers p ON p.id = a.paper_id
      WHERE p.webcast_id = ${webcastId} AND a.user_id = ${uid} ORDER BY a.created_at LIMIT ${RECORD_ITEMS_MAX}`.execute(ctx.store.db)
  ).rows;
  return rows.map((row) => {
    const items = parseJson(row.items);
    const byId = new Map((Array.isArray(items) ? (items as StoredItem[]) : []).map((item) => [item.id, item]));
    const answers = parseJson(row.answers);
    return {
      at: row.at,
      kind: row.kind,
      title: row.title,
      anonymous: row.anonymous === 1,
      score: row.score,
      total: row.total,
      answers: (Array.isArray(answers) ? (answers as CheckedAnswer[]) : []).map((answer) => {
        const item = byId.get(answer.id);
        return { question: item?.title ?? '', answer: answerText(item, answer) };
      }),
    };
  });
}

async function answerSheetsOf(ctx: ServerContext, webcastId: string, uid: string): Promise<OwnRecord['answerSheets']> {
  const rows = (
    await sql<{ title: string; options: string; answer: string; correct: number | null; at: number }>`
      SELECT s.title, s.options, a.answer, a.correct, a.created_at AS at
      FROM answer_sheet_answers a JOIN answer_sheets s ON s.id = a.sheet_id
      WHERE s.webcast_id = ${webcastId} AND a.user_id = ${uid} ORDER BY a.created_at LIMIT ${RECORD_ITEMS_MAX}`.execute(ctx.store.db)
  ).rows;
  return rows.map((row) => {
    const options = parseJson(row.options);
    const texts = new Map((Array.isArray(options) ? options : []).map((o) => [String(record(o).number), String(record(o).text ?? '')]));
    const chosen = parseJson(row.answer);
    return {
      at: row.at,
      title: row.title,
      answer: (Array.isArray(chosen) ? chosen : []).map((n) => texts.get(String(n)) ?? String(n)),
      correct: row.correct === null ? null : row.correct === 1,
    };
  });
}

export async function readOwnRecord(ctx: ServerContext, history: ChatHistory, room: Room, uid: string): Promise<OwnRecord> {
  const q = ctx.store.db;
  const messages = await history.sentBy(room.id, uid, RECORD_MESSAGES_MAX + 1);
  const questions = (
    await sql<{ content: string; status: string; answer: string | null; answeredAt: number | null; at: number }>`
      SELECT content, status, answer, answered_at AS "answeredAt", created_at AS at FROM qa_questions
      WHERE webcast_id = ${room.id} AND user_id = ${uid} ORDER BY created_at LIMIT ${RECORD_ITEMS_MAX}`.execute(q)
  ).rows;
  const rollCalls = (
    await sql<{ at: number }>`SELECT a.created_at AS at FROM roll_call_answers a JOIN roll_calls r ON r.id = a.roll_call_id
      WHERE r.webcast_id = ${room.id} AND a.user_id = ${uid} ORDER BY a.created_at LIMIT ${RECORD_ITEMS_MAX}`.execute(q)
  ).rows;
  // A lottery the viewer entered (a password one) or was drawn in; the draw's time when drawn.
  const lotteries = (
    await sql<{ title: string; prize: string; won: number; at: number }>`
      SELECT r.title, r.prize, CASE WHEN w.user_id IS NOT NULL THEN 1 ELSE 0 END AS won, COALESCE(w.created_at, e.created_at) AS at
      FROM raffles r
      LEFT JOIN raffle_entries e ON e.raffle_id = r.id AND e.user_id = ${uid}
      LEFT JOIN raffle_winners w ON w.raffle_id = r.id AND w.user_id = ${uid}
      WHERE r.webcast_id = ${room.id} AND (e.user_id IS NOT NULL OR w.user_id IS NOT NULL)
      ORDER BY at LIMIT ${RECORD_ITEMS_MAX}`.execute(q)
  ).rows;
  const redPackets = (
    await sql<{ title: string; amount: string; at: number }>`SELECT p.title, d.amount, d.created_at AS at FROM red_packet_draws d JOIN red_packets p ON p.id = d.packet_id
      WHERE p.webcast_id = ${room.id} AND d.user_id = ${uid} ORDER BY d.created_at LIMIT ${RECORD_ITEMS_MAX}`.execute(q)
  ).rows;
  const viewer = (await sql<{ name: string }>`SELECT name FROM users WHERE id = ${uid}`.execute(q)).rows[0];

  return {
    room: { id: room.id, title: room.title },
    viewer: { id: uid, name: viewer?.name ?? '' },
    generatedAt: ctx.now(),
    messages: messages.slice(0, RECORD_MESSAGES_MAX).map((m) => {
      const body = record(parseJson(m.bodyJson));
      return { at: m.sentAt, text: typeof body.body === 'string' ? body.body : '', picture: typeof body.imgUrl === 'string' && body.imgUrl !== '' };
    }),
    messagesTruncated: messages.length > RECORD_MESSAGES_MAX,
    questions: questions.map((q) => ({ at: q.at, question: q.content, status: q.status, answer: q.answer, answeredAt: q.answeredAt })),
    papers: await papersOf(ctx, room.id, uid),
    answerSheets: await answerSheetsOf(ctx, room.id, uid),
    rollCalls,
    lotteries: lotteries.map((l) => ({ at: l.at, title: l.title, prize: l.prize, won: l.won === 1 })),
    redPackets,
  };
}
