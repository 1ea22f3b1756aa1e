/**
 * The player's ways of taking the screen: full screen (the browser's, followed when the
 * viewer leaves it with Escape or the browser's own control), immersive mode (the player
 * over the page; Escape leaves it) and audio only.
 */
import { useEffect, useState, type RefObject } from 'react';

export interface ScreenModes {
  readonly fullscreen: boolean;
  readonly immersive: boolean;
  readonly audioOnly: boolean;
  readonly toggleFullscreen: () => void;
  readonly toggleImmersive: () => void;
  readonly toggleAudioOnly: () => void;
}

export function useScreenModes(rootRef: RefObject<HTMLDivElement | null>): ScreenModes {
  const [fullscreen, setFullscreen] = useState(false);
  const [immersive, setImmersive] = useState(false);
  const [audioOnly, setAudioOnly] = useState(false);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === rootRef.current && rootRef.current !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [rootRef]);

  useEffect(() => {
    if (!immersive) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setImmersive(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [immersive]);

  const toggleFullscreen = () => {
    const root = rootRef.current;
    if (root === null) return;
    if (document.fullscreenElement === root) void document.exitFullscreen().catch(() => undefined);
    else void root.requestFullscreen?.().catch(() => undefined);
  };

  return {
    fullscreen,
    immersive,
    audioOnly,
    toggleFullscreen,
    toggleImmersive: () => setImmersive(!immersive),
    toggleAudioOnly: () => setAudioOnly((on) => !on),
  };
}
