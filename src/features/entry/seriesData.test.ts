import { describe, expect, it } from 'vitest';
import { readSeries } from './seriesData';

describe("a series' sessions (agg/relation/list)", () => {
  it('id, title (the id when untitled), state and start; rows without a usable id left out', () => {
    expect(
      readSeries({
        aggId: 'agg-demo',
        rooms: [
          { webcastId: '10001', title: 'Open live room', status: 2, startTime: 1000 },
          { webcastId: 10002, title: ' ', status: 7, startTime: 'soon' },
          { webcastId: '../x', title: 'bad id' },
          'junk',
        ],
      }),
    ).toEqual([
      { webcastId: '10001', title: 'Open live room', status: 2, startTime: 1000 },
      { webcastId: '10002', title: '10002', status: null, startTime: null },
    ]);
    expect(readSeries(null)).toEqual([]);
  });
});
