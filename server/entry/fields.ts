/**
 * The domain rules (src/domain) applied to request fields, with their problems turned into
 * the server's refusals: code 4501 naming the field and saying why (PROTOCOL 1.2), or the
 * specific code a rule asks for (a malformed SMS code is "wrong verification code", 4101).
 */
import { BizError, invalid } from '../http/envelope.js';
import type { Problem, Result } from '../../src/domain/result';
import { validateEmail, validateEmailCode, validatePhone, validateSmsCode } from '../../src/domain/contact';
import { validateNickname } from '../../src/domain/nickname';
import { NICKNAME_MAX } from '../../src/domain/constants';

/** English for the domain problems entry meets (the client shows its own localized text). */
const PROBLEM_TEXT: Readonly<Record<string, string>> = {
  'validation.required': 'is required',
  'validation.nickname.required': 'is required',
  'validation.nickname.blank': 'cannot be only spaces',
  'validation.nickname.tooLong': `can be at most ${NICKNAME_MAX} characters`,
  'validation.nickname.invalidChars': 'may contain only Chinese characters, letters, digits and underscores',
  'validation.email.required': 'is required',
  'validation.email.invalid': 'invalid email format',
  'validation.phone.required': 'is required',
  'validation.phone.invalid': 'invalid phone number format',
  'validation.smsCode.required': 'is required',
  'validation.emailCode.required': 'is required',
};

/** Problem keys of the form "code.<n>" ask for that business code. */
function refusal(field: string, problem: Problem): BizError {
  const code = /^code\.(\d+)$/.exec(problem.key)?.[1];
  if (code !== undefined) return new BizError(Number(code));
  return invalid(field, PROBLEM_TEXT[problem.key] ?? problem.key);
}

export function checked<T>(field: string, result: Result<T>): T {
  if (!result.ok) throw refusal(field, result.error);
  return result.value;
}

/** A field the login type needs: absent or blank -> 4501 "<field>: is required". */
export function present(field: string, value: string | undefined): string {
  if (value === undefined || value.trim() === '') throw invalid(field, 'is required');
  return value;
}

export const phoneField = (field: string, value: string | undefined): string => checked(field, validatePhone(present(field, value)));
export const emailField = (field: string, value: string | undefined): string => checked(field, validateEmail(present(field, value)));
export const smsCodeField = (field: string, value: string | undefined): string =>
  checked(field, validateSmsCode(present(field, value)));
export const emailCodeField = (field: string, value: string | undefined): string =>
  checked(field, validateEmailCode(present(field, value)));
export const nicknameField = (field: string, value: string): string => checked(field, validateNickname(value));
