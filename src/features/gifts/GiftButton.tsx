/**
 * The gift button of the video page's toolbar and the gift panel it opens (a modal dialog,
 * a bottom sheet on a phone). The room's gift list is read when the panel opens; the
 * payment lives here, so closing the panel while a payment is being checked keeps checking.
 */
import { Gift } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { useApi } from '../../state/apiContext';
import { useModalDialog } from '../../ui/useModalDialog';
import { GiftPanel } from './GiftPanel';
import { readGiftList, type GiftList } from './giftsData';
import { useGiftPayment } from './useGiftPayment';
import './gifts.css';
import { useClock } from '../../ui/clock';

function useGiftList(roomId: string, open: boolean) {
  const api = useApi();
  const [list, setList] = useState<GiftList | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!open) return undefined;
    const controller = new AbortController();
    api.commerce.giftList({ liveId: roomId }, { signal: controller.signal, background: true }).then(
      (data) => {
        setList(readGiftList(data));
        setFailed(false);
      },
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [api, roomId, open, attempt]);
  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((n) => n + 1);
  }, []);
  return { list, failed, retry };
}

export function GiftButton({ roomId }: { readonly roomId: string }) {
  const clock = useClock();
  const { t } = useTranslation(INTERACTIONS_NS);
  const { open, show, close, onClose, dialog, opener, titleId } = useModalDialog();
  const { list, failed, retry } = useGiftList(roomId, open);
  const { state, pay, checkNow, dismiss } = useGiftPayment(roomId);

  // A sent gift is said for a moment, then the panel is ready for the next.
  useEffect(() => {
    if (state.phase !== 'paid') return undefined;
    const timer = clock.setTimeout(dismiss, 4000);
    return () => clock.clearTimeout(timer);
  }, [clock, state, dismiss]);

  return (
    <div className="gift-button" data-toolbar-primary="true">
      <button
        ref={opener}
        type="button"
        className="button gift-button__open"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-payment={state.phase}
        onClick={show}
      >
        <Gift size={18} className="gift-button__icon" aria-hidden="true" focusable="false" />
        <span className="visually-hidden-phone">{state.phase === 'checking' ? t('gifts.buttonChecking') : t('gifts.button')}</span>
      </button>
      <dialog ref={dialog} className="panel-dialog panel-dialog--panel sheet" aria-labelledby={titleId} tabIndex={-1} onClose={onClose}>
        {open && <GiftPanel titleId={titleId} list={list} loadFailed={failed} payment={state} onRetryLoad={retry} onPay={pay} onCheckNow={checkNow} onClose={close} />}
      </dialog>
    </div>
  );
}
