import { describe, expect, it } from 'vitest';
import { checkSignAnswers, readSignConfig, signupPhone } from './signupForm';

const config = {
  enabled: true,
  approval: true,
  fields: [
    { key: 'name', label: 'Name', kind: 'text', required: true },
    { key: 'phone', label: 'Phone', kind: 'phone', required: true },
    { key: 'email', label: 'Email', kind: 'email', required: false },
    { key: 'bad key!', label: 'x', kind: 'text', required: true },
  ],
};

describe('readSignConfig', () => {
  it('reads the fields, dropping unusable keys', () => {
    const read = readSignConfig(config);
    expect(read?.approval).toBe(true);
    expect(read?.fields.map((f) => f.key)).toEqual(['name', 'phone', 'email']);
    expect(readSignConfig({})).toBeNull();
  });
});

describe('checkSignAnswers', () => {
  const fields = readSignConfig(config)?.fields ?? [];

  it('needs the required fields and checks phone and email formats', () => {
    const checked = checkSignAnswers(fields, { name: '  ', phone: '123', email: 'nope' });
    expect(checked).toEqual({
      ok: false,
      error: {
        name: { key: 'validation.required' },
        phone: { key: 'validation.phone.invalid' },
        email: { key: 'validation.email.invalid' },
      },
    });
  });

  it('gives the answers to send: trimmed, bare phone, no empty optional ones', () => {
    const checked = checkSignAnswers(fields, { name: ' Ann ', phone: '+86 138 0013 8000', email: '' });
    expect(checked).toEqual({ ok: true, value: { name: 'Ann', phone: '13800138000' } });
    expect(checked.ok && signupPhone(fields, checked.value)).toBe('13800138000');
  });
});
