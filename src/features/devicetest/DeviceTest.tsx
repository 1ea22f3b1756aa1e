/**
 * The toolbar's "Device test" button and its modal dialog (SPEC 1: test the microphone and
 * the speaker). A native modal <dialog> gives the focus trap, the inert page behind it and
 * Escape (cancel, then close). The test itself is mounted only while the dialog is open, so
 * closing it, however it is closed, releases the microphone and the audio.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceTestPanel } from './DeviceTestPanel';
import './devicetest.css';

export function DeviceTest() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element === null) return;
    if (open && !element.open) {
      element.showModal();
      // The dialog itself takes focus, so a screen reader reads its title first.
      element.focus();
    }
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <>
      <button ref={opener} type="button" className="button device-test-open" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t('deviceTest.open')}
      </button>
      <dialog
        ref={dialog}
        className="device-test"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onClose={() => {
          setOpen(false);
          opener.current?.focus();
        }}
        onClick={(event) => {
          // A click on the backdrop lands on the dialog element outside its box.
          const box = event.currentTarget.getBoundingClientRect();
          const outside = event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
          if (event.target === event.currentTarget && outside) event.currentTarget.close();
        }}
      >
        <div className="device-test__header">
          <h2 id={titleId} className="device-test__title">
            {t('deviceTest.title')}
          </h2>
          <button type="button" className="device-test__close" onClick={() => dialog.current?.close()}>
            {t('deviceTest.close')}
          </button>
        </div>
        {open && <DeviceTestPanel />}
      </dialog>
    </>
  );
}
