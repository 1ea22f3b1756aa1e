/**
 * The gift and reward panel (SPEC 1, issue 14 item 2): the room's six gifts with their
 * prices, a count (a row of common counts or the viewer's own), the total, and a reward of
 * the viewer's own amount. What a payment is doing is said under the buttons: on its way,
 * checking (when no answer came: the money may have moved, so it is asked again with the
 * same key), sent, or why it was refused.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GIFT_COUNT_MAX, MIN_AMOUNT_YUAN, type PaidKind } from '../../domain/constants';
import { GIFT_COUNT_CHOICES, giftOrder, parseGiftCount, rewardOrder, type GiftOffer, type GiftOrder } from '../../domain/giftOrder';
import { canPay, type PaymentState } from '../../domain/payment';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import type { GiftList } from './giftsData';
import { GiftPicture } from './GiftPicture';
import { useYuanFormat } from '../../ui/useYuanFormat';
import { DialogHeader } from '../../ui/DialogHeader';

export interface GiftPanelProps {
  readonly titleId: string;
  /** null while the list loads; a failed load says so with a retry. */
  readonly list: GiftList | null;
  readonly loadFailed: boolean;
  readonly payment: PaymentState<GiftOrder>;
  onRetryLoad(): void;
  onPay(order: GiftOrder): void;
  onCheckNow(): void;
  onClose(): void;
}

function PaymentLine({ payment, name, onCheckNow }: { readonly payment: PaymentState<GiftOrder>; readonly name: (kind: PaidKind) => string; readonly onCheckNow: () => void }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const yuan = useYuanFormat();
  switch (payment.phase) {
    case 'idle':
      return null;
    case 'paying':
      return <p className="money-state">{t('gifts.paying')}</p>;
    case 'checking':
      return (
        <p className="money-state money-state--checking">
          {t('gifts.checking')}{' '}
          <button type="button" className="link-button" onClick={onCheckNow}>
            {t('gifts.checkNow')}
          </button>
        </p>
      );
    case 'paid':
      return (
        <p className="money-state money-state--done">
          {t('gifts.paid', { what: name(payment.order.gift), count: payment.order.count, amount: yuan(payment.order.amount) })}
        </p>
      );
    case 'refused':
      return (
        <p className="money-state money-state--refused" role="alert">
          {t('gifts.refused', { reason: payment.reason })}
        </p>
      );
  }
}

