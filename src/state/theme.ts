/**
 * Applies the session's theme colour as the CSS variable `--theme-color` on the document
 * root, so plain CSS (src/ui/base.css) can use `var(--theme-color)` for accents, and its
 * readable shade as `--theme-strong` (domain/colour.readableShade): the one for text in the
 * theme colour and for surfaces that carry white text, so contrast holds for any brand colour.
 */
import { subscribeKey } from 'valtio/utils';
import { DARK_SURFACE, readableShade, readableTint, themeColourOrDefault } from '../domain/colour';
import { session } from './session';

export const THEME_CSS_VARIABLE = '--theme-color';
export const THEME_STRONG_CSS_VARIABLE = '--theme-strong';
export const THEME_FILL_CSS_VARIABLE = '--theme-fill';
/** Above AA's 4.5 on white: the shade also sits on the light theme tints (notices, staff rows). */
export const STRONG_CONTRAST = 5.5;

/** The one DOM operation needed; a CSSStyleDeclaration satisfies it, and so does a test fake. */
export interface StyleTarget {
  setProperty(name: string, value: string): void;
}

/**
 * Writes the colour (or the default #2081eb when it is invalid) and returns what was written.
 * Also its readable forms: `--theme-fill`, the shade that carries white text (buttons, badges)
 * in both themes, and `--theme-strong`, text in the theme colour: that shade in the light
 * theme, a tint of it in the dark one (CSS light-dark(), decided by the page's colour scheme).
 */
export function applyThemeColour(style: StyleTarget, colour: unknown): string {
  const applied = themeColourOrDefault(colour);
  const shade = readableShade(applied, '#ffffff', STRONG_CONTRAST);
  style.setProperty(THEME_CSS_VARIABLE, applied);
  style.setProperty(THEME_FILL_CSS_VARIABLE, shade);
  style.setProperty(THEME_STRONG_CSS_VARIABLE, `light-dark(${shade}, ${readableTint(applied, DARK_SURFACE, STRONG_CONTRAST)})`);
  return applied;
}

/** Applies the current theme now and on every change; returns the unsubscribe function. */
export function syncThemeTo(style: StyleTarget): () => void {
  applyThemeColour(style, session.currentTheme);
  return subscribeKey(session, 'currentTheme', (colour) => applyThemeColour(style, colour));
}
