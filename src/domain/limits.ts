/**
 * Length limits of SPEC 5 that come without a number: "Lottery password: a too-long
 * password gives an error" and "Keyword: a keyword that is too long gives an over-limit
 * message". The numbers are ours (see LOTTERY_PASSWORD_MAX and KEYWORD_MAX).
 */
import { KEYWORD_MAX, LOTTERY_PASSWORD_MAX } from './constants';
import { fail, ok, problem, type Result } from './result';
import { codePointLength } from './text';

/**
 * A lottery password typed by a viewer, returned trimmed: the host shows it on screen and
 * a space picked up by copy-paste should not make it wrong. Required; at most
 * LOTTERY_PASSWORD_MAX code points.
 */
export function validateLotteryPassword(input: string): Result<string> {
  const password = input.trim();
  if (password.length === 0) return fail(problem('validation.lotteryPassword.required'));
  if (codePointLength(password) > LOTTERY_PASSWORD_MAX) {
    return fail(problem('validation.lotteryPassword.tooLong', { max: LOTTERY_PASSWORD_MAX }));
  }
  return ok(password);
}

/**
 * A keyword, returned trimmed; at most KEYWORD_MAX code points. SPEC states only the
 * over-limit rule, so an empty keyword passes here; a screen where it is mandatory adds
 * validateRequired.
 */
export function validateKeyword(input: string): Result<string> {
  const keyword = input.trim();
  if (codePointLength(keyword) > KEYWORD_MAX) return fail(problem('validation.keyword.tooLong', { max: KEYWORD_MAX }));
  return ok(keyword);
}
