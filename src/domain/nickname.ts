/**
 * Nickname rules of SPEC 5: at most 20 characters; only Chinese characters, letters,
 * digits and underscore; not only spaces; must be changed before connect-mic or a lottery.
 */
import { NICKNAME_MAX } from './constants';
import { fail, ok, problem, type Result } from './result';
import { codePointLength } from './text';

/**
 * Han script (covers CJK ideographs of every extension block, so rare surnames outside the
 * BMP pass), ASCII letters, ASCII digits and underscore. Full-width letters and digits are
 * not "letters and digits" of the rule: they look alike but break server-side matching.
 */
const NICKNAME_CHARS = /^[\p{Script=Han}A-Za-z0-9_]+$/u;

/**
 * Checks a nickname typed by the user.
 *
 * Leading and trailing whitespace (ASCII spaces, tabs, the full-width space U+3000 and the
 * other Unicode spaces) is trimmed before the checks, and the trimmed nickname is the value
 * returned: a stray space from pasting should not reject an otherwise good name, and spaces
 * are not allowed characters anyway. Spaces inside the name are still rejected.
 *
 * Order of checks: required, blank, too long, invalid characters, so the message names the
 * first thing the user must fix.
 */
export function validateNickname(input: string): Result<string> {
  if (input.length === 0) return fail(problem('validation.nickname.required'));
  const nickname = input.trim();
  if (nickname.length === 0) return fail(problem('validation.nickname.blank'));
  if (codePointLength(nickname) > NICKNAME_MAX) {
    return fail(problem('validation.nickname.tooLong', { max: NICKNAME_MAX }));
  }
  if (!NICKNAME_CHARS.test(nickname)) return fail(problem('validation.nickname.invalidChars'));
  return ok(nickname);
}

export interface NicknameOwner {
  readonly nickname: string;
  /** True once the user has set a nickname of their own (the server-assigned one is not). */
  readonly nicknameChanged: boolean;
}

/**
 * Gate for connect-mic applications and lottery entry (SPEC 5: the nickname "must be
 * changed before" either). A changed nickname that is nevertheless invalid (for instance set
 * before the rules tightened) also fails, with the same message, so the user is sent to the
 * nickname dialog where the precise problem is shown.
 */
export function nicknameGate(user: NicknameOwner): Result<void> {
  if (!user.nicknameChanged || !validateNickname(user.nickname).ok) {
    return fail(problem('validation.nickname.mustChange'));
  }
  return ok(undefined);
}
