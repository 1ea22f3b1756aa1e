import { describe, expect, it } from 'vitest';
import { INTRODUCTION_MAX_CHARS, readIntroduction, readStatus, statusName } from './introData';

describe('introduction from the room info', () => {
  it('reads title, start time, status and introduction', () => {
    const intro = readIntroduction({
      id: '10001',
      title: ' Open live room ',
      startTime: 1_700_000_000_000,
      status: 2,
      introduction: 'Line one\nLine two ',
      entry: { gate: 'open' },
    });
    expect(intro).toEqual({ title: 'Open live room', startTime: 1_700_000_000_000, status: 2, introduction: 'Line one\nLine two' });
  });

  it('reads fields of the wrong kind as absent', () => {
    expect(readIntroduction({ title: 5, startTime: '2024', status: 9, introduction: { html: '<b>x</b>' } })).toEqual({
      title: '',
      startTime: null,
      status: null,
      introduction: '',
    });
    expect(readIntroduction(null)).toEqual({ title: '', startTime: null, status: null, introduction: '' });
    expect(readIntroduction({ startTime: -1 }).startTime).toBeNull();
    expect(readIntroduction({ startTime: Number.NaN }).startTime).toBeNull();
  });

  it('cuts a runaway introduction', () => {
    const intro = readIntroduction({ introduction: 'x'.repeat(INTRODUCTION_MAX_CHARS + 10) });
    expect(intro.introduction).toHaveLength(INTRODUCTION_MAX_CHARS + 1);
    expect(intro.introduction.endsWith('…')).toBe(true);
  });

  it('names the four live statuses and nothing else', () => {
    expect([0, 1, 2, 3].map((s) => statusName(readStatus(s) ?? 0))).toEqual(['notStarted', 'preparing', 'live', 'ended']);
    expect(readStatus(4)).toBeNull();
    expect(readStatus('2')).toBeNull();
  });
});
