/**
 * "My red packets" (issue 14 item 3): the viewer's balance, withdrawal with its rules shown
 * (at least 0.01 yuan, at most the balance, a real-name verified account: 4204; more than
 * the balance: 4202), the shares they grabbed, their withdrawals, and the room's red
 * packets. A modal dialog (a bottom sheet on a phone), open while `onClose` is not called.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { redPacketPhase, validateWithdrawal, type RedPacketView } from '../../domain/redPacket';
import { formatYuan } from '../../domain/money';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { intlLocaleOf } from '../../i18n/localeChoice';
import { useApi } from '../../state/apiContext';
import { useMoneyCall } from '../../ui/useMoneyCall';
import { useYuanFormat } from '../../ui/useYuanFormat';
import { readWallet, type Wallet } from './redPacketData';
import { usePayoutAccount } from './usePayoutAccount';
import { DialogHeader } from '../../ui/DialogHeader';

interface Props {
  readonly roomId: string;
  readonly packets: readonly RedPacketView[];
  onClose(): void;
}

function useWallet(roomId: string) {
  const api = useApi();
  const [wallet, setWallet] = useState<Wallet | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    api.commerce.redPacketUserInfo({ liveId: roomId }, { signal: controller.signal, background: true }).then(
      (data) => {
        const read = readWallet(data);
        setWallet(read);
        setFailed(read === null);
      },
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [api, roomId, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { wallet, failed, reload };
}

export function RedPacketWallet({ roomId, packets, onClose }: Props) {
  const { t, i18n } = useTranslation(INTERACTIONS_NS);
  const yuan = useYuanFormat();
  const api = useApi();
  const ids = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const { wallet, failed, reload } = useWallet(roomId);
  const payout = usePayoutAccount(roomId);
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const time = useMemo(() => new Intl.DateTimeFormat(intlLocaleOf(i18n.language), { dateStyle: 'short', timeStyle: 'short' }), [i18n.language]);
  const withdraw = useMoneyCall<string, unknown>(
    useMemo(
      () => ({
        intentOf: (value: string) => `${roomId}|withdraw|${value}`,
        send: (value: string, idempotencyKey: string) => api.commerce.redPacketWithdraw({ liveId: roomId, amount: value }, { idempotencyKey }),
      }),
      [api, roomId],
    ),
  );

  useEffect(() => {
    const element = dialog.current;
    if (element !== null && !element.open) element.showModal();
  }, []);
  // A withdrawal done (or refused): the balance and the history as the server has them now.
  const settled = withdraw.state.phase === 'paid' || withdraw.state.phase === 'refused';
  useEffect(() => {
    if (settled) reload();
  }, [settled, reload]);

  const submit = () => {
    if (wallet === null) return;
    const checked = validateWithdrawal(amount, wallet.balance);
    if (!checked.ok) {
      setProblem(t(checked.error.key, { ...checked.error.params, balance: yuan(wallet.balance) }));
      return;
    }
    setProblem(null);
    withdraw.pay(formatYuan(checked.value));
  };
  const state = withdraw.state;

  return (
    <dialog ref={dialog} className="panel-dialog panel-dialog--panel sheet" aria-labelledby={`${ids}-title`} tabIndex={-1} onClose={onClose}>
      <div className="panel-dialog__body">
        <DialogHeader titleId={`${ids}-title`} title={t('redPacket.myPackets')} closeLabel={t('redPacket.closeWallet')} onClose={() => dialog.current?.close()} />
        {wallet === null ? (
          <p className="red-packet-wallet__notice" role={failed ? 'alert' : undefined}>
            {failed ? (
              <>
                {t('redPacket.walletFailed')}{' '}
                <button type="button" className="link-button" onClick={reload}>
                  {t('redPacket.retry')}
                </button>
              </>
            ) : (
              t('redPacket.walletLoading')
            )}
          </p>
        ) : (
          <>
            <p className="red-packet-wallet__balance">
              <span>{t('redPacket.balance')}</span> <strong data-balance={wallet.balance}>{yuan(wallet.balance)}</strong>
            </p>
            <form
              className="red-packet-wallet__withdraw"
              onSubmit={(event) => {
                event.preventDefault();
                submit();
              }}
            >
              <label htmlFor={`${ids}-amount`} className="red-packet-wallet__label">
                {t('redPacket.withdrawAmount')}
              </label>
              <div className="red-packet-wallet__row">
                <input
                  id={`${ids}-amount`}
                  inputMode="decimal"
                  className="row-input"
                  value={amount}
                  maxLength={12}
                  aria-invalid={problem !== null}
                  aria-describedby={`${ids}-rules`}
                  onChange={(event) => {
                    setAmount(event.target.value);
                    setProblem(null);
                  }}
                />
                <button type="button" className="button" onClick={() => setAmount(wallet.balance)}>
                  {t('redPacket.all')}
                </button>
                <button type="submit" className="button button--primary" disabled={state.phase === 'paying' || state.phase === 'checking'}>
                  {t('redPacket.withdraw')}
                </button>
              </div>
              {problem !== null && (
                <p className="red-packet-wallet__problem" role="alert">
                  {problem}
                </p>
              )}
              <ul id={`${ids}-rules`} className="red-packet-wallet__rules" aria-label={t('redPacket.rulesTitle')}>
                <li>{t('redPacket.ruleMin')}</li>
                <li>{t('redPacket.ruleMax')}</li>
                <li>{t('redPacket.ruleRealName')}</li>
                {payout.merchant !== null && <li>{t('redPacket.ruleMerchant', { name: payout.merchant })}</li>}
              </ul>
              {payout.authorizeUrl !== null && (
                <p className="red-packet-wallet__payout">
                  {t('redPacket.payoutAccount')}{' '}
                  <a className="link-button" href={payout.authorizeUrl} target="_blank" rel="noopener noreferrer">
                    {t('redPacket.linkAccount')}
                  </a>
                </p>
              )}
              <div role="status" className="red-packet-wallet__status">
                {state.phase === 'paying' && <p className="money-state">{t('redPacket.withdrawing')}</p>}
                {state.phase === 'checking' && (
                  <p className="money-state money-state--checking">
                    {t('redPacket.withdrawChecking')}{' '}
                    <button type="button" className="link-button" onClick={withdraw.checkNow}>
                      {t('redPacket.checkNow')}
                    </button>
                  </p>
                )}
                {state.phase === 'paid' && <p className="money-state money-state--done">{t('redPacket.withdrawn', { amount: yuan(state.order) })}</p>}
              </div>
              {state.phase === 'refused' && (
                <p className="red-packet-wallet__problem" role="alert">
                  {t('redPacket.withdrawRefused', { reason: state.reason })}
                </p>
              )}
            </form>
            <section className="red-packet-wallet__section" aria-labelledby={`${ids}-draws`}>
              <h3 id={`${ids}-draws`}>{t('redPacket.myDraws')}</h3>
              {wallet.draws.length === 0 ? (
                <p className="red-packet-wallet__empty">{t('redPacket.noDraws')}</p>
              ) : (
                <ul className="red-packet-wallet__list">
                  {wallet.draws.map((d) => (
                    <li key={d.id}>
                      <span>{d.title === '' ? t('redPacket.untitled') : d.title}</span>
                      <time dateTime={new Date(d.at).toISOString()}>{time.format(d.at)}</time>
                      <strong>+{yuan(d.amount)}</strong>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            {wallet.withdrawals.length > 0 && (
              <section className="red-packet-wallet__section" aria-labelledby={`${ids}-withdrawals`}>
                <h3 id={`${ids}-withdrawals`}>{t('redPacket.myWithdrawals')}</h3>
                <ul className="red-packet-wallet__list">
                  {wallet.withdrawals.map((w) => (
                    <li key={w.id}>
                      <span>{t('redPacket.withdrawal')}</span>
                      <time dateTime={new Date(w.at).toISOString()}>{time.format(w.at)}</time>
                      <strong>−{yuan(w.amount)}</strong>
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </>
        )}
        <section className="red-packet-wallet__section" aria-labelledby={`${ids}-room`}>
          <h3 id={`${ids}-room`}>{t('redPacket.roomPackets')}</h3>
          {packets.length === 0 ? (
            <p className="red-packet-wallet__empty">{t('redPacket.noPackets')}</p>
          ) : (
            <ul className="red-packet-wallet__list">
              {packets.map((p) => (
                <li key={p.id} data-packet={p.id}>
                  <span>{p.title === '' ? t('redPacket.untitled') : p.title}</span>
                  <span className="red-packet-wallet__muted">{t(`redPacket.phase.${redPacketPhase(p)}`, { remaining: p.remaining, count: p.count })}</span>
                  {p.amount !== null && <strong>+{yuan(p.amount)}</strong>}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </dialog>
  );
}
