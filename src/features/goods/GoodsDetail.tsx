/**
 * One goods item in a dialog (a bottom sheet on a phone): picture, name, price, what is
 * left, its description, and buying it: a count within the stock and the per-purchase
 * limit, the total in decimal yuan, and the purchase as a money call (one key per intent,
 * "checking" when no answer came, refusals in words: "only N left").
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { purchaseMax, purchaseOrder, stockLine, type GoodsItem } from '../../domain/goods';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { useYuanFormat } from '../../ui/useYuanFormat';
import { useApi } from '../../state/apiContext';
import { readGoods } from './goodsData';
import { usePurchase } from './usePurchase';
import { DialogHeader } from '../../ui/DialogHeader';

interface Props {
  readonly roomId: string;
  readonly item: GoodsItem;
  onClose(): void;
}

export function StockText({ stock }: { readonly stock: number }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const line = stockLine(stock);
  if (line.kind === 'soldOut') return <span className="goods-stock goods-stock--out">{t('goods.soldOut')}</span>;
  if (line.kind === 'low') return <span className="goods-stock goods-stock--low">{t('goods.onlyLeft', { left: line.left })}</span>;
  return <span className="goods-stock">{t('goods.inStock', { stock })}</span>;
}

export function GoodsDetail({ roomId, item, onClose }: Props) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const yuan = useYuanFormat();
  const ids = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [count, setCount] = useState(1);
  const api = useApi();
  const purchase = usePurchase(roomId);
  const state = purchase.state;
  // The stock as it is now, on opening and after a refusal (someone bought the last ones
  // meanwhile), so the count's check says "only N left" in the viewer's words.
  const [reread, setReread] = useState<number | null>(null);
  const refused = state.phase === 'refused';
  // Read on opening too: a card pushed a while ago, or a list read earlier, may be behind.
  useEffect(() => {
    const controller = new AbortController();
    api.commerce.goodsDetail({ liveId: roomId, goodsId: item.id }, { signal: controller.signal, background: true }).then(
      (data) => setReread(readGoods(data)?.stock ?? null),
      () => undefined,
    );
    return () => controller.abort();
  }, [api, roomId, item.id, refused]);
  // The stock the server reported after a purchase or a refusal, else the item's.
  const stock = state.phase === 'paid' && state.answer.stock !== null ? state.answer.stock : (reread ?? item.stock);
  const current = { ...item, stock };
  const max = purchaseMax(current);
  // A count chosen before the stock went down follows it down (after a purchase of this
  // viewer's, or others'), except that a refusal's count stays to be explained.
  const shownCount = refused ? count : Math.max(1, Math.min(count, max));
  const order = purchaseOrder(current, shownCount);

  useEffect(() => {
    const element = dialog.current;
    if (element !== null && !element.open) element.showModal();
  }, []);

  return (
    <dialog ref={dialog} className="panel-dialog panel-dialog--panel sheet" aria-labelledby={`${ids}-title`} tabIndex={-1} onClose={onClose}>
      <div className="panel-dialog__body">
        <DialogHeader titleId={`${ids}-title`} title={item.name} closeLabel={t('goods.closeDetail')} onClose={() => dialog.current?.close()} />
        {item.imageUrl !== null && <img className="goods-detail__image" src={item.imageUrl} alt="" loading="lazy" />}
        <p className="goods-detail__price">
          <strong>{yuan(item.price)}</strong> <StockText stock={stock} />
        </p>
        {item.description !== '' && <p className="goods-detail__description">{item.description}</p>}
        <div className="goods-detail__buy">
          <div className="goods-detail__count" role="group" aria-label={t('goods.count')}>
            <button type="button" className="goods-step" aria-label={t('goods.countLess')} disabled={shownCount <= 1} onClick={() => setCount(Math.max(1, shownCount - 1))}>
              −
            </button>
            <span className="goods-detail__count-value" aria-live="polite">
              {shownCount}
            </span>
            <button type="button" className="goods-step" aria-label={t('goods.countMore')} disabled={shownCount >= max} onClick={() => setCount(Math.min(max, shownCount + 1))}>
              +
            </button>
          </div>
          <span className="goods-detail__total">{order.ok ? t('goods.total', { amount: yuan(order.value.amount) }) : ''}</span>
          <button
            type="button"
            className="button button--primary"
            disabled={!order.ok || state.phase === 'paying' || state.phase === 'checking'}
            aria-busy={state.phase === 'paying'}
            onClick={() => order.ok && purchase.pay(order.value)}
          >
            {stock <= 0 ? t('goods.soldOut') : t('goods.buy')}
          </button>
        </div>
        {!order.ok && stock > 0 && (
          <p className="goods-detail__problem" role="alert">
            {t(order.error.key, { ...order.error.params })}
          </p>
        )}
        <div className="goods-detail__status" role="status">
          {state.phase === 'paying' && <p className="money-state">{t('goods.buying')}</p>}
          {state.phase === 'checking' && (
            <p className="money-state money-state--checking">
              {t('goods.checking')}{' '}
              <button type="button" className="link-button" onClick={purchase.checkNow}>
                {t('goods.checkNow')}
              </button>
            </p>
          )}
          {state.phase === 'paid' && (
            <p className="money-state money-state--done">{t('goods.bought', { count: state.order.count, amount: yuan(state.order.amount) })}</p>
          )}
        </div>
        {/* Refused for the stock: the line above says it in the viewer's words once the stock is read again. */}
        {state.phase === 'refused' && order.ok && (
          <p className="goods-detail__problem" role="alert">
            {t('goods.refused', { reason: state.reason })}
          </p>
        )}
      </div>
    </dialog>
  );
}
