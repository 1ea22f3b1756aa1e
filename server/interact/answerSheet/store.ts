/**
 * Answer sheets (tables answer_sheets, answer_sheet_answers): one quick question with
 * lettered options. The calls name the conference (confId), which on this server is the
 * room id; the sheet a conference shows is the one its host published last.
 */
import { sql } from 'kysely';
import { changedRows, type StoreQueries } from '../../store/sqlStore.js';

export interface SheetOption {
  readonly number: string;
  readonly text: string;
}

export interface AnswerSheet {
  readonly id: string;
  readonly webcastId: string;
  readonly title: string;
  readonly multiple: boolean;
  readonly options: readonly SheetOption[];
  /** The key: option numbers of the right answer; null for a poll. */
  readonly correct: readonly string[] | null;
  readonly publishedAt: number | null;
}

interface SheetRow {
  id: string;
  webcast_id: string;
  title: string;
  multiple: number;
  options: string;
  correct: string | null;
  published_at: number | null;
}

const toSheet = (r: SheetRow): AnswerSheet => ({
  id: r.id,
  webcastId: r.webcast_id,
  title: r.title,
  multiple: r.multiple === 1,
  options: JSON.parse(r.options) as SheetOption[],
  correct: r.correct === null ? null : (JSON.parse(r.correct) as string[]),
  publishedAt: r.published_at,
});

export async function currentSheet(q: StoreQueries, webcastId: string): Promise<AnswerSheet | undefined> {
  const row = (
    await sql<SheetRow>`SELECT * FROM answer_sheets WHERE webcast_id = ${webcastId} AND published_at IS NOT NULL ORDER BY published_at DESC, id LIMIT 1`.execute(q)
  ).rows[0];
  return row ? toSheet(row) : undefined;
}

export async function findSheet(q: StoreQueries, id: string): Promise<AnswerSheet | undefined> {
  const row = (await sql<SheetRow>`SELECT * FROM answer_sheets WHERE id = ${id}`.execute(q)).rows[0];
  return row ? toSheet(row) : undefined;
}

export async function firstSheetOf(q: StoreQueries, webcastId: string): Promise<AnswerSheet | undefined> {
  const row = (await sql<SheetRow>`SELECT * FROM answer_sheets WHERE webcast_id = ${webcastId} ORDER BY created_at, id LIMIT 1`.execute(q)).rows[0];
  return row ? toSheet(row) : undefined;
}

export async function insertSheet(q: StoreQueries, now: number, sheet: Omit<AnswerSheet, 'publishedAt'>): Promise<void> {
  await sql`INSERT INTO answer_sheets (id, webcast_id, title, multiple, options, correct, published_at, created_at)
    VALUES (${sheet.id}, ${sheet.webcastId}, ${sheet.title}, ${sheet.multiple ? 1 : 0}, ${JSON.stringify(sheet.options)}, ${sheet.correct ? JSON.stringify(sheet.correct) : null}, NULL, ${now})
    ON CONFLICT DO NOTHING`.execute(q);
}

export async function markSheetPublished(q: StoreQueries, now: number, id: string): Promise<void> {
  await sql`UPDATE answer_sheets SET published_at = ${now} WHERE id = ${id}`.execute(q);
}

export interface SheetAnswer {
  readonly answer: readonly string[];
  readonly correct: boolean | null;
  readonly createdAt: number;
}

export async function findSheetAnswer(q: StoreQueries, sheetId: string, userId: string): Promise<SheetAnswer | undefined> {
  const row = (
    await sql<{ answer: string; correct: number | null; created_at: number }>`SELECT answer, correct, created_at FROM answer_sheet_answers WHERE sheet_id = ${sheetId} AND user_id = ${userId}`.execute(q)
  ).rows[0];
  return row ? { answer: JSON.parse(row.answer) as string[], correct: row.correct === null ? null : row.correct === 1, createdAt: row.created_at } : undefined;
}

/** Stores the answer once; false when the user had already answered this sheet. */
export async function insertSheetAnswer(q: StoreQueries, now: number, sheetId: string, userId: string, answer: readonly string[], correct: boolean | null): Promise<boolean> {
  const inserted = await sql`INSERT INTO answer_sheet_answers (sheet_id, user_id, answer, correct, created_at)
    VALUES (${sheetId}, ${userId}, ${JSON.stringify(answer)}, ${correct === null ? null : correct ? 1 : 0}, ${now}) ON CONFLICT DO NOTHING`.execute(q);
  return changedRows(inserted) === 1;
}
