/**
 * The toolbar's "Device test" button and its modal dialog (SPEC 1: test the microphone and
 * the speaker). A native modal <dialog> gives the focus trap, the inert page behind it and
 * Escape (cancel, then close). The test itself is mounted only while the dialog is open, so
 * closing it, however it is closed, releases the microphone and the audio.
 */
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { useModalDialog } from '../../ui/useModalDialog';
import { DeviceTestPanel } from './DeviceTestPanel';
import './devicetest.css';

export function DeviceTest() {
  const { t } = useTranslation(INTERACTIONS_NS);
  const { open, show, close, onClose, onBackdropClick, dialog, opener, titleId } = useModalDialog();

  return (
    <>
      <button ref={opener} type="button" className="button device-test-open" aria-haspopup="dialog" onClick={show}>
        {t('deviceTest.open')}
      </button>
      <dialog
        ref={dialog}
        className="panel-dialog device-test sheet"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onClose={onClose}
        onClick={onBackdropClick}
      >
        <div className="device-test__header">
          <h2 id={titleId} className="device-test__title">
            {t('deviceTest.title')}
          </h2>
          <button type="button" className="device-test__close" onClick={close}>
            {t('deviceTest.close')}
          </button>
        </div>
        {open && <DeviceTestPanel />}
      </dialog>
    </>
  );
}
