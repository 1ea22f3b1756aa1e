import { describe, expect, it } from 'vitest';
import { durationText, readRecordsPage } from './replayRecords';

describe('replay records', () => {
  it('reads the page, leaving out a recording without a playable address', () => {
    const page = readRecordsPage({
      total: 3,
      list: [
        { id: 2, title: 'Day 2', durationMs: 20_000, url: '/media/vod/master.m3u8?record=2', createdAt: 5, startedAt: 3 },
        { id: 1, title: 'Day 1', durationMs: 20_000, url: 'javascript:alert(1)', createdAt: 4 },
      ],
    });
    expect(page).toEqual({ total: 3, records: [{ id: '2', title: 'Day 2', durationMs: 20_000, url: '/media/vod/master.m3u8?record=2', createdAt: 5, startedAt: 3 }] });
    expect(readRecordsPage(null)).toEqual({ total: 0, records: [] });
  });

  it('shows a length as mm:ss or h:mm:ss', () => {
    expect(durationText(20_000)).toBe('00:20');
    expect(durationText(3_725_000)).toBe('1:02:05');
  });
});
