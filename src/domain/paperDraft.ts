/**
 * What the viewer has chosen and typed in a questionnaire or quiz, kept as plain data per
 * question, and turned into the two shapes the rules need: the SPEC 5 check
 * (validatePaper's items) and the answers the room takes (paper/state).
 */
import { hasAnswer, isMultipleItem, isTextLikeItem, validatePaper, type PaperItem, type PaperProblem } from './paper';
import type { Result } from './result';

export interface PaperQuestionOption {
  readonly number: string;
  readonly text: string;
  readonly completion: boolean;
  readonly required: boolean;
}

export interface PaperQuestion {
  readonly id: string;
  readonly type: number;
  readonly title: string;
  readonly options: readonly PaperQuestionOption[];
}

export interface DraftAnswer {
  /** Chosen option numbers (choice and scale questions). */
  readonly chosen: readonly string[];
  /** The typed answer (fill-in and Q&A questions). */
  readonly text: string;
  /** Texts typed in the boxes of options with completion, by option number. */
  readonly optionTexts: Readonly<Record<string, string>>;
}

export type PaperDraft = Readonly<Record<string, DraftAnswer>>;

const EMPTY: DraftAnswer = { chosen: [], text: '', optionTexts: {} };

export const draftOf = (draft: PaperDraft, id: string): DraftAnswer => draft[id] ?? EMPTY;

/** Chooses an option: the only one of a single or scale question; toggled in a multiple one. */
export function chooseOption(draft: PaperDraft, question: PaperQuestion, number: string): PaperDraft {
  const current = draftOf(draft, question.id);
  const chosen = isMultipleItem(question)
    ? current.chosen.includes(number)
      ? current.chosen.filter((n) => n !== number)
      : [...current.chosen, number]
    : [number];
  return { ...draft, [question.id]: { ...current, chosen } };
}

export function typeAnswer(draft: PaperDraft, id: string, text: string): PaperDraft {
  return { ...draft, [id]: { ...draftOf(draft, id), text } };
}

export function typeOptionText(draft: PaperDraft, id: string, number: string, text: string): PaperDraft {
  const current = draftOf(draft, id);
  return { ...draft, [id]: { ...current, optionTexts: { ...current.optionTexts, [number]: text } } };
}

/** The question as validatePaper reads it, with the viewer's answer. */
function asItem(question: PaperQuestion, answer: DraftAnswer): PaperItem {
  const textLike = isTextLikeItem(question);
  return {
    id: question.id,
    type: question.type,
    answer: textLike ? (answer.text === '' ? null : answer.text) : isMultipleItem(question) ? answer.chosen : (answer.chosen[0] ?? null),
    options: question.options.map((o) => ({ number: o.number, completion: o.completion, required: o.required, answerOption: answer.optionTexts[o.number] ?? null })),
  };
}

/** Whether a question counts as answered (SPEC 5), for the progress shown while answering. */
export function isQuestionAnswered(question: PaperQuestion, draft: PaperDraft): boolean {
  return hasAnswer(asItem(question, draftOf(draft, question.id)));
}

export function answeredCount(questions: readonly PaperQuestion[], draft: PaperDraft): number {
  return questions.filter((q) => isQuestionAnswered(q, draft)).length;
}

/** SPEC 5's check of the whole paper: every problem, one per question at most. */
export function checkDraft(questions: readonly PaperQuestion[], draft: PaperDraft): Result<void, PaperProblem[]> {
  return validatePaper(questions.map((q) => asItem(q, draftOf(draft, q.id))));
}

export interface SubmittedPaperAnswer {
  readonly id: string;
  readonly answer: string | readonly string[];
  readonly options?: readonly { readonly number: string; readonly answerOption: string }[];
}

/** The answers paper/state takes: answered questions only, option texts of chosen options only. */
export function submissionOf(questions: readonly PaperQuestion[], draft: PaperDraft): SubmittedPaperAnswer[] {
  const out: SubmittedPaperAnswer[] = [];
  for (const question of questions) {
    if (!isQuestionAnswered(question, draft)) continue;
    const answer = draftOf(draft, question.id);
    if (isTextLikeItem(question)) {
      out.push({ id: question.id, answer: answer.text });
      continue;
    }
    const options = answer.chosen.flatMap((number) => {
      const text = answer.optionTexts[number];
      return text === undefined || text === '' ? [] : [{ number, answerOption: text }];
    });
    out.push({ id: question.id, answer: isMultipleItem(question) ? answer.chosen : answer.chosen[0]!, ...(options.length > 0 ? { options } : {}) });
  }
  return out;
}
