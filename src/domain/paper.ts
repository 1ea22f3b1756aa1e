/**
 * Questionnaire (paper) rules of SPEC 5:
 * - an empty questionnaire cannot be submitted;
 * - blank fill-in answers are not allowed;
 * - a required option with completion needs a filled answer;
 * - an answer counts as existing if a single or text answer is set, or a multiple answer
 *   is non-empty.
 * SPEC requires no item to be answered beyond "not empty", so unanswered items are allowed.
 */
import { fail, ok, problem, type Problem, type Result } from './result';
import { isBlank } from './text';

/**
 * Item type codes (SPEC 3: "0 single, 1 multiple, 2 and 5 text-like"). SPEC 1 also lists
 * "scale" as a question type without giving its code: we use 3 (the free code between the
 * choice and text-like ones) and treat a scale answer like a single choice (one value).
 */
export const PAPER_ITEM_TYPE = { single: 0, multiple: 1, fillIn: 2, scale: 3, qa: 5 } as const;

export type PaperItemId = string | number;

export interface PaperOption {
  readonly number: string | number;
  /** The option has a free-text box. */
  readonly completion?: boolean;
  /** With completion: the box must be filled when the option is chosen. */
  readonly required?: boolean;
  /** The text typed in the box. */
  readonly answerOption?: string | null;
}

export interface PaperItem {
  readonly id: PaperItemId;
  readonly type: number;
  /**
   * single / scale: the chosen option number (or scale value); multiple: the chosen option
   * numbers (an array, or the server's comma-joined string); text-like: the text.
   */
  readonly answer?: string | readonly string[] | number | readonly number[] | null;
  readonly options?: readonly PaperOption[];
}

/** A problem found in a paper; `itemId` is null for the paper as a whole (the empty case). */
export interface PaperProblem extends Problem {
  readonly itemId: PaperItemId | null;
}

/** Array.isArray does not narrow readonly arrays; this does. */
const isAnswerList = (answer: PaperItem['answer']): answer is readonly string[] | readonly number[] => Array.isArray(answer);

export const isTextLikeItem = (item: Pick<PaperItem, 'type'>): boolean =>
  item.type === PAPER_ITEM_TYPE.fillIn || item.type === PAPER_ITEM_TYPE.qa;

export const isMultipleItem = (item: Pick<PaperItem, 'type'>): boolean => item.type === PAPER_ITEM_TYPE.multiple;

/**
 * Whether the item has an answer, per SPEC 5. A text answer that is only spaces does count
 * as set (it is then reported as a blank fill-in, not silently ignored). Option number 0 is
 * a real answer. A multiple answer given as a string is "non-empty" when it is not blank.
 * Unknown item types are judged like a single choice: any value is an answer.
 */
export function hasAnswer(item: PaperItem): boolean {
  const { answer } = item;
  if (answer === undefined || answer === null) return false;
  if (isAnswerList(answer)) return answer.length > 0;
  if (typeof answer === 'number') return Number.isFinite(answer);
  if (isTextLikeItem(item)) return answer.length > 0;
  return !isBlank(answer);
}

/** Option numbers chosen in a choice item, as strings (numbers and strings compare equal). */
export function chosenOptionNumbers(item: PaperItem): string[] {
  if (!hasAnswer(item) || isTextLikeItem(item)) return [];
  const { answer } = item;
  if (isAnswerList(answer)) return answer.map(String);
  if (isMultipleItem(item) && typeof answer === 'string') {
    return answer.split(',').map((s) => s.trim()).filter((s) => s.length > 0);
  }
  return [String(answer)];
}

function itemProblems(item: PaperItem): PaperProblem[] {
  if (!hasAnswer(item)) return [];
  if (isTextLikeItem(item)) {
    return typeof item.answer === 'string' && isBlank(item.answer)
      ? [{ ...problem('validation.paper.blankFill'), itemId: item.id }]
      : [];
  }
  const chosen = new Set(chosenOptionNumbers(item));
  const missingText = (item.options ?? []).some(
    (o) => chosen.has(String(o.number)) && o.completion === true && o.required === true && isBlank(o.answerOption ?? ''),
  );
  return missingText ? [{ ...problem('validation.paper.completionRequired'), itemId: item.id }] : [];
}

/**
 * Checks a questionnaire before submission. Fails with every problem found, one per item
 * at most, in item order, so the form can mark all of them at once; an empty paper (no
 * items, or no item answered) fails with the single paper-wide problem.
 */
export function validatePaper(items: readonly PaperItem[]): Result<void, PaperProblem[]> {
  if (!items.some(hasAnswer)) return fail([{ ...problem('validation.paper.empty'), itemId: null }]);
  const problems = items.flatMap(itemProblems);
  return problems.length > 0 ? fail(problems) : ok(undefined);
}
