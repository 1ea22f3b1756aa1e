import { describe, it, expect } from 'vitest';
import { validateChatText } from './chatInput';

describe('validateChatText', () => {
  it('refuses empty and whitespace-only messages', () => {
    for (const text of ['', ' ', '\n\n', '\u3000']) {
      expect(validateChatText(text)).toEqual({ ok: false, error: { key: 'validation.chat.empty' } });
    }
  });

  it('returns a message unchanged, long ones included', () => {
    expect(validateChatText(' hi ')).toEqual({ ok: true, value: ' hi ' });
    expect(validateChatText('[微笑]')).toEqual({ ok: true, value: '[微笑]' });
    const long = 'x'.repeat(600);
    expect(validateChatText(long)).toEqual({ ok: true, value: long });
  });
});
