/**
 * A viewer's word to the room's host and assistants while applying for or on the mic (SPEC
 * 7.1 "signaling to assistant", push 4121 to the host side only): "I cannot hear you", "my
 * camera is off on purpose". Said in one line; whether it reached anyone is said back (the
 * answer counts the host side's sockets it reached).
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { useApi } from '../../state/apiContext';
import { failureText } from '../../ui/failureText';
import { useModalDialog } from '../../ui/useModalDialog';
import { DialogHeader } from '../../ui/DialogHeader';

/** The longest message a viewer sends (the console shows it in one row). */
export const HOST_MESSAGE_MAX = 100;

type Sent = { readonly tone: 'ok' | 'problem'; readonly text: string } | null;

export function MessageHost({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const api = useApi();
  const ids = useId();
  const { open, show, close, onClose, onBackdropClick, dialog, opener, titleId } = useModalDialog();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<Sent>(null);

  const send = (event: FormEvent) => {
    event.preventDefault();
    const message = text.trim();
    if (message === '' || busy) return;
    setBusy(true);
    setSent(null);
    api.live.signalToAssistant({ id: roomId, content: { text: message } }).then(
      (data) => {
        setBusy(false);
        const delivered = (data as { delivered?: unknown } | null)?.delivered;
        const reached = typeof delivered === 'number' && delivered > 0;
        setSent(reached ? { tone: 'ok', text: t('mic.message.sent') } : { tone: 'problem', text: t('mic.message.nobody') });
        if (reached) setText('');
      },
      (error: unknown) => {
        setBusy(false);
        setSent({ tone: 'problem', text: failureText(error, t) });
      },
    );
  };

  return (
    <>
      <button ref={opener} type="button" className="button mic-message__toggle" aria-haspopup="dialog" aria-expanded={open} onClick={show}>
        {t('mic.message.open')}
      </button>
      {/* A dialog (a bottom sheet on a phone): the toolbar it opens from has no room for a form. */}
      <dialog ref={dialog} className="panel-dialog sheet mic-message" aria-labelledby={titleId} tabIndex={-1} onClose={onClose} onClick={onBackdropClick}>
        {open && (
          <div className="panel-dialog__body">
            <DialogHeader titleId={titleId} title={t('mic.message.label')} closeLabel={t('mic.message.close')} onClose={close} />
            <form className="mic-message__form" onSubmit={send} aria-label={t('mic.message.label')}>
              <input
                id={`${ids}-text`}
                className="form-field__input mic-message__input"
                aria-label={t('mic.message.label')}
                placeholder={t('mic.message.hint')}
                maxLength={HOST_MESSAGE_MAX}
                value={text}
                onChange={(event) => setText(event.target.value)}
              />
              <button type="submit" className="button button--primary" disabled={busy || text.trim() === ''}>
                {t('mic.message.send')}
              </button>
            </form>
            <p className={sent?.tone === 'problem' ? 'mic-message__note mic-message__note--problem' : 'mic-message__note'} role="status">
              {sent?.text ?? ''}
            </p>
          </div>
        )}
      </dialog>
    </>
  );
}
