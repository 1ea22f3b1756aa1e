/**
 * When the control bar shows: on pointer movement, a tap or a key, and it goes away while
 * the video plays and the viewer is still (controlRules.controlsShown), unless a menu is
 * open, the keyboard's focus is in it or the pointer rests on it.
 */
import { useCallback, useEffect, useState } from 'react';
import { useClock } from '../../ui/clock';
import { CONTROLS_IDLE_MS, controlsShown } from './controlRules';

export interface ControlsVisibility {
  readonly shown: boolean;
  /** Activity: the bar shows and the idle time starts again. */
  readonly wake: () => void;
  /** The mouse left the player. */
  readonly leave: () => void;
  /** A tap on the picture while the bar shows over a playing video puts it away. */
  readonly dismiss: () => void;
  readonly setMenuOpen: (open: boolean) => void;
  readonly setFocusWithin: (within: boolean) => void;
  readonly setPointerOnBar: (on: boolean) => void;
}

export function useControlsVisibility(playing: boolean): ControlsVisibility {
  const clock = useClock();
  // Counts the viewer's activity: each one starts the idle time again.
  const [activity, setActivity] = useState(0);
  const [idle, setIdle] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [focusWithin, setFocusWithin] = useState(false);
  const [pointerOnBar, setPointerOnBar] = useState(false);

  const wake = useCallback(() => {
    setActivity((count) => count + 1);
    setIdle(false);
    setDismissed(false);
  }, []);
  useEffect(() => {
    const timer = clock.setTimeout(() => setIdle(true), CONTROLS_IDLE_MS);
    return () => clock.clearTimeout(timer);
  }, [clock, activity]);

  return {
    shown: controlsShown({ playing, idleMs: idle ? CONTROLS_IDLE_MS : 0, menuOpen, focusWithin, pointerOnBar, dismissed }),
    wake,
    leave: () => setIdle(true),
    dismiss: () => setDismissed(true),
    setMenuOpen,
    setFocusWithin,
    setPointerOnBar,
  };
}
