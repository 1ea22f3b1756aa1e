import { describe, it, expect } from 'vitest';
import { validateEmail, validateEmailCode, validatePhone, validateRequired, validateSmsCode } from './contact';

const key = (r: { ok: true } | { ok: false; error: { key: string } }) => (r.ok ? null : r.error.key);

describe('validateRequired', () => {
  it('accepts any non-blank value as given', () => {
    expect(validateRequired('x')).toEqual({ ok: true, value: 'x' });
    expect(validateRequired(' pass word ')).toEqual({ ok: true, value: ' pass word ' });
  });

  it.each([[''], [' '], ['\u3000'], ['\t\n'], [null], [undefined]])('rejects %j', (value) => {
    expect(validateRequired(value)).toEqual({ ok: false, error: { key: 'validation.required' } });
  });
});

describe('validateEmail', () => {
  it.each(['a@b.cn', 'user.name+tag@example.com', 'x_y-z@mail.example.co.uk', '12345@qq.com', 'A@163.COM', "o'neil@ex-ample.org"])(
    'accepts %s',
    (email) => {
      expect(validateEmail(email)).toEqual({ ok: true, value: email });
    },
  );

  it('trims surrounding spaces', () => {
    expect(validateEmail('  a@b.cn ')).toEqual({ ok: true, value: 'a@b.cn' });
  });

  it('requires an address', () => {
    expect(key(validateEmail(''))).toBe('validation.email.required');
    expect(key(validateEmail('   '))).toBe('validation.email.required');
  });

  it.each([
    'plain',
    '@example.com',
    'a@',
    'a@b',
    'a@b.c',
    'a@@b.cn',
    'a b@c.cn',
    'a@b .cn',
    '.a@b.cn',
    'a.@b.cn',
    'a..b@c.cn',
    'a@-b.cn',
    'a@b-.cn',
    'a@b..cn',
    'a@.b.cn',
    'a@b.c1',
    'a@b.cn.',
    '用户@例子.中国',
    'a@b\n.cn',
    'a<script>@b.cn',
  ])('rejects %j', (email) => {
    expect(key(validateEmail(email))).toBe('validation.email.invalid');
  });

  it('rejects addresses longer than 254 characters', () => {
    const at254 = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.cn`;
    expect(at254.length).toBe(254);
    expect(validateEmail(at254).ok).toBe(true);
    expect(key(validateEmail(`a${at254}`))).toBe('validation.email.invalid');
  });

  it('does not backtrack catastrophically', () => {
    const started = Date.now();
    validateEmail(`${'a.'.repeat(120)}@${'b-'.repeat(60)}`);
    validateEmail(`a@${'b.'.repeat(120)}1`);
    expect(Date.now() - started).toBeLessThan(200);
  });
});

describe('validatePhone', () => {
  it.each([
    ['13800138000', '13800138000'],
    ['19912345678', '19912345678'],
    ['+8613800138000', '13800138000'],
    ['008613800138000', '13800138000'],
    ['138 0013 8000', '13800138000'],
    ['138-0013-8000', '13800138000'],
    ['+86 138-0013-8000', '13800138000'],
    [' 13800138000 ', '13800138000'],
    ['138\u30000013\u30008000', '13800138000'],
  ])('accepts %j as %s', (input, national) => {
    expect(validatePhone(input)).toEqual({ ok: true, value: national });
  });

  it('requires a number', () => {
    expect(key(validatePhone(''))).toBe('validation.phone.required');
    expect(key(validatePhone('  - '))).toBe('validation.phone.required');
  });

  it.each([
    ['second digit 2', '12800138000'],
    ['second digit 0', '10800138000'],
    ['not starting with 1', '23800138000'],
    ['10 digits', '1380013800'],
    ['12 digits', '138001380001'],
    ['letters', '1380013800a'],
    ['full-width digits', '１３８００１３８０００'],
    ['86 without plus', '8613800138000'],
    ['other country code', '+8513800138000'],
    ['landline', '01088886666'],
    ['parentheses', '(138)00138000'],
    ['dots', '138.0013.8000'],
  ])('rejects %s', (_label, input) => {
    expect(key(validatePhone(input))).toBe('validation.phone.invalid');
  });
});

describe.each([
  ['validateSmsCode', validateSmsCode, 'validation.smsCode.required'],
  ['validateEmailCode', validateEmailCode, 'validation.emailCode.required'],
] as const)('%s', (_name, validate, requiredKey) => {
  it('requires a code', () => {
    expect(validate('')).toEqual({ ok: false, error: { key: requiredKey } });
    expect(validate('  ')).toEqual({ ok: false, error: { key: requiredKey } });
  });

  it('accepts 4 to 8 digits, trimmed', () => {
    expect(validate('1234')).toEqual({ ok: true, value: '1234' });
    expect(validate('12345678')).toEqual({ ok: true, value: '12345678' });
    expect(validate(' 123456 ')).toEqual({ ok: true, value: '123456' });
    expect(validate('0000')).toEqual({ ok: true, value: '0000' });
  });

  it.each(['123', '123456789', '12a4', '12 34', '１２３４', '-1234'])('rejects %j as a wrong code', (code) => {
    expect(validate(code)).toEqual({ ok: false, error: { key: 'code.4101' } });
  });
});
