import { describe, expect, it } from 'vitest';
import { DEFAULT_FONT_SIZE, DEFAULT_OPACITY, readWatermarkConfig, TEXT_MAX, watermarkText } from './watermarkConfig';

describe('watermark config', () => {
  it('nothing to show when disabled or unreadable', () => {
    expect(readWatermarkConfig(null)).toBeNull();
    expect(readWatermarkConfig('on')).toBeNull();
    expect(readWatermarkConfig([])).toBeNull();
    expect(readWatermarkConfig({ enabled: false, text: 'x' })).toBeNull();
    expect(readWatermarkConfig({ enabled: 'true', text: 'x' })).toBeNull();
  });

  it('reads the room text, opacity and font size', () => {
    expect(readWatermarkConfig({ enabled: true, text: 'Guest1 u-1', opacity: 0.3, fontSize: 18 })).toEqual({
      enabled: true,
      text: 'Guest1 u-1',
      opacity: 0.3,
      fontSize: 18,
    });
  });

  it('keeps numbers in range and falls back on junk', () => {
    expect(readWatermarkConfig({ enabled: true, opacity: 0, fontSize: 500 })).toMatchObject({ opacity: 0.05, fontSize: 40 });
    expect(readWatermarkConfig({ enabled: true, opacity: 7, fontSize: 1 })).toMatchObject({ opacity: 1, fontSize: 10 });
    expect(readWatermarkConfig({ enabled: true, opacity: 'x', fontSize: Number.NaN })).toMatchObject({
      text: '',
      opacity: DEFAULT_OPACITY,
      fontSize: DEFAULT_FONT_SIZE,
    });
  });

  it('flattens control characters and line breaks, and cuts long text', () => {
    expect(readWatermarkConfig({ enabled: true, text: ' a\n\tb\u0000c\u009f ' })?.text).toBe('a b c');
    expect([...(readWatermarkConfig({ enabled: true, text: '名'.repeat(100) })?.text ?? '')]).toHaveLength(TEXT_MAX);
  });
});

describe('watermark text', () => {
  const config = readWatermarkConfig({ enabled: true, text: 'Alice user-7' })!;

  it('always carries the viewer id', () => {
    expect(watermarkText(config, 'user-7')).toBe('Alice user-7');
    expect(watermarkText(config, 'user-9')).toBe('Alice user-7 user-9');
    expect(watermarkText({ ...config, text: '' }, 'user-9')).toBe('user-9');
  });

  it('the room text alone when the viewer is not known, nothing when neither is', () => {
    expect(watermarkText(config, null)).toBe('Alice user-7');
    expect(watermarkText({ ...config, text: '' }, null)).toBe('');
    expect(watermarkText({ ...config, text: '' }, ' \n ')).toBe('');
  });
});
