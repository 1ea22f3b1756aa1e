/**
 * The login call's input for the forms with typed secrets (SPEC 5 checks before sending):
 * watch password, member code, phone + SMS code (phone, VIP, whitelist, sign-up rooms),
 * email + email code. The privacy consent is added by the panel.
 */
import type { LoginInput } from '../../api';
import { validateEmail, validateEmailCode, validatePhone, validateRequired, validateSmsCode } from '../../domain/contact';
import { validateNickname } from '../../domain/nickname';
import { fail, ok, type Problem, type Result } from '../../domain/result';

export type FieldProblems = Readonly<Record<string, Problem>>;

const collect = (checks: Record<string, Result<string>>): Result<Record<string, string>, FieldProblems> => {
  const values: Record<string, string> = {};
  const problems: Record<string, Problem> = {};
  for (const [key, result] of Object.entries(checks)) {
    if (result.ok) values[key] = result.value;
    else problems[key] = result.error;
  }
  return Object.keys(problems).length > 0 ? fail(problems) : ok(values);
};

/** An optional nickname: empty means none; otherwise SPEC 5's rule. */
const optionalName = (nickname: string): Result<string> => (nickname === '' ? ok('') : validateNickname(nickname));

const withName = (name: string | undefined) => (name === undefined || name === '' ? {} : { name });

export function passwordLoginInput(roomId: string, password: string, nickname: string): Result<LoginInput, FieldProblems> {
  const checked = collect({ password: validateRequired(password), name: optionalName(nickname) });
  if (!checked.ok) return checked;
  return ok({ webcastId: roomId, type: 'password', password: checked.value.password ?? '', ...withName(checked.value.name) });
}

export function memberCodeLoginInput(roomId: string, memberCode: string): Result<LoginInput, FieldProblems> {
  const checked = collect({ memberCode: validateRequired(memberCode) });
  if (!checked.ok) return checked;
  return ok({ webcastId: roomId, type: 'memberCode', memberCode: (checked.value.memberCode ?? '').trim() });
}

/** Login types that take a phone and an SMS code. */
export type PhoneLoginType = 'phone' | 'signup' | 'vip' | 'whitelist';

export function phoneLoginInput(roomId: string, type: PhoneLoginType, phone: string, smsCode: string): Result<LoginInput, FieldProblems> {
  const checked = collect({ phone: validatePhone(phone), smsCode: validateSmsCode(smsCode) });
  if (!checked.ok) return checked;
  return ok({ webcastId: roomId, type, phone: checked.value.phone ?? '', smsCode: checked.value.smsCode ?? '' });
}

export function emailLoginInput(roomId: string, email: string, emailCode: string): Result<LoginInput, FieldProblems> {
  const checked = collect({ email: validateEmail(email), emailCode: validateEmailCode(emailCode) });
  if (!checked.ok) return checked;
  return ok({ webcastId: roomId, type: 'email', email: checked.value.email ?? '', emailCode: checked.value.emailCode ?? '' });
}
