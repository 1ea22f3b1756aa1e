import { describe, it, expect } from 'vitest';
import { privacyGate } from './privacy';

describe('privacyGate', () => {
  it('passes only when the agreement is ticked', () => {
    expect(privacyGate(true)).toEqual({ ok: true, value: undefined });
  });

  it.each([false, undefined, null, 'true', 1])('refuses %j', (accepted) => {
    expect(privacyGate(accepted)).toEqual({ ok: false, error: { key: 'validation.privacy.required' } });
  });
});
