/**
 * The room's viewing terms (contract/{id}: the "contract or guide state" of SPEC 7.1). A room
 * that has them enabled asks each viewer once per version, in a modal dialog over the video
 * page, to accept them or leave; a room without them shows nothing. The dialog cannot be
 * closed with Escape: it is a question, not a notice. If the terms cannot be read the page
 * stays usable (a toast says so) rather than locking the viewer out over a failed call.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../state/apiContext';
import { readContract, type Contract } from './noticeData';
import { acceptContract, browserStorage, contractAccepted } from './noticeMemory';
import './notice.css';
import { noticeCallFailure } from '../../state/notices';

export interface ContractGateProps {
  readonly roomId: string;
  /** The viewer declines the terms (the app takes them back to the room's guide page). */
  readonly onLeave: () => void;
}

export function ContractGate({ roomId, onLeave }: ContractGateProps) {
  const api = useApi();
  const [storage] = useState(browserStorage);
  const [contract, setContract] = useState<Contract | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    api.live.contract({ id: roomId }, { signal: controller.signal }).then(
      (data) => {
        const terms = readContract(data);
        setContract(terms !== null && !contractAccepted(storage, roomId, terms.version) ? terms : null);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) noticeCallFailure(error, 'roomNotice.contractFailed');
      },
    );
    return () => controller.abort();
  }, [api, roomId, storage]);

  if (contract === null) return null;
  return (
    <ContractDialog
      contract={contract}
      onAccept={() => {
        acceptContract(storage, roomId, contract.version);
        setContract(null);
      }}
      onLeave={onLeave}
    />
  );
}

interface ContractDialogProps {
  readonly contract: Contract;
  readonly onAccept: () => void;
  readonly onLeave: () => void;
}

export function ContractDialog({ contract, onAccept, onLeave }: ContractDialogProps) {
  const { t } = useTranslation();
  const ids = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    // Modal: the page under it is inert until the viewer answers.
    const node = dialog.current;
    if (node !== null && !node.open) node.showModal();
  }, []);

  return (
    <dialog
      ref={dialog}
      className="contract-dialog"
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-hint`}
      onCancel={(event) => event.preventDefault()}
    >
      <h2 id={`${ids}-title`} className="contract-dialog__title">
        {contract.title !== '' ? contract.title : t('roomNotice.contractTitle')}
      </h2>
      <p id={`${ids}-hint`} className="contract-dialog__hint">
        {t('roomNotice.contractHint')}
      </p>
      {contract.content !== '' && (
        // Focusable so a keyboard can scroll long terms.
        <div className="contract-dialog__text" tabIndex={0}>
          {contract.content}
        </div>
      )}
      <div className="contract-dialog__actions">
        <button type="button" className="button" onClick={onLeave}>
          {t('roomNotice.contractLeave')}
        </button>
        <button type="button" className="button button--primary" onClick={onAccept}>
          {t('roomNotice.contractAccept')}
        </button>
      </div>
    </dialog>
  );
}
