/**
 * A quiz tried in a replay (issue 36 item 2): the viewer answers in the page and it is
 * checked there against the key the replay's timeline carries, by the server's rule (one
 * point per scored question answered with exactly its correct options). Nothing is sent:
 * the room's results stay those of the live.
 */
import { draftOf, type PaperDraft } from './paperDraft';
import type { QuizResult } from './paperFlow';

export interface AnswerKey {
  readonly id: string;
  readonly correct: readonly string[];
}

export function scorePractice(keys: readonly AnswerKey[], draft: PaperDraft): QuizResult {
  const questions = keys
    .filter((key) => key.correct.length > 0)
    .map((key) => {
      const chosen = new Set(draftOf(draft, key.id).chosen);
      const right = chosen.size === key.correct.length && key.correct.every((n) => chosen.has(n));
      return { id: key.id, correct: key.correct, right };
    });
  return { score: questions.filter((q) => q.right).length, total: questions.length, questions };
}

/** The key of a replay's paper (items with `correct`), read from `unknown`; empty: none given. */
export function readAnswerKey(paper: unknown): AnswerKey[] {
  if (typeof paper !== 'object' || paper === null || !Array.isArray((paper as { items?: unknown }).items)) return [];
  return ((paper as { items: unknown[] }).items).flatMap((item) => {
    if (typeof item !== 'object' || item === null) return [];
    const { id, correct } = item as { id?: unknown; correct?: unknown };
    if ((typeof id !== 'string' && typeof id !== 'number') || !Array.isArray(correct)) return [];
    return [{ id: String(id), correct: correct.flatMap((n) => (typeof n === 'string' || typeof n === 'number' ? [String(n)] : [])) }];
  });
}
