import { describe, expect, it } from 'vitest';
import { CAPTION_MAX_MS, CAPTION_MIN_MS, CAPTIONS_HELD, captionDurationMs, captionLanguages, holdCaptions, shownCaptionLanguage, visibleCaptions } from './captionTiming';

describe('caption timing', () => {
  it('lasts end - start, within the reading minimum and the ceiling', () => {
    expect(captionDurationMs(1000, 6000)).toBe(5000);
    expect(captionDurationMs(1000, 1000)).toBe(CAPTION_MIN_MS);
    expect(captionDurationMs(5000, 1000)).toBe(CAPTION_MIN_MS);
    expect(captionDurationMs(0, 8.64e15)).toBe(CAPTION_MAX_MS);
    expect(captionDurationMs(Number.NaN, 5)).toBe(CAPTION_MIN_MS);
  });

});

describe('caption lines', () => {
  const held = (text: string, lang: string, arrivedAt: number, length = 4000) => ({ text, lang, start: 0, end: length, arrivedAt });

  it('shows the newest two lines still current', () => {
    const list = [held('one', 'zh_cn', 0), held('two', 'zh_cn', 1000), held('three', 'zh_cn', 2000)];
    expect(visibleCaptions(list, 2500, null).map((c) => c.text)).toEqual(['two', 'three']);
    // "one" and "two" expire at 4 s and 5 s.
    expect(visibleCaptions(list, 5500, null).map((c) => c.text)).toEqual(['three']);
    expect(visibleCaptions(list, 60_000, null)).toEqual([]);
  });

  it('with several languages: the chosen one, else the newest caption language', () => {
    const list = [held('你好', 'zh_cn', 0), held('Hello', 'en_us', 10), held('欢迎', 'zh_cn', 20), held('Welcome', 'en_us', 30)];
    expect(captionLanguages(list)).toEqual(['zh_cn', 'en_us']);
    expect(visibleCaptions(list, 100, 'zh_cn').map((c) => c.text)).toEqual(['你好', '欢迎']);
    expect(visibleCaptions(list, 100, null).map((c) => c.text)).toEqual(['Hello', 'Welcome']);
    // A chosen language the room no longer sends falls back to what it sends.
    expect(shownCaptionLanguage(list, 'ru_ru')).toBe('en_us');
    expect(shownCaptionLanguage([], 'ru_ru')).toBeNull();
  });
});

describe('holding captions', () => {
  const sent = (text: string, lang = 'zh_cn') => ({ text, lang, start: 0, end: 4000 });

  it('holds a caption sent again while it is current once (the room state resent after a reconnect)', () => {
    const first = holdCaptions([], [sent('Hello everyone', 'en_us'), sent('大家好')], 0);
    const again = holdCaptions(first, [sent('Hello everyone', 'en_us'), sent('大家好'), sent('Welcome', 'en_us')], 1000);
    expect(again.map((c) => c.text)).toEqual(['Hello everyone', '大家好', 'Welcome']);
    expect(again[0]!.arrivedAt).toBe(0);
    expect(visibleCaptions(again, 1500, 'en_us').map((c) => c.text)).toEqual(['Hello everyone', 'Welcome']);
  });

  it('holds the same words again once the first has gone, and keeps the newest CAPTIONS_HELD', () => {
    const once = holdCaptions([], [sent('ok')], 0);
    expect(holdCaptions(once, [sent('ok')], 5000).map((c) => c.arrivedAt)).toEqual([5000]);
    const many = holdCaptions([], Array.from({ length: CAPTIONS_HELD + 3 }, (_, i) => sent(`line ${i}`)), 0);
    expect(many).toHaveLength(CAPTIONS_HELD);
    expect(many.at(-1)!.text).toBe(`line ${CAPTIONS_HELD + 2}`);
  });
});
