/**
 * A native modal <dialog> opened from a button: showModal gives the focus trap, the inert
 * page behind and Escape; this keeps React's `open` in step however the dialog closes
 * (Escape, a close button, the backdrop) and gives the focus back to the button.
 */
import { useCallback, useEffect, useId, useRef, useState, type MouseEvent, type RefObject } from 'react';

/** Shows `dialog` as a modal while `open`, and closes it when not (a dialog the app opens itself). */
export function useDialogShown(dialog: RefObject<HTMLDialogElement | null>, open: boolean): void {
  useEffect(() => {
    const element = dialog.current;
    if (element === null) return;
    if (open && !element.open) {
      element.showModal?.();
      // The dialog itself takes focus (tabIndex -1), so a screen reader reads its title first.
      element.focus();
    }
    if (!open && element.open) element.close();
  }, [dialog, open]);
}

export function useModalDialog() {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useDialogShown(dialog, open);

  const show = useCallback(() => setOpen(true), []);
  /** Closes it as Escape would; `onClose` then updates the state. */
  const close = useCallback(() => dialog.current?.close(), []);
  const onClose = useCallback(() => {
    setOpen(false);
    opener.current?.focus();
  }, []);
  /** A click on the backdrop lands on the dialog element, outside its box: it closes. */
  const onBackdropClick = useCallback((event: MouseEvent<HTMLDialogElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const outside = event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
    if (event.target === event.currentTarget && outside) event.currentTarget.close();
  }, []);

  return { open, show, close, onClose, onBackdropClick, dialog, opener, titleId };
}
