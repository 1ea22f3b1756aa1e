/** Checking the content of a custom poster (posterCustomCreate). */
import { isColour, DEFAULT_THEME_COLOUR } from '../../../src/domain';
import { invalid } from '../../http/envelope.js';
import type { PosterContent } from './store.js';

export const POSTER_LIMITS = { title: 40, text: 200 } as const;

const length = (s: string): number => [...s].length;

function text(field: string, value: unknown, max: number, required: boolean): string {
  if (value === undefined || value === null || value === '') {
    if (required) throw invalid(field, 'is required');
    return '';
  }
  if (typeof value !== 'string') throw invalid(field, 'must be text');
  const trimmed = value.trim();
  if (required && trimmed === '') throw invalid(field, 'is required');
  if (length(trimmed) > max) throw invalid(field, `must have at most ${max} characters`);
  return trimmed;
}

function colour(field: string, value: unknown, fallback: string): string {
  if (value === undefined || value === null || value === '') return fallback;
  if (!isColour(value)) throw invalid(field, 'must be a colour written #rgb or #rrggbb');
  return value;
}

/** `content` as an object, or as its JSON text (a form body carries objects as JSON). */
export function checkPosterContent(raw: unknown): PosterContent {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      throw invalid('content', 'must be an object or its JSON text');
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid('content', 'must be an object with a title');
  const fields = value as Record<string, unknown>;
  return {
    title: text('content.title', fields.title, POSTER_LIMITS.title, true),
    text: text('content.text', fields.text, POSTER_LIMITS.text, false),
    colour: colour('content.colour', fields.colour, DEFAULT_THEME_COLOUR),
    background: colour('content.background', fields.background, '#ffffff'),
  };
}
