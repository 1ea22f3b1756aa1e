import { afterEach, describe, expect, it } from 'vitest';
import { contrastRatio, DARK_SURFACE } from '../domain/colour';
import { initialSession, session, setTheme } from './session';
import { applyThemeColour, syncThemeTo, THEME_CSS_VARIABLE, type StyleTarget } from './theme';

function fakeStyle(): StyleTarget & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return { values, setProperty: (name, value) => void values.set(name, value) };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  Object.assign(session, initialSession());
});

describe('applyThemeColour', () => {
  it('writes a valid colour to --theme-color', () => {
    const style = fakeStyle();
    expect(applyThemeColour(style, '#123456')).toBe('#123456');
    expect(style.values.get(THEME_CSS_VARIABLE)).toBe('#123456');
    expect(THEME_CSS_VARIABLE).toBe('--theme-color');
    // Dark enough already: the readable shade is the colour itself; the dark theme's text is a tint of it.
    expect(style.values.get('--theme-fill')).toBe('#123456');
    expect(style.values.get('--theme-strong')).toMatch(/^light-dark\(#123456, #[0-9a-f]{6}\)$/);
  });

  it('writes a readable shade of a light theme to --theme-strong', () => {
    const style = fakeStyle();
    applyThemeColour(style, '#00ff00');
    const fill = style.values.get('--theme-fill') ?? '';
    expect(fill).not.toBe('#00ff00');
    expect(contrastRatio(fill, '#ffffff')).toBeGreaterThanOrEqual(5.5);
    const [light, dark] = /^light-dark\((#[0-9a-f]{6}), (#[0-9a-f]{6})\)$/.exec(style.values.get('--theme-strong') ?? '')?.slice(1) ?? [];
    expect(light).toBe(fill);
    expect(contrastRatio(dark ?? '#000000', DARK_SURFACE)).toBeGreaterThanOrEqual(5.5);
  });

  it('writes #2081eb for an invalid colour', () => {
    const style = fakeStyle();
    applyThemeColour(style, 'url(javascript:x)');
    expect(style.values.get('--theme-color')).toBe('#2081eb');
  });
});

describe('syncThemeTo', () => {
  it('applies the current theme at once and follows every change until unsubscribed', async () => {
    const style = fakeStyle();
    const stop = syncThemeTo(style);
    expect(style.values.get('--theme-color')).toBe('#2081eb');

    setTheme('#00ff00');
    await tick();
    expect(style.values.get('--theme-color')).toBe('#00ff00');

    stop();
    setTheme('#0000ff');
    await tick();
    expect(style.values.get('--theme-color')).toBe('#00ff00');
  });
});
