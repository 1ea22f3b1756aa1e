/** Colour values (SPEC 5): only #rgb or #rrggbb are accepted; the theme defaults to #2081eb. */
import { DEFAULT_THEME_COLOUR } from './constants';
import { fail, ok, problem, type Result } from './result';

/** Exactly "#" and 3 or 6 hex digits, either case. No alpha, no names, no surrounding spaces. */
const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** True for "#fff" and "#2081eb" (any case); false for anything else, non-strings included. */
export function isColour(value: unknown): value is string {
  return typeof value === 'string' && HEX_COLOUR.test(value);
}

/**
 * The theme colour to apply: the configured value when it is a valid colour, otherwise
 * DEFAULT_THEME_COLOUR. The value is used as given (not trimmed or lower-cased): a colour
 * from configuration or the server that is not exactly valid is treated as absent.
 */
export function themeColourOrDefault(value: unknown): string {
  return isColour(value) ? value : DEFAULT_THEME_COLOUR;
}

/** Form validation of a colour value, returned as given. */
export function validateColour(input: string): Result<string> {
  return isColour(input) ? ok(input) : fail(problem('validation.colour.invalid'));
}

/** WCAG 2 relative luminance of a valid #rgb or #rrggbb colour. */
export function relativeLuminance(colour: string): number {
  const hex = colour.length === 4 ? colour.slice(1).replace(/./g, (d) => d + d) : colour.slice(1);
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

/** WCAG 2 contrast ratio of two valid colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Minimum contrast of normal text (WCAG 2 AA). */
export const TEXT_CONTRAST = 4.5;

/**
 * The theme colour made dark enough to be text on white and to carry white text (WCAG AA,
 * 4.5:1 both ways, since the ratio is symmetric): the colour itself when it already is,
 * else the first shade of it, mixed towards black in 4 % steps, that is. A room's brand
 * colour stays recognisable while every label and button on it stays readable.
 */
export function readableShade(colour: string, background = '#ffffff', min = TEXT_CONTRAST): string {
  const valid = themeColourOrDefault(colour);
  const hex = valid.length === 4 ? valid.slice(1).replace(/./g, (d) => d + d) : valid.slice(1);
  const rgb = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  for (let step = 0; step <= 25; step++) {
    const k = 1 - step * 0.04;
    const shade = `#${rgb.map((c) => Math.round(c * k).toString(16).padStart(2, '0')).join('')}`;
    if (contrastRatio(shade, background) >= min) return shade;
  }
  return '#000000';
}

/** The dark theme's card surface (src/ui/base.css `--surface` in dark): what theme-coloured text sits on there. */
export const DARK_SURFACE = '#1c1f24';

/**
 * The theme colour made light enough to be text on the dark theme's surfaces: the colour
 * itself when it already reads there, else the first tint of it, mixed towards white in 4 %
 * steps, that does. Its counterpart of readableShade for the dark theme.
 */
export function readableTint(colour: string, background = DARK_SURFACE, min = TEXT_CONTRAST): string {
  const valid = themeColourOrDefault(colour);
  const hex = valid.length === 4 ? valid.slice(1).replace(/./g, (d) => d + d) : valid.slice(1);
  const rgb = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  for (let step = 0; step <= 25; step++) {
    const k = step * 0.04;
    const tint = `#${rgb.map((c) => Math.round(c + (255 - c) * k).toString(16).padStart(2, '0')).join('')}`;
    if (contrastRatio(tint, background) >= min) return tint;
  }
  return '#ffffff';
}
