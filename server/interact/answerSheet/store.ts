/**
 * Answer sheets (tables answer_sheets, answer_sheet_answers): one quick question with
 * lettered options. The calls name the conference (confId), which on this server is the
 * room id; the sheet a conference shows is the one its host published last.
 */
import type { ServerContext } from '../../context.js';

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

export function currentSheet(ctx: ServerContext, webcastId: string): AnswerSheet | undefined {
  const row = ctx.db
    .prepare('SELECT * FROM answer_sheets WHERE webcast_id = ? AND published_at IS NOT NULL ORDER BY published_at DESC, id LIMIT 1')
    .get(webcastId) as SheetRow | undefined;
  return row ? toSheet(row) : undefined;
}

export function findSheet(ctx: ServerContext, id: string): AnswerSheet | undefined {
  const row = ctx.db.prepare('SELECT * FROM answer_sheets WHERE id = ?').get(id) as SheetRow | undefined;
  return row ? toSheet(row) : undefined;
}

export function firstSheetOf(ctx: ServerContext, webcastId: string): AnswerSheet | undefined {
  const row = ctx.db.prepare('SELECT * FROM answer_sheets WHERE webcast_id = ? ORDER BY created_at, id LIMIT 1').get(webcastId) as SheetRow | undefined;
  return row ? toSheet(row) : undefined;
}

export function insertSheet(ctx: ServerContext, sheet: Omit<AnswerSheet, 'publishedAt'>): void {
  ctx.db
    .prepare('INSERT OR IGNORE INTO answer_sheets (id, webcast_id, title, multiple, options, correct, published_at, created_at) VALUES (?, ?, ?, ?, ?, ?, NULL, ?)')
    .run(sheet.id, sheet.webcastId, sheet.title, sheet.multiple ? 1 : 0, JSON.stringify(sheet.options), sheet.correct ? JSON.stringify(sheet.correct) : null, ctx.now());
}

export function markSheetPublished(ctx: ServerContext, id: string): void {
  ctx.db.prepare('UPDATE answer_sheets SET published_at = ? WHERE id = ?').run(ctx.now(), id);
}

export interface SheetAnswer {
  readonly answer: readonly string[];
  readonly correct: boolean | null;
  readonly createdAt: number;
}

export function findSheetAnswer(ctx: ServerContext, sheetId: string, userId: string): SheetAnswer | undefined {
  const row = ctx.db.prepare('SELECT answer, correct, created_at FROM answer_sheet_answers WHERE sheet_id = ? AND user_id = ?').get(sheetId, userId) as
    | { answer: string; correct: number | null; created_at: number }
    | undefined;
  return row ? { answer: JSON.parse(row.answer) as string[], correct: row.correct === null ? null : row.correct === 1, createdAt: row.created_at } : undefined;
}

/** Stores the answer once; false when the user had already answered this sheet. */
export function insertSheetAnswer(ctx: ServerContext, sheetId: string, userId: string, answer: readonly string[], correct: boolean | null): boolean {
  return (
    ctx.db
      .prepare('INSERT OR IGNORE INTO answer_sheet_answers (sheet_id, user_id, answer, correct, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(sheetId, userId, JSON.stringify(answer), correct === null ? null : correct ? 1 : 0, ctx.now()).changes === 1
  );
}
