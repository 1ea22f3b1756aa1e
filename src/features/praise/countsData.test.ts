import { describe, expect, it } from 'vitest';
import { PRAISE_IMAGES_KEPT, readCounts, readCountsDisplay, readPraiseImages } from './countsData';

describe('counts answers', () => {
  it('reads online and praise counts; anything else is absent', () => {
    expect(readCounts({ online: 3, praise: 120, viewers: 9 })).toEqual({ online: 3, praise: 120 });
    expect(readCounts({ online: '3', praise: -1 })).toEqual({ online: null, praise: null });
    expect(readCounts({ online: 1.5, praise: Number.MAX_VALUE })).toEqual({ online: null, praise: null });
    expect(readCounts(null)).toEqual({ online: null, praise: null });
    expect(readCounts([1, 2])).toEqual({ online: null, praise: null });
  });

  it('keeps only http(s) and root-relative praise images, without repeats', () => {
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
          '//evil.example/x.png',
          '/\\evil.example/x.png',
          'https://cdn.example/a b.png',
        ],
      },
    );
    expect(images).toEqual(['https://cdn.example/heart.png', '/praise/star.png']);
  });

  it('gives no images for a missing or odd answer, and at most a handful', () => {
    expect(readPraiseImages({})).toEqual([]);
    expect(readPraiseImages({ images: 'x.png' })).toEqual([]);
    expect(readPraiseImages(undefined)).toEqual([]);
    const many = Array.from({ length: 30 }, (_, i) => `https://cdn.example/${i}.png`);
    expect(readPraiseImages({ images: many })).toHaveLength(PRAISE_IMAGES_KEPT);
  });

  it('shows online and praise unless the room turns them off', () => {
    expect(readCountsDisplay({ showOnline: false, showPraise: true, share: true })).toEqual({ showOnline: false, showPraise: true });
    expect(readCountsDisplay({ showOnline: 'no' })).toEqual({ showOnline: true, showPraise: true });
    expect(readCountsDisplay(null)).toEqual({ showOnline: true, showPraise: true });
  });
});
