/** Q&A question text (SPEC 5): at least 5 characters. */
import { QUESTION_MIN } from './constants';
import { fail, ok, problem, type Result } from './result';
import { codePointLength } from './text';

/**
 * Checks a question typed for the Q&A panel and returns it trimmed (surrounding spaces carry
 * no meaning and must not pad a 3-character question up to 5). Empty or whitespace-only
 * text is "required" rather than "too short", the more helpful message for a blank box.
 * Length is in code points; SPEC sets no maximum, so none is enforced here.
 */
export function validateQuestionText(input: string): Result<string> {
  const text = input.trim();
  if (text.length === 0) return fail(problem('validation.required'));
  if (codePointLength(text) < QUESTION_MIN) {
    return fail(problem('validation.question.tooShort', { min: QUESTION_MIN }));
  }
  return ok(text);
}
