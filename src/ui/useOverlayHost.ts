/**
 * Where an overlay of the player's stage must be drawn so that it stays over the picture:
 * normally in place (the stage wrapper is position: relative), but
 * - in full screen, only the full-screen element and its descendants are shown: when that
 *   element is inside the stage (the player's own root), the overlay goes into it;
 * - in the player's immersive mode the player leaves the flow (position: fixed, above the
 *   page): the overlay goes into that element too.
 * Found from the DOM alone (the full-screen element, a fixed child of the stage), so the
 * overlay needs nothing from the player feature.
 */
import { useEffect, useState, type RefObject } from 'react';

/** The element to portal into, or null for "in place". */
export function findOverlayHost(stage: HTMLElement, own: readonly (Element | null)[]): HTMLElement | null {
  const fullscreen = document.fullscreenElement;
  if (fullscreen instanceof HTMLElement && fullscreen !== stage && stage.contains(fullscreen)) return fullscreen;
  for (const child of Array.from(stage.children)) {
    if (own.includes(child) || !(child instanceof HTMLElement)) continue;
    if (getComputedStyle(child).position === 'fixed') return child;
  }
  return null;
}

/** Follows full-screen changes and the stage's children (class and style) to keep the host right. */
export function useOverlayHost(anchor: RefObject<HTMLElement | null>, layer: RefObject<HTMLElement | null>): HTMLElement | null {
  const [host, setHost] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const stage = anchor.current?.parentElement;
    if (stage === null || stage === undefined) return undefined;
    const update = () => setHost(findOverlayHost(stage, [anchor.current, layer.current]));
    update();
    const observer = new MutationObserver((records) => {
      // Only the stage's own children matter (the player root switching to immersive).
      if (records.some((r) => r.type === 'childList' || r.target.parentElement === stage)) update();
    });
    observer.observe(stage, { childList: true, subtree: true, attributes: true, attributeFilter: ['class', 'style'] });
    document.addEventListener('fullscreenchange', update);
    return () => {
      observer.disconnect();
      document.removeEventListener('fullscreenchange', update);
    };
  }, [anchor, layer]);
  return host;
}
