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
