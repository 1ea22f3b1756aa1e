/**
 * Checking a submitted paper (POST /ccp/receiver/v1/paper/state) against the stored one:
 * every answer must name a question of the paper and, for choice questions, options it
 * has; then the domain's validatePaper applies SPEC 5 (not empty, no blank fill-in, a
 * required completion filled). Types and option flags come from the stored paper, never
 * from the request. A quiz is scored on the server.
 */
import { isMultipleItem, isTextLikeItem, validatePaper, type PaperItem } from '../../../src/domain';
import { invalid } from '../../http/envelope.js';
import { problemText } from '../shared/problems.js';
import type { StoredItem, StoredPaper } from './model.js';

export const TEXT_ANSWER_MAX = 1000;
export const OPTION_TEXT_MAX = 200;

/** One answer as the client sends it (already shape-checked by the route's schema). */
export interface SubmittedAnswer {
  readonly id: string;
  readonly answer?: unknown;
  readonly options?: readonly { readonly number: string; readonly answerOption?: string | null }[];
}

/** One answer as stored: choice answers as option numbers, text answers as text. */
export interface CheckedAnswer {
  readonly id: string;
  readonly type: number;
  readonly answer: string | readonly string[] | null;
  /** Texts typed into the boxes of chosen options, by option number. */
  readonly optionTexts: Readonly<Record<string, string>>;
}

const isScalar = (v: unknown): v is string | number => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));

function choiceNumbers(field: string, item: StoredItem, raw: unknown): string[] | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const values: unknown[] = Array.isArray(raw)
    ? raw
    : isMultipleItem(item) && typeof raw === 'string'
      ? raw.split(',').map((s) => s.trim()).filter((s) => s.length > 0)
      : [raw];
  if (!values.every(isScalar)) throw invalid(field, 'must be option numbers');
  const numbers = [...new Set(values.map((v) => String(v).trim()))];
  if (!isMultipleItem(item) && numbers.length > 1) throw invalid(field, 'this question takes one answer');
  const known = new Set((item.options ?? []).map((o) => o.number));
  const unknown = numbers.find((n) => !known.has(n));
  if (unknown !== undefined) throw invalid(field, `"${unknown}" is not an option of this question`);
  return numbers.length > 0 ? numbers : null;
}

function textAnswer(field: string, raw: unknown): string | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'string') throw invalid(field, 'must be text');
  if ([...raw].length > TEXT_ANSWER_MAX) throw invalid(field, `must have at most ${TEXT_ANSWER_MAX} characters`);
  return raw;
}

function optionTexts(field: string, submitted: SubmittedAnswer): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const [i, o] of (submitted.options ?? []).entries()) {
    if (typeof o.answerOption !== 'string') continue;
    if ([...o.answerOption].length > OPTION_TEXT_MAX) {
      throw invalid(`${field}.options[${i}].answerOption`, `must have at most ${OPTION_TEXT_MAX} characters`);
    }
    texts[o.number] = o.answerOption;
  }
  return texts;
}

function checkOne(paper: StoredPaper, submitted: SubmittedAnswer, index: number): CheckedAnswer {
  const field = `answers[${index}]`;
  const item = paper.items.find((i) => i.id === submitted.id);
  if (!item) throw invalid(`${field}.id`, 'no such question in this paper');
  const answer = isTextLikeItem(item) ? textAnswer(`${field}.answer`, submitted.answer) : choiceNumbers(`${field}.answer`, item, submitted.answer);
  return { id: item.id, type: item.type, answer, optionTexts: optionTexts(field, submitted) };
}

/** The domain's view of a stored item with the user's answer, for validatePaper. */
function asPaperItem(item: StoredItem, checked: CheckedAnswer | undefined): PaperItem {
  const answer = checked?.answer ?? null;
  return {
    id: item.id,
    type: item.type,
    answer,
    options: (item.options ?? []).map((o) => ({
      number: o.number,
      completion: o.completion === true,
      required: o.required === true,
      answerOption: checked?.optionTexts[o.number] ?? null,
    })),
  };
}

/** Checks a submission; throws 4501 naming the answer and the problem. */
export function checkAnswers(paper: StoredPaper, submitted: readonly SubmittedAnswer[]): CheckedAnswer[] {
  const checked = submitted.map((s, i) => checkOne(paper, s, i));
  const seen = new Set<string>();
  for (const [i, c] of checked.entries()) {
    if (seen.has(c.id)) throw invalid(`answers[${i}].id`, 'answered twice');
    seen.add(c.id);
  }
  const byId = new Map(checked.map((c) => [c.id, c]));
  const verdict = validatePaper(paper.items.map((item) => asPaperItem(item, byId.get(item.id))));
  if (!verdict.ok) {
    const first = verdict.error[0]!;
    const where = first.itemId === null ? 'answers' : `answers[id=${String(first.itemId)}]`;
    throw invalid(where, problemText(first));
  }
  return checked;
}

export interface QuizScore {
  readonly score: number;
  readonly total: number;
  /** Per scored question: the right options and whether the user chose exactly them. */
  readonly results: readonly { readonly id: string; readonly correct: readonly string[]; readonly right: boolean }[];
}

/** One point per scored question answered with exactly its correct options. */
export function scoreQuiz(paper: StoredPaper, answers: readonly CheckedAnswer[]): QuizScore {
  const byId = new Map(answers.map((a) => [a.id, a]));
  const results = paper.items
    .filter((item) => item.correct !== undefined && item.correct.length > 0)
    .map((item) => {
      const correct = item.correct ?? [];
      const given = byId.get(item.id)?.answer;
      const chosen = new Set(Array.isArray(given) ? given : []);
      const right = chosen.size === correct.length && correct.every((n) => chosen.has(n));
      return { id: item.id, correct, right };
    });
  return { score: results.filter((r) => r.right).length, total: results.length, results };
}
