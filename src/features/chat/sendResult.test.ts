import { describe, expect, it } from 'vitest';
import { sendResult } from './useChatSender';

describe('sendResult', () => {
  it('is sent on success, review on 4403 (the message waits for approval), failed otherwise', () => {
    expect(sendResult({ ok: true, value: { msgId: 'x' } })).toBe('sent');
    expect(sendResult({ ok: false, reason: 'rejected', status: 4403, msg: '' })).toBe('review');
    expect(sendResult({ ok: false, reason: 'rejected', status: 4402, msg: '' })).toBe('failed');
    expect(sendResult({ ok: false, reason: 'timeout', status: null, msg: '' })).toBe('failed');
  });
});
