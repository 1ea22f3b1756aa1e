/**
 * The anti-record watermark config (`/ccp/monitor/v2/watermark/config`) as the overlay
 * needs it, and the text it shows. Pure: no DOM, no network.
 *
 * The answer is narrowed here: a disabled or unreadable config shows nothing; a number
 * out of range is brought into it rather than trusted (an opacity of 0 or a font of 500 px
 * would defeat the mark or cover the picture).
 */

export interface WatermarkConfig {
  readonly enabled: boolean;
  /** The room's text with the viewer filled in by the server ({name} {userId}); may be empty. */
  readonly text: string;
  readonly opacity: number;
  readonly fontSize: number;
}

export const DEFAULT_OPACITY = 0.15;
export const OPACITY_RANGE = [0.05, 1] as const;
export const DEFAULT_FONT_SIZE = 14;
export const FONT_SIZE_RANGE = [10, 40] as const;
/** Longer text is cut: the mark must stay a mark, not a banner. */
export const TEXT_MAX = 64;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function clamp(value: unknown, [min, max]: readonly [number, number], fallback: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, value));
}

/** Control characters and line breaks become spaces; runs of spaces one. */
function cleanText(value: unknown): string {
  if (typeof value !== 'string') return '';
  let out = '';
  for (const ch of value) {
    const c = ch.codePointAt(0) ?? 0;
    out += c < 0x20 || (c >= 0x7f && c < 0xa0) ? ' ' : ch;
  }
  return [...out.replace(/\s+/g, ' ').trim()].slice(0, TEXT_MAX).join('');
}

/** The config answer; null when there is nothing to show (disabled, or not a config). */
export function readWatermarkConfig(data: unknown): WatermarkConfig | null {
  if (!isRecord(data) || data.enabled !== true) return null;
  return {
    enabled: true,
    text: cleanText(data.text),
    opacity: clamp(data.opacity, OPACITY_RANGE, DEFAULT_OPACITY),
    fontSize: clamp(data.fontSize, FONT_SIZE_RANGE, DEFAULT_FONT_SIZE),
  };
}

/**
 * What the mark says: the room's text, and the viewer's id whatever the text is (the point
 * of the mark is to trace a recording to a viewer). Empty when neither is known.
 */
export function watermarkText(config: WatermarkConfig, userId: string | null): string {
  const id = cleanText(userId);
  if (id === '' || config.text.includes(id)) return config.text;
  return config.text === '' ? id : `${config.text} ${id}`;
}
