/**
 * The room's winners record (raffle conf record): every round started in the room, newest
 * first, with its prize, what became of the viewer in it and its winners. Read afresh each
 * time it opens, so it is never stale; a failed read says why, with a retry.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { useApi } from '../../state/apiContext';
import { failureText } from '../../ui/failureText';
import { useModalDialog } from '../../ui/useModalDialog';
import { readLotteryRecord, type RecordedRound } from './lotteryData';
import { WinnerList } from './WinnerList';

type Load = { readonly kind: 'loading' } | { readonly kind: 'loaded'; readonly rounds: readonly RecordedRound[] } | { readonly kind: 'failed'; readonly reason: string };

const MY_STATE_KEYS: Readonly<Record<string, string>> = {
  won: 'lottery.record.won',
  lost: 'lottery.record.lost',
  ended: 'lottery.record.notIn',
  participating: 'lottery.record.participating',
  notJoined: 'lottery.record.notJoined',
  nicknameRequired: 'lottery.record.nicknameRequired',
};

export function LotteryRecordButton({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const api = useApi();
  const { open, show, close, onClose, onBackdropClick, dialog, opener, titleId } = useModalDialog();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });

  const read = useCallback(
    (signal?: AbortSignal) => {
      api.live.raffleRecord({ webcastId: roomId }, { signal }).then(
        (data) => setLoad({ kind: 'loaded', rounds: readLotteryRecord(data) }),
        (error: unknown) => {
          if (!signal?.aborted) setLoad({ kind: 'failed', reason: failureText(error, t) });
        },
      );
    },
    [api, roomId, t],
  );
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    read(controller.signal);
    return () => controller.abort();
  }, [open, read]);

  return (
    <>
      <button ref={opener} type="button" className="interaction-link" onClick={() => {
          setLoad({ kind: 'loading' });
          show();
        }}>
        {t('lottery.record.open')}
      </button>
      <dialog ref={dialog} className="panel-dialog interaction-dialog lottery-record sheet" aria-labelledby={titleId} tabIndex={-1} onClose={onClose} onClick={onBackdropClick}>
        {open && (
          <div className="lottery-record__panel">
            <header className="lottery-record__header">
              <h2 id={titleId}>{t('lottery.record.title')}</h2>
              <button type="button" className="interaction-card__close" aria-label={t('lottery.record.close')} onClick={close}>
                ×
              </button>
            </header>
            {load.kind === 'loading' && <p role="status">{t('lottery.record.loading')}</p>}
            {load.kind === 'failed' && (
              <p className="interaction-card__error" role="alert">
                {load.reason}{' '}
                <button type="button" className="button" onClick={() => {
                    setLoad({ kind: 'loading' });
                    read();
                  }}>
                  {t('lottery.record.retry')}
                </button>
              </p>
            )}
            {load.kind === 'loaded' && load.rounds.length === 0 && <p>{t('lottery.record.empty')}</p>}
            {load.kind === 'loaded' && load.rounds.length > 0 && (
              <ol className="lottery-record__list">
                {load.rounds.map(({ round, open: running, myState, winners }) => (
                  <li key={round.raffleId} className="lottery-record__round" data-my-state={myState}>
                    <p className="lottery-record__title">
                      <strong>{round.title || t('lottery.defaultTitle')}</strong>
                      {round.prize !== '' && <span>{t('lottery.prize', { prize: round.prize })}</span>}
                      <span className="lottery-record__state">{running ? t('lottery.record.running') : t(MY_STATE_KEYS[myState] ?? 'lottery.record.notIn')}</span>
                    </p>
                    {!running && <WinnerList winners={winners} />}
                  </li>
                ))}
              </ol>
            )}
          </div>
        )}
      </dialog>
    </>
  );
}
