// The listByIds answer as the quote's original reads it.
import { describe, expect, it } from 'vitest';
import { readOriginal } from './QuotedOriginal';

const body = (msgId: string, extra: Record<string, unknown> = {}) => ({ msgId, uid: 'u1', name: 'Ann', role: 5, offset: 3, sendTime: 1_700_000_000_000, body: 'the whole message', ...extra });

describe('the original of a quote', () => {
  it('is the asked message of the answer, read as the live chat reads it', () => {
    const entry = readOriginal({ list: [body('m-2'), body('m-1')] }, 'm-1', 'u1');
    expect(entry).toMatchObject({ msgId: 'm-1', name: 'Ann', text: 'the whole message', mine: true });
  });

  it('is null when the server has it no longer (withdrawn, unknown) or the answer is malformed', () => {
    expect(readOriginal({ list: [] }, 'm-1', null)).toBeNull();
    expect(readOriginal({ list: [body('m-2')] }, 'm-1', null)).toBeNull();
    expect(readOriginal({ list: [{ msgId: 'm-1' }] }, 'm-1', null)).toBeNull();
    expect(readOriginal('nope', 'm-1', null)).toBeNull();
  });
});
