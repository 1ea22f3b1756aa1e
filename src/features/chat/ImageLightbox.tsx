/**
 * A chat image enlarged in a modal <dialog>: the browser gives focus trapping, the
 * backdrop and Escape (the dialog's cancel event) for free.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export interface ImageLightboxProps {
  /** The image to show; null = closed. */
  readonly src: string | null;
  readonly onClose: () => void;
}

export function ImageLightbox({ src, onClose }: ImageLightboxProps) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element === null) return;
    if (src !== null && !element.open) element.showModal();
    if (src === null && element.open) element.close();
  }, [src]);

  return (
    <dialog
      ref={dialog}
      className="chat-lightbox"
      aria-label={t('chat.lightbox.label')}
      // Escape fires cancel, then close; any close (Escape, button, backdrop) ends here.
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog itself, not on its content.
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
    >
      {src !== null && <img className="chat-lightbox__image" src={src} alt={t('chat.message.image')} referrerPolicy="no-referrer" />}
      <button type="button" className="chat-lightbox__close" onClick={() => dialog.current?.close()}>
        {t('chat.lightbox.close')}
      </button>
    </dialog>
  );
}
