/** Whether the viewer asked the system for less motion (prefers-reduced-motion), kept current. */
import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

const media = (): MediaQueryList | null => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null);

function subscribe(listener: () => void): () => void {
  const list = media();
  list?.addEventListener('change', listener);
  return () => list?.removeEventListener('change', listener);
}

const current = (): boolean => media()?.matches ?? false;

export function useReducedMotion(): boolean {
  // On the server (tests) there is no preference: full motion, as in most browsers.
  return useSyncExternalStore(subscribe, current, () => false);
}
