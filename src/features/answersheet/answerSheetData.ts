/**
 * The answer sheet answers, narrowed from `unknown` (a malformed sheet reads as none, never
 * a crash): `answerSheet/need` `{need, id, title}`; `answerSheet/get` `{sheet}` and
 * `answerSheet/answer`: the sheet as the viewer sees it (server/interact/answerSheet/routes.ts).
 */

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const textOf = (value: unknown, max = 500): string | null => (typeof value === 'string' && value.length <= max ? value : null);
const numberOf = (value: unknown): string | null => {
  const n = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : textOf(value, 16);
  return n === null || n === '' ? null : n;
};
const numbers = (value: unknown): string[] | null => (Array.isArray(value) ? value.flatMap((n) => numberOf(n) ?? []) : null);

const OPTIONS_MAX = 26;

export interface SheetOption {
  readonly number: string;
  readonly text: string;
}

export interface AnswerSheet {
  readonly id: string;
  readonly title: string;
  readonly multiple: boolean;
  readonly options: readonly SheetOption[];
  readonly answered: boolean;
  readonly mine: readonly string[];
  /** The key, once answered, when the sheet has one. */
  readonly correct: readonly string[] | null;
  readonly right: boolean | null;
}

export function readAnswerSheet(value: unknown): AnswerSheet | null {
  if (!isRecord(value)) return null;
  const id = numberOf(value.id) ?? textOf(value.id, 128);
  const title = textOf(value.title);
  if (id === null || title === null || !Array.isArray(value.options)) return null;
  const options = value.options.slice(0, OPTIONS_MAX).flatMap((o) => {
    if (!isRecord(o)) return [];
    const number = numberOf(o.number);
    return number === null ? [] : [{ number, text: textOf(o.text) ?? '' }];
  });
  return {
    id,
    title,
    multiple: value.multiple === true,
    options,
    answered: value.answered === true,
    mine: numbers(value.myAnswer) ?? [],
    correct: numbers(value.correct),
    right: typeof value.right === 'boolean' ? value.right : null,
  };
}

/** `answerSheet/get`: the room's current sheet, if any. */
export const readCurrentSheet = (data: unknown): AnswerSheet | null => (isRecord(data) ? readAnswerSheet(data.sheet) : null);

/** `answerSheet/need`: whether the viewer still has the room's current sheet to answer. */
export const readNeed = (data: unknown): boolean => isRecord(data) && data.need === true;

/** The key of a sheet among the room's acted notes. */
export const answerSheetActedKey = (id: string): string => `answerSheet:${id}`;

/** The server's refusal of a second answer. */
export const SHEET_ALREADY_ANSWERED = /already been answered/;