export function GiftPanel({ titleId, list, loadFailed, payment, onRetryLoad, onPay, onCheckNow, onClose }: GiftPanelProps) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const yuan = useYuanFormat();
  const ids = useId();
  const [chosen, setChosen] = useState<GiftOffer | null>(null);
  const [count, setCount] = useState('1');
  // The own-count box holds what the viewer typed; a count chosen from the row leaves it empty.
  const [typed, setTyped] = useState(false);
  const [reward, setReward] = useState('');
  const [rewardProblem, setRewardProblem] = useState<string | null>(null);
  const offers = list?.offers;
  const selected = chosen ?? offers?.[0] ?? null;
  const parsedCount = parseGiftCount(count);
  const order = selected !== null && parsedCount.ok ? giftOrder(selected, parsedCount.value) : null;
  const busy = !canPay(payment);
  const name = (kind: PaidKind) => t(`gifts.name.${kind}`);

  const payReward = () => {
    const result = rewardOrder(reward);
    if (!result.ok) {
      setRewardProblem(t(result.error.key, { ...result.error.params }));
      return;
    }
    onPay(result.value);
  };

  return (
    <div className="panel-dialog__body gift-panel">
      <DialogHeader titleId={titleId} title={t('gifts.title')} closeLabel={t('gifts.close')} onClose={onClose} />
      {list === null ? (
        loadFailed ? (
          <p className="gift-panel__notice" role="alert">
            {t('gifts.loadFailed')}{' '}
            <button type="button" className="link-button" onClick={onRetryLoad}>
              {t('gifts.retry')}
            </button>
          </p>
        ) : (
          <p className="gift-panel__notice">{t('gifts.loading')}</p>
        )
      ) : !list.enabled ? (
        <p className="gift-panel__notice gift-panel__notice--off" role="status">
          {t('code.4405')}
        </p>
      ) : (
        <>
          <fieldset className="gift-panel__gifts">
            <legend className="visually-hidden">{t('gifts.choose')}</legend>
            {list.offers.map((offer) => (
              <label key={offer.gift} className={`gift-tile${offer.gift === selected?.gift ? ' gift-tile--chosen' : ''}`}>
                <input type="radio" name={`${ids}-gift`} value={offer.gift} checked={offer.gift === selected?.gift} onChange={() => setChosen(offer)} />
                <GiftPicture kind={offer.gift} size={40} className="gift-tile__picture" />
                <span className="gift-tile__name">{name(offer.gift)}</span>
                <span className="gift-tile__price">{yuan(offer.price)}</span>
              </label>
            ))}
          </fieldset>
          <div className="gift-panel__count">
            <span className="gift-panel__label" id={`${ids}-count`}>
              {t('gifts.count')}
            </span>
            <div className="gift-panel__counts" role="group" aria-labelledby={`${ids}-count`}>
              {GIFT_COUNT_CHOICES.map((n) => (
                <button
                  key={n}
                  type="button"
                  className="gift-count"
                  aria-pressed={!typed && count === String(n)}
                  onClick={() => {
                    setTyped(false);
                    setCount(String(n));
                  }}
                >
                  {n}
                </button>
              ))}
              <input
                className="gift-count gift-count--own"
                inputMode="numeric"
                aria-label={t('gifts.ownCount', { max: GIFT_COUNT_MAX })}
                aria-invalid={!parsedCount.ok}
                placeholder={t('gifts.ownCountPlaceholder')}
                value={typed ? count : ''}
                maxLength={4}
                onChange={(event) => {
                  setTyped(true);
                  setCount(event.target.value);
                }}
              />
            </div>
            {!parsedCount.ok && (
              <p className="gift-panel__problem" role="alert">
                {t(parsedCount.error.key, { ...parsedCount.error.params })}
              </p>
            )}
          </div>
          <div className="gift-panel__pay">
            <span className="gift-panel__total">{order === null ? '' : t('gifts.total', { amount: yuan(order.amount) })}</span>
            <button type="button" className="button button--primary" disabled={order === null || busy} aria-busy={payment.phase === 'paying'} onClick={() => order !== null && onPay(order)}>
              {t('gifts.send')}
            </button>
          </div>
          <form
            className="gift-panel__reward"
            onSubmit={(event) => {
              event.preventDefault();
              payReward();
            }}
          >
            <label className="gift-panel__label" htmlFor={`${ids}-reward`}>
              <GiftPicture kind="reward" size={18} className="gift-panel__label-icon" />
              {t('gifts.reward')}
            </label>
            <div className="gift-panel__reward-row">
              <input
                id={`${ids}-reward`}
                className="row-input"
                inputMode="decimal"
                placeholder={t('gifts.rewardHint', { min: MIN_AMOUNT_YUAN })}
                aria-invalid={rewardProblem !== null}
                value={reward}
                maxLength={12}
                onChange={(event) => {
                  setReward(event.target.value);
                  setRewardProblem(null);
                }}
              />
              <button type="submit" className="button" disabled={busy}>
                {t('gifts.rewardSend')}
              </button>
            </div>
            {rewardProblem !== null && (
              <p className="gift-panel__problem" role="alert">
                {rewardProblem}
              </p>
            )}
          </form>
        </>
      )}
      <div className="gift-panel__status" role="status">
        <PaymentLine payment={payment} name={name} onCheckNow={onCheckNow} />
      </div>
    </div>
  );
}
