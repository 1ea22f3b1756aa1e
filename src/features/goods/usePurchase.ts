/** Buying goods: the shared money call (ui/useMoneyCall.ts) on goods purchase. */
import { useMemo } from 'react';
import { purchaseIntentId, type PurchaseOrder } from '../../domain/goods';
import { useApi } from '../../state/apiContext';
import { useMoneyCall, type MoneyCall } from '../../ui/useMoneyCall';

export interface PurchaseAnswer {
  /** The stock left after it, as the server says. */
  readonly stock: number | null;
}

const readAnswer = (data: unknown): PurchaseAnswer => {
  const stock = typeof data === 'object' && data !== null ? (data as { stock?: unknown }).stock : undefined;
  return { stock: typeof stock === 'number' && Number.isSafeInteger(stock) && stock >= 0 ? stock : null };
};

export function usePurchase(roomId: string): MoneyCall<PurchaseOrder, PurchaseAnswer> {
  const api = useApi();
  const spec = useMemo(
    () => ({
      intentOf: (order: PurchaseOrder) => purchaseIntentId(roomId, order),
      send: async (order: PurchaseOrder, idempotencyKey: string) =>
        readAnswer(await api.commerce.goodsPurchase({ liveId: roomId, goodsId: order.goodsId, count: order.count, amount: order.amount }, { idempotencyKey })),
    }),
    [api, roomId],
  );
  return useMoneyCall(spec);
}
