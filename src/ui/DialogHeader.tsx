/** The title bar of a panel dialog (`panel-dialog`): its heading, which names the dialog, and the × that closes it. */
import type { ReactNode } from 'react';

export interface DialogHeaderProps {
  /** The heading's id: the dialog's `aria-labelledby`. */
  readonly titleId: string;
  readonly title: ReactNode;
  /** The close button's accessible name (it shows only ×). */
  readonly closeLabel: string;
  readonly onClose: () => void;
}

export function DialogHeader({ titleId, title, closeLabel, onClose }: DialogHeaderProps) {
  return (
    <header className="panel-dialog__header">
      <h2 id={titleId} className="panel-dialog__title">
        {title}
      </h2>
      <button type="button" className="panel-dialog__close" aria-label={closeLabel} onClick={onClose}>
        ×
      </button>
    </header>
  );
}
