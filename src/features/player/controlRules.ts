/**
 * The player control bar's rules, pure so they are tested without a browser: which key does
 * what, when the bar hides, and when a live is behind its edge.
 */

export type ShortcutAction = 'togglePlay' | 'toggleMute' | 'toggleFullscreen' | 'toggleCaptions';

/** What the key handler knows of a keydown. */
export interface KeyInput {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly altKey: boolean;
  readonly metaKey: boolean;
  readonly repeat: boolean;
  /** The focused element types text (input, textarea, select, contenteditable). */
  readonly targetEditable: boolean;
  /** The focused element is a control that space or enter already activates (button, link, tab, menu item). */
  readonly targetActivates: boolean;
  /** A modal dialog is open: keys belong to it. */
  readonly dialogOpen: boolean;
}

const LETTERS: Readonly<Record<string, ShortcutAction>> = { m: 'toggleMute', f: 'toggleFullscreen', c: 'toggleCaptions', k: 'togglePlay' };

/**
 * The shortcut of a key, or null. As in the players people know: space or k plays and
 * pauses, m mutes, f toggles full screen, c toggles captions. Never while the viewer types
 * (the chat composer), never inside a dialog, never with a modifier (browser shortcuts), and
 * space never when it would press the focused button instead.
 */
export function shortcutOf(input: KeyInput): ShortcutAction | null {
  if (input.ctrlKey || input.altKey || input.metaKey || input.targetEditable || input.dialogOpen) return null;
  if (input.key === ' ' || input.key === 'Spacebar') return input.targetActivates || input.repeat ? null : 'togglePlay';
  if (input.repeat) return null;
  return LETTERS[input.key.toLowerCase()] ?? null;
}

/** How long the bar stays after the last pointer movement, tap or key while the video plays. */
export const CONTROLS_IDLE_MS = 3000;

export interface ControlsInput {
  /** The video plays (not paused, not loading, not failed). */
  readonly playing: boolean;
  /** ms since the last pointer movement, tap or key over the player. */
  readonly idleMs: number;
  /** A menu of the bar is open. */
  readonly menuOpen: boolean;
  /** The keyboard focus is in the bar. */
  readonly focusWithin: boolean;
  /** The pointer rests on the bar itself. */
  readonly pointerOnBar: boolean;
  /** The viewer tapped the video to put the bar away. */
  readonly dismissed: boolean;
}

/**
 * Whether the bar shows. It stays while the video does not play (paused, loading, an error:
 * the viewer needs the controls then), while a menu is open, while the keyboard is in it and
 * while the pointer rests on it; otherwise it hides once the viewer has been still for
 * CONTROLS_IDLE_MS, or at once when they tap the video to put it away.
 */
export function controlsShown(input: ControlsInput): boolean {
  if (!input.playing || input.menuOpen || input.focusWithin || input.pointerOnBar) return true;
  if (input.dismissed) return false;
  return input.idleMs < CONTROLS_IDLE_MS;
}

/** How much further behind than its best a live may fall before it counts as behind. */
export const BEHIND_LIVE_MS = 5000;

/**
 * Whether a live plays behind its edge: the viewer paused it (a live paused and resumed
 * plays from where it stopped) or it has fallen more than BEHIND_LIVE_MS behind the least
 * latency this load has seen (each delay mode and line has its own normal latency, so the
 * rule measures against this stream's own best rather than a fixed figure).
 */
export function behindLive(latencyMs: number | null, bestLatencyMs: number | null, pausedSinceEdge: boolean): boolean {
  if (pausedSinceEdge) return true;
  if (latencyMs === null || bestLatencyMs === null) return false;
  return latencyMs - bestLatencyMs > BEHIND_LIVE_MS;
}

export { clockText } from '../../domain/mediaTime';
