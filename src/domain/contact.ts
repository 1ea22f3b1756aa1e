/**
 * Contact and verification fields (SPEC 5): "Email and phone: format checks (invalid
 * format). Email, phone, SMS code and email code must be entered." Plus the generic
 * "Required fields cannot be empty".
 */
import { EMAIL_MAX_LENGTH, VERIFICATION_CODE_MAX_DIGITS, VERIFICATION_CODE_MIN_DIGITS } from './constants';
import { fail, ok, problem, type Result } from './result';
import { isBlank } from './text';

/**
 * A required field: empty or whitespace-only is missing. The value is returned as given,
 * untrimmed, since this rule is used for fields (passwords, names) where the caller decides
 * what spaces mean. null and undefined count as empty, for optional form state.
 */
export function validateRequired(value: string | null | undefined): Result<string> {
  if (value === null || value === undefined || isBlank(value)) return fail(problem('validation.required'));
  return ok(value);
}

/**
 * Practical address check, not RFC 5322: a local part of the usual unquoted characters, an
 * "@", dot-separated labels of letters, digits and hyphens, and an alphabetic top-level
 * label of 2 or more letters (qq.com, 163.com, example.co.uk). ASCII only: international
 * addresses are rare for our users and not accepted by the mail sender. No quantifier
 * ranges over a dot, so the match cannot backtrack badly; the length cap comes first anyway.
 */
const EMAIL = /^[A-Za-z0-9_%+'-]+(?:\.[A-Za-z0-9_%+'-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

/** Checks an email address and returns it trimmed (case kept: the local part may be case-sensitive). */
export function validateEmail(input: string): Result<string> {
  const email = input.trim();
  if (email.length === 0) return fail(problem('validation.email.required'));
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL.test(email)) return fail(problem('validation.email.invalid'));
  return ok(email);
}

/** Spaces (ASCII and full-width) and dashes people type or paste inside a number: "138 0013-8000". */
const PHONE_SEPARATORS = /[\s-]/g;
/** Mainland China mobile: optional +86 or 0086, then 1, a digit 3-9, and 9 more digits. */
const CN_MOBILE = /^(?:\+86|0086)?(1[3-9][0-9]{9})$/;

/**
 * Checks a mainland China mobile number. Spaces and dashes anywhere are tolerated and
 * removed; a +86 / 0086 country prefix is accepted and dropped. The value returned is the
 * bare 11-digit national number ("13800138000"), the form the SMS service takes.
 */
export function validatePhone(input: string): Result<string> {
  const compact = input.replace(PHONE_SEPARATORS, '');
  if (compact.length === 0) return fail(problem('validation.phone.required'));
  const national = CN_MOBILE.exec(compact)?.[1];
  if (national === undefined) return fail(problem('validation.phone.invalid'));
  return ok(national);
}

/** 4 to 8 ASCII digits: the codes our SMS and mail senders issue. */
const VERIFICATION_CODE = new RegExp(`^[0-9]{${VERIFICATION_CODE_MIN_DIGITS},${VERIFICATION_CODE_MAX_DIGITS}}$`);

/**
 * An SMS code: required, then 4 to 8 digits. A malformed code gets the "wrong verification
 * code" message (code.4101), the same the server gives, so a typo is caught without a round
 * trip. Returned trimmed.
 */
export function validateSmsCode(input: string): Result<string> {
  const code = input.trim();
  if (code.length === 0) return fail(problem('validation.smsCode.required'));
  if (!VERIFICATION_CODE.test(code)) return fail(problem('code.4101'));
  return ok(code);
}

/** An email code: same rules as validateSmsCode, with its own "required" message. */
export function validateEmailCode(input: string): Result<string> {
  const code = input.trim();
  if (code.length === 0) return fail(problem('validation.emailCode.required'));
  if (!VERIFICATION_CODE.test(code)) return fail(problem('code.4101'));
  return ok(code);
}
