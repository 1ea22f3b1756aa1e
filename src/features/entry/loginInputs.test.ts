import { describe, expect, it } from 'vitest';
import { emailLoginInput, memberCodeLoginInput, passwordLoginInput, phoneLoginInput } from './loginInputs';

describe('login inputs', () => {
  it('password: required, optional nickname by the rules', () => {
    expect(passwordLoginInput('1', '', '')).toEqual({ ok: false, error: { password: { key: 'validation.required' } } });
    expect(passwordLoginInput('1', '123456', 'bad name')).toMatchObject({ ok: false, error: { name: { key: 'validation.nickname.invalidChars' } } });
    expect(passwordLoginInput('1', '123456', '')).toEqual({ ok: true, value: { webcastId: '1', type: 'password', password: '123456' } });
    expect(passwordLoginInput('1', '123456', ' 小明 ')).toEqual({ ok: true, value: { webcastId: '1', type: 'password', password: '123456', name: '小明' } });
  });

  it('member code: required, trimmed', () => {
    expect(memberCodeLoginInput('1', ' ')).toMatchObject({ ok: false });
    expect(memberCodeLoginInput('1', ' M1001 ')).toEqual({ ok: true, value: { webcastId: '1', type: 'memberCode', memberCode: 'M1001' } });
  });

  it('phone and SMS code for each phone gate', () => {
    expect(phoneLoginInput('1', 'vip', '', '')).toEqual({
      ok: false,
      error: { phone: { key: 'validation.phone.required' }, smsCode: { key: 'validation.smsCode.required' } },
    });
    expect(phoneLoginInput('1', 'whitelist', '138 0000 0101', '123456')).toEqual({
      ok: true,
      value: { webcastId: '1', type: 'whitelist', phone: '13800000101', smsCode: '123456' },
    });
    expect(phoneLoginInput('1', 'phone', '13800000101', '12')).toMatchObject({ ok: false, error: { smsCode: { key: 'code.4101' } } });
  });

  it('email and email code', () => {
    expect(emailLoginInput('1', 'x@', '123456')).toMatchObject({ ok: false, error: { email: { key: 'validation.email.invalid' } } });
    expect(emailLoginInput('1', 'a@example.com', '')).toMatchObject({ ok: false, error: { emailCode: { key: 'validation.emailCode.required' } } });
    expect(emailLoginInput('1', ' a@example.com ', '654321')).toEqual({
      ok: true,
      value: { webcastId: '1', type: 'email', email: 'a@example.com', emailCode: '654321' },
    });
  });
});
