/** Paying for a gift or a reward: the shared money call (ui/useMoneyCall.ts) on reward pay gift. */
import { useMemo } from 'react';
import { payIntentId, type GiftOrder } from '../../domain/giftOrder';
import { useApi } from '../../state/apiContext';
import { useMoneyCall, type MoneyCall } from '../../ui/useMoneyCall';

export type GiftPayment = MoneyCall<GiftOrder, unknown>;

export function useGiftPayment(roomId: string): GiftPayment {
  const api = useApi();
  const spec = useMemo(
    () => ({
      intentOf: (order: GiftOrder) => payIntentId(roomId, order),
      send: (order: GiftOrder, idempotencyKey: string) =>
        api.commerce.rewardPayGift({ liveId: roomId, gift: order.gift, count: order.count, amount: order.amount }, { idempotencyKey }),
    }),
    [api, roomId],
  );
  return useMoneyCall(spec);
}
