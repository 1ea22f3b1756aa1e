/**
 * Applies the session's theme colour as the CSS variable `--theme-color` on the document
 * root, so plain CSS (src/ui/base.css) can use `var(--theme-color)` for accents.
 */
import { subscribeKey } from 'valtio/utils';
import { themeColourOrDefault } from '../domain/colour';
import { session } from './session';

export const THEME_CSS_VARIABLE = '--theme-color';

/** The one DOM operation needed; a CSSStyleDeclaration satisfies it, and so does a test fake. */
export interface StyleTarget {
  setProperty(name: string, value: string): void;
}

/** Writes the colour (or the default #2081eb when it is invalid) and returns what was written. */
export function applyThemeColour(style: StyleTarget, colour: unknown): string {
  const applied = themeColourOrDefault(colour);
  style.setProperty(THEME_CSS_VARIABLE, applied);
  return applied;
}

/** Applies the current theme now and on every change; returns the unsubscribe function. */
export function syncThemeTo(style: StyleTarget): () => void {
  applyThemeColour(style, session.currentTheme);
  return subscribeKey(session, 'currentTheme', (colour) => applyThemeColour(style, colour));
}
