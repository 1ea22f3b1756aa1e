/**
 * The page's colour scheme (issue 42): the system's (prefers-color-scheme) unless the viewer
 * chose light or dark, kept per browser. Written as data-theme on <html>, which base.css's
 * light-dark() tokens follow; 'system' removes it.
 */
import { proxy } from 'valtio';

export type ColourScheme = 'system' | 'light' | 'dark';

export const COLOUR_SCHEMES: readonly ColourScheme[] = ['system', 'light', 'dark'];

const STORAGE_KEY = 'webcast.colourScheme';

export const colourScheme = proxy<{ current: ColourScheme }>({ current: 'system' });

const isScheme = (value: unknown): value is ColourScheme => COLOUR_SCHEMES.includes(value as ColourScheme);

function stored(): ColourScheme {
  try {
    const value = globalThis.localStorage?.getItem(STORAGE_KEY);
    return isScheme(value) ? value : 'system';
  } catch {
    return 'system'; // storage refused (private mode, an embed's sandbox): the system's
  }
}

function apply(scheme: ColourScheme): void {
  const root = globalThis.document?.documentElement;
  if (root === undefined) return;
  if (scheme === 'system') delete root.dataset.theme;
  else root.dataset.theme = scheme;
}

/** At startup, before the first paint of the app: the stored choice. */
export function startColourScheme(): void {
  colourScheme.current = stored();
  apply(colourScheme.current);
}

export function setColourScheme(scheme: ColourScheme): void {
  if (!isScheme(scheme)) return;
  colourScheme.current = scheme;
  apply(scheme);
  try {
    if (scheme === 'system') globalThis.localStorage?.removeItem(STORAGE_KEY);
    else globalThis.localStorage?.setItem(STORAGE_KEY, scheme);
  } catch {
    // not kept: the choice holds for this page
  }
}
