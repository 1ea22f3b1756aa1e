/**
 * Live results of a questionnaire (issue 13 item 9): for each choice question, how many
 * respondents chose each option, counted by the server and sent to the room as versioned
 * snapshots, throttled (never one push per answer). Who may see them and when:
 *
 * - `live`: a viewer sees the results once they have answered (or once the paper is closed);
 * - `closed`: only once the host closes the paper, so that nobody votes with the crowd.
 *
 * Text answers are never counted or shown.
 */
import { isTextLikeItem } from './paper';

export type ResultsVisibility = 'live' | 'closed';

export interface QuestionResult {
  readonly id: string;
  /** Respondents per option number. */
  readonly counts: Readonly<Record<string, number>>;
}

export interface PaperResults {
  readonly respondents: number;
  readonly questions: readonly QuestionResult[];
}

export interface TalliedItem {
  readonly id: string;
  readonly type: number;
  readonly options?: readonly { readonly number: string }[];
}

export interface TalliedAnswer {
  readonly id: string;
  readonly answer: string | readonly string[] | null;
}

/** Counts the answers of every respondent (one list per respondent). */
export function tallyAnswers(items: readonly TalliedItem[], responses: readonly (readonly TalliedAnswer[])[]): PaperResults {
  const choice = items.filter((item) => !isTextLikeItem(item));
  const counts = new Map(choice.map((item) => [item.id, new Map((item.options ?? []).map((o) => [o.number, 0]))]));
  for (const response of responses) {
    for (const answer of response) {
      const options = counts.get(answer.id);
      if (options === undefined || answer.answer === null) continue;
      const chosen = typeof answer.answer === 'string' ? [answer.answer] : answer.answer;
      for (const number of new Set(chosen)) if (options.has(number)) options.set(number, options.get(number)! + 1);
    }
  }
  return {
    respondents: responses.length,
    questions: choice.map((item) => ({ id: item.id, counts: Object.fromEntries(counts.get(item.id)!) })),
  };
}

/** Whether a viewer sees the results now. */
export function resultsVisible(visibility: ResultsVisibility, closed: boolean, answered: boolean): boolean {
  return closed || (visibility === 'live' && answered);
}

/** An option's share of the respondents, in whole percent (a multiple choice may add up past 100). */
export const sharePercent = (count: number, respondents: number): number => (respondents <= 0 ? 0 : Math.round((100 * count) / respondents));

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const count = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null);
const QUESTIONS_MAX = 200;
const OPTIONS_MAX = 50;

/** Results as the room sends them; null when they are not. */
export function readPaperResults(value: unknown): PaperResults | null {
  if (!isRecord(value)) return null;
  const respondents = count(value.respondents);
  if (respondents === null || !Array.isArray(value.questions)) return null;
  const questions = value.questions.slice(0, QUESTIONS_MAX).flatMap((q): QuestionResult[] => {
    if (!isRecord(q) || typeof q.id !== 'string' || q.id === '' || q.id.length > 128 || !isRecord(q.counts)) return [];
    const entries = Object.entries(q.counts).slice(0, OPTIONS_MAX).flatMap(([number, n]) => (count(n) === null || number.length > 16 ? [] : [[number, n as number] as const]));
    return [{ id: q.id, counts: Object.fromEntries(entries) }];
  });
  return { respondents, questions };
}
