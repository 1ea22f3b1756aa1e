import { describe, expect, it } from 'vitest';
import { CONTRACT_MAX_CHARS, NOTICE_MAX_CHARS, readContract, readNotice } from './noticeData';

describe('room notice answer', () => {
  it('reads the notice text and when it changed', () => {
    expect(readNotice({ notice: { content: ' Starts at eight\n', updatedAt: 1234 } })).toEqual({ content: 'Starts at eight', updatedAt: 1234 });
  });

  it('has no notice for null, an empty text or an odd answer', () => {
    expect(readNotice({ notice: null })).toBeNull();
    expect(readNotice({ notice: { content: '   ' } })).toBeNull();
    expect(readNotice({ notice: { content: 42 } })).toBeNull();
    expect(readNotice('notice')).toBeNull();
    expect(readNotice(undefined)).toBeNull();
  });

  it('takes 0 for a missing change time and cuts an over-long text', () => {
    const notice = readNotice({ notice: { content: 'y'.repeat(NOTICE_MAX_CHARS + 5), updatedAt: 'yesterday' } });
    expect(notice?.updatedAt).toBe(0);
    expect(notice?.content).toHaveLength(NOTICE_MAX_CHARS + 1);
  });
});

describe('contract (viewing terms) answer', () => {
  it('gives the terms of a room that has them enabled', () => {
    expect(readContract({ enabled: true, title: 'Viewing terms', content: 'No recording.', version: 3 })).toEqual({
      title: 'Viewing terms',
      content: 'No recording.',
      version: 3,
    });
  });

  it('gives nothing when not configured: disabled, empty, or not an answer', () => {
    expect(readContract({ enabled: false, title: 'Viewing terms', content: 'No recording.', version: 1 })).toBeNull();
    expect(readContract({ enabled: true, title: ' ', content: '' })).toBeNull();
    expect(readContract({ enabled: 'yes', title: 'T', content: 'C' })).toBeNull();
    expect(readContract(null)).toBeNull();
  });

  it('takes version 0 when the version is not a whole number, and cuts runaway terms', () => {
    const terms = readContract({ enabled: true, title: 'T', content: 'c'.repeat(CONTRACT_MAX_CHARS + 1), version: '2' });
    expect(terms?.version).toBe(0);
    expect(terms?.content).toHaveLength(CONTRACT_MAX_CHARS + 1);
  });
});
