/**
 * The player's keyboard shortcuts (space or k, m, f, c) anywhere on the page but where the
 * viewer types, activates a control or has a dialog open (controlRules.shortcutOf).
 */
import { useEffect, useRef } from 'react';
import { shortcutOf, type ShortcutAction } from './controlRules';

const EDITABLE = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])';
const ACTIVATES = 'button, a[href], summary, [role="button"], [role="tab"], [role^="menuitem"], [role="option"], [role="checkbox"], [role="radio"], [role="switch"]';

/** `run` may change at every render; the listener always calls the latest. */
export function usePlayerShortcuts(run: (action: ShortcutAction) => void): void {
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const target = event.target instanceof Element ? event.target : null;
      const action = shortcutOf({
        key: event.key,
        ctrlKey: event.ctrlKey,
        altKey: event.altKey,
        metaKey: event.metaKey,
        repeat: event.repeat,
        targetEditable: target !== null && (target.matches(EDITABLE) || target.closest('[contenteditable="true"]') !== null),
        targetActivates: target !== null && target.closest(ACTIVATES) !== null,
        dialogOpen: document.querySelector('dialog[open]') !== null,
      });
      if (action === null) return;
      event.preventDefault();
      latest.current(action);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
