import { describe, expect, it } from 'vitest';
import { httpImageUrl, PRAISE_IMAGES_KEPT, readCounts, readCountsDisplay, readPraiseImages } from './countsData';

const BASE = 'https://live.example/live/video/10001';

describe('counts answers', () => {
  it('reads online and praise counts; anything else is absent', () => {
    expect(readCounts({ online: 3, praise: 120, viewers: 9 })).toEqual({ online: 3, praise: 120 });
    expect(readCounts({ online: '3', praise: -1 })).toEqual({ online: null, praise: null });
    expect(readCounts({ online: 1.5, praise: Number.MAX_VALUE })).toEqual({ online: null, praise: null });
    expect(readCounts(null)).toEqual({ online: null, praise: null });
    expect(readCounts([1, 2])).toEqual({ online: null, praise: null });
  });

  it('keeps only http(s) praise images, resolved against the page, without repeats', () => {
    const images = readPraiseImages(
      {
        images: [
          'https://cdn.example/heart.png',
          '/praise/star.png',
          'javascript:alert(1)',
          'data:image/png;base64,AAAA',
          ' ',
          42,
          'https://cdn.example/heart.png',
          'http://[bad',
        ],
      },
      BASE,
    );
    expect(images).toEqual(['https://cdn.example/heart.png', 'https://live.example/praise/star.png']);
  });

  it('gives no images for a missing or odd answer, and at most a handful', () => {
    expect(readPraiseImages({}, BASE)).toEqual([]);
    expect(readPraiseImages({ images: 'x.png' }, BASE)).toEqual([]);
    expect(readPraiseImages(undefined, BASE)).toEqual([]);
    const many = Array.from({ length: 30 }, (_, i) => `https://cdn.example/${i}.png`);
    expect(readPraiseImages({ images: many }, BASE)).toHaveLength(PRAISE_IMAGES_KEPT);
  });

  it('httpImageUrl refuses what is not http(s)', () => {
    expect(httpImageUrl('blob:https://live.example/1', BASE)).toBeNull();
    expect(httpImageUrl('  https://a.example/x.gif ', BASE)).toBe('https://a.example/x.gif');
    expect(httpImageUrl(null, BASE)).toBeNull();
  });

  it('shows online and praise unless the room turns them off', () => {
    expect(readCountsDisplay({ showOnline: false, showPraise: true, share: true })).toEqual({ showOnline: false, showPraise: true });
    expect(readCountsDisplay({ showOnline: 'no' })).toEqual({ showOnline: true, showPraise: true });
    expect(readCountsDisplay(null)).toEqual({ showOnline: true, showPraise: true });
  });
});
