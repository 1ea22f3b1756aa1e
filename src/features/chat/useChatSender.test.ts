import { describe, expect, it } from 'vitest';
import { quoteGone } from './useChatSender';

describe('quoteGone', () => {
  it('is the server refusing a quote of a message the room does not have, nothing else', () => {
    expect(quoteGone({ ok: false, reason: 'rejected', status: 4501, msg: 'quote.msgId: no such message in this room' })).toBe(true);
    expect(quoteGone({ ok: false, reason: 'rejected', status: 4501, msg: 'body: must not be empty' })).toBe(false);
    expect(quoteGone({ ok: false, reason: 'rejected', status: 4402, msg: 'quote.msgId' })).toBe(false);
    expect(quoteGone({ ok: false, reason: 'timeout', status: null, msg: '' })).toBe(false);
  });
});
