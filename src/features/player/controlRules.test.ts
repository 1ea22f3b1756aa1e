import { describe, expect, it } from 'vitest';
import { behindLive, clockText, CONTROLS_IDLE_MS, controlsShown, shortcutOf, type ControlsInput, type KeyInput } from './controlRules';

const key = (k: string, over: Partial<KeyInput> = {}): KeyInput => ({
  key: k,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  repeat: false,
  targetEditable: false,
  targetActivates: false,
  dialogOpen: false,
  ...over,
});

describe('shortcutOf', () => {
  it('maps space, k, m, f and c, either case', () => {
    expect(shortcutOf(key(' '))).toBe('togglePlay');
    expect(shortcutOf(key('k'))).toBe('togglePlay');
    expect(shortcutOf(key('m'))).toBe('toggleMute');
    expect(shortcutOf(key('F'))).toBe('toggleFullscreen');
    expect(shortcutOf(key('c'))).toBe('toggleCaptions');
    expect(shortcutOf(key('x'))).toBeNull();
    expect(shortcutOf(key('Enter'))).toBeNull();
  });

  it('leaves typing, dialogs and browser shortcuts alone', () => {
    expect(shortcutOf(key('m', { targetEditable: true }))).toBeNull();
    expect(shortcutOf(key(' ', { targetEditable: true }))).toBeNull();
    expect(shortcutOf(key('f', { dialogOpen: true }))).toBeNull();
    expect(shortcutOf(key('c', { ctrlKey: true }))).toBeNull();
    expect(shortcutOf(key('f', { metaKey: true }))).toBeNull();
    expect(shortcutOf(key('m', { altKey: true }))).toBeNull();
  });

  it('lets space press a focused button, and ignores held keys', () => {
    expect(shortcutOf(key(' ', { targetActivates: true }))).toBeNull();
    expect(shortcutOf(key('m', { targetActivates: true }))).toBe('toggleMute');
    expect(shortcutOf(key(' ', { repeat: true }))).toBeNull();
    expect(shortcutOf(key('f', { repeat: true }))).toBeNull();
  });
});

describe('controlsShown', () => {
  const playing: ControlsInput = { playing: true, idleMs: 0, menuOpen: false, focusWithin: false, pointerOnBar: false, dismissed: false };

  it('hides after the idle time while the video plays', () => {
    expect(controlsShown(playing)).toBe(true);
    expect(controlsShown({ ...playing, idleMs: CONTROLS_IDLE_MS - 1 })).toBe(true);
    expect(controlsShown({ ...playing, idleMs: CONTROLS_IDLE_MS })).toBe(false);
  });

  it('stays while paused, while a menu is open, while focused and while pointed at', () => {
    const idle = { ...playing, idleMs: 60_000, dismissed: true };
    expect(controlsShown({ ...idle, playing: false })).toBe(true);
    expect(controlsShown({ ...idle, menuOpen: true })).toBe(true);
    expect(controlsShown({ ...idle, focusWithin: true })).toBe(true);
    expect(controlsShown({ ...idle, pointerOnBar: true })).toBe(true);
  });

  it('goes at once when the viewer taps it away', () => {
    expect(controlsShown({ ...playing, dismissed: true })).toBe(false);
  });
});

describe('behindLive', () => {
  it('is behind after a pause, or well past the best latency seen', () => {
    expect(behindLive(null, null, true)).toBe(true);
    expect(behindLive(3000, 2000, false)).toBe(false);
    expect(behindLive(7001, 2000, false)).toBe(true);
    expect(behindLive(7000, 2000, false)).toBe(false);
    expect(behindLive(null, 2000, false)).toBe(false);
    expect(behindLive(9000, null, false)).toBe(false);
  });
});

describe('clockText', () => {
  it('writes minutes and seconds, hours when there are any', () => {
    expect(clockText(0)).toBe('0:00');
    expect(clockText(62.9)).toBe('1:02');
    expect(clockText(3723)).toBe('1:02:03');
    expect(clockText(Number.NaN)).toBe('0:00');
    expect(clockText(-5)).toBe('0:00');
    expect(clockText(Number.POSITIVE_INFINITY)).toBe('0:00');
  });
});
