/**
 * The paper answers, narrowed from `unknown` field by field (a malformed question is left
 * out, a malformed paper reads as none, never a crash):
 * - `paper/info/id` and the `paper` of `paper/unanswered/info`: the paper as the viewer sees
 *   it (server/interact/papers/routes.ts paperView): `{id, kind, title, items, answered,
 *   myAnswer, result}`;
 * - `paper/state`: `{id, answered, result}`, the quiz's score when it is one.
 */
import type { PaperQuestion, PaperQuestionOption } from '../../domain/paperDraft';
import type { QuizResult } from '../../domain/paperFlow';
import { readPaperResults, type PaperResults, type ResultsVisibility } from '../../domain/paperResults';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const textOf = (value: unknown, max = 2000): string | null => (typeof value === 'string' && value.length <= max ? value : null);
const idOf = (value: unknown): string | null => {
  const id = textOf(value, 128);
  return id === null || id === '' ? null : id;
};
const countOf = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null);
const numberOf = (value: unknown): string | null => (typeof value === 'string' || typeof value === 'number' ? idOf(String(value)) : null);

/** More questions than this is not a paper a person answers live. */
export const QUESTIONS_MAX = 200;
const OPTIONS_MAX = 50;

export interface OfferedPaper {
  readonly id: string;
  readonly title: string;
  readonly quiz: boolean;
  readonly questions: readonly PaperQuestion[];
  readonly answered: boolean;
  readonly result: QuizResult | null;
  /** The viewer's own answers (after answering), by question id: chosen numbers or text. */
  readonly mine: Readonly<Record<string, readonly string[] | string>>;
  /** Answers kept without the viewer's id (so none to give back). */
  readonly anonymous: boolean;
  readonly resultsVisibility: ResultsVisibility;
  readonly closed: boolean;
  /** The results, when the server lets this viewer see them. */
  readonly results: PaperResults | null;
}

function readOption(value: unknown): PaperQuestionOption | null {
  if (!isRecord(value)) return null;
  const number = numberOf(value.number);
  const text = textOf(value.text) ?? '';
  if (number === null) return null;
  return { number, text, completion: value.completion === true, required: value.required === true };
}

function readQuestion(value: unknown): PaperQuestion | null {
  if (!isRecord(value)) return null;
  const id = numberOf(value.id);
  const type = countOf(value.type);
  const title = textOf(value.title);
  if (id === null || type === null || title === null) return null;
  const options = Array.isArray(value.options) ? value.options.slice(0, OPTIONS_MAX).flatMap((o) => readOption(o) ?? []) : [];
  return { id, type, title, options };
}

export function readQuizResult(value: unknown): QuizResult | null {
  if (!isRecord(value)) return null;
  const score = countOf(value.score);
  const total = countOf(value.total);
  if (score === null || total === null || score > total) return null;
  const list = Array.isArray(value.results) ? value.results : [];
  const questions = list.flatMap((r) => {
    if (!isRecord(r)) return [];
    const id = numberOf(r.id);
    const correct = Array.isArray(r.correct) ? r.correct.flatMap((n) => numberOf(n) ?? []) : [];
    return id === null || typeof r.right !== 'boolean' ? [] : [{ id, correct, right: r.right }];
  });
  return { score, total, questions };
}

function readMine(value: unknown): Record<string, readonly string[] | string> {
  const answers = isRecord(value) && Array.isArray(value.answers) ? value.answers : [];
  const mine: Record<string, readonly string[] | string> = {};
  for (const a of answers) {
    if (!isRecord(a)) continue;
    const id = numberOf(a.id);
    if (id === null) continue;
    if (typeof a.answer === 'string') mine[id] = a.answer;
    else if (Array.isArray(a.answer)) mine[id] = a.answer.flatMap((n) => numberOf(n) ?? []);
  }
  return mine;
}

export function readPaper(data: unknown): OfferedPaper | null {
  if (!isRecord(data)) return null;
  const id = idOf(data.id);
  const title = textOf(data.title, 500);
  if (id === null || title === null || !Array.isArray(data.items)) return null;
  return {
    id,
    title,
    quiz: data.kind === 'quiz',
    questions: data.items.slice(0, QUESTIONS_MAX).flatMap((q) => readQuestion(q) ?? []),
    answered: data.answered === true,
    result: readQuizResult(data.result),
    mine: readMine(data.myAnswer),
    anonymous: data.anonymous === true,
    resultsVisibility: data.resultsVisibility === 'closed' ? 'closed' : 'live',
    closed: data.closed === true,
    results: readPaperResults(data.results),
  };
}

/** The room's newest paper the viewer has not answered (`paper/unanswered/info`), if any. */
export function readUnansweredPaper(data: unknown): OfferedPaper | null {
  return isRecord(data) ? readPaper(data.paper) : null;
}

/** The key of a paper among the room's acted notes. */
export const paperActedKey = (id: string): string => `paper:${id}`;

/** The server's refusal of a second answer (4501 `id: this paper has already been answered`). */
export const ALREADY_ANSWERED = /already been answered/;

/** One paper the room published (paper/publish/list), as its list shows it. */
export interface PublishedPaper {
  readonly id: string;
  readonly quiz: boolean;
  readonly title: string;
  /** Epoch ms, or null. */
  readonly publishedAt: number | null;
  readonly answered: boolean;
}

/** The room's published papers, newest first; a row without an id is left out; at most 100. */
export function readPublishedPapers(data: unknown): PublishedPaper[] {
  const list = isRecord(data) && Array.isArray(data.list) ? data.list : [];
  const papers = list.slice(0, 100).flatMap((item): PublishedPaper[] => {
    if (!isRecord(item)) return [];
    const id = idOf(item.id);
    if (id === null) return [];
    const at = item.publishedAt;
    return [{ id, quiz: item.kind === 'quiz', title: textOf(item.title, 200)?.trim() || id, publishedAt: typeof at === 'number' && Number.isFinite(at) && at > 0 ? at : null, answered: item.answered === true }];
  });
  return papers.sort((a, b) => (b.publishedAt ?? 0) - (a.publishedAt ?? 0));
}
