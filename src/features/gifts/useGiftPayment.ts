/**
 * Paying for a gift or a reward (issue 14 items 1, 2 and 7): the payment machine of
 * domain/payment.ts driven by the commerce service. Each intent's Idempotency-Key comes
 * from the book every tab shares (sharedIntents.ts), the prevent-double-click guard stops
 * repeated presses in this tab, and an unknown outcome is asked again with the same key
 * until the server says what happened.
 */
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText, isApiError, type ApiError } from '../../api';
import { payIntentId, type GiftOrder } from '../../domain/giftOrder';
import { canPay, checkDelayMs, nextPayment, PAYMENT_IDLE, type PaymentState } from '../../domain/payment';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { useApi } from '../../state/apiContext';
import { useSubmitGuard } from '../../ui/useSubmitGuard';
import { claimPayKey, settlePayKey } from './sharedIntents';

/** The server answered, or the call never left: the money did not move. Anything else may have. */
export function isKnownRefusal(error: ApiError): boolean {
  if (error.kind === 'business' || error.kind === 'invalid') return true;
  return error.kind === 'http' && error.status !== undefined && error.status >= 400 && error.status < 500 && error.status !== 408;
}

export interface GiftPayment {
  readonly state: PaymentState;
  pay(order: GiftOrder): void;
  /** Asks about an unknown outcome now rather than at the next check. */
  checkNow(): void;
  dismiss(): void;
}

export function useGiftPayment(roomId: string): GiftPayment {
  const { t } = useTranslation(INTERACTIONS_NS);
  const api = useApi();
  const guard = useSubmitGuard();
  const [state, dispatch] = useReducer(nextPayment, PAYMENT_IDLE);
  const current = useRef(state);
  const translate = useRef(t);
  const inFlight = useRef(false);
  useEffect(() => {
    current.current = state;
    translate.current = t;
  }, [state, t]);

  const send = useCallback(
    async (order: GiftOrder, key: string) => {
      if (inFlight.current) return;
      inFlight.current = true;
      const intent = payIntentId(roomId, order);
      try {
        await api.commerce.rewardPayGift({ liveId: roomId, gift: order.gift, count: order.count, amount: order.amount }, { idempotencyKey: key });
        dispatch({ type: 'paid' });
        void settlePayKey(intent, key);
      } catch (error) {
        if (isApiError(error) && isKnownRefusal(error)) {
          dispatch({ type: 'refused', reason: apiErrorText(error, translate.current) });
          void settlePayKey(intent, key);
        } else {
          dispatch({ type: 'unknown' });
        }
      } finally {
        inFlight.current = false;
      }
    },
    [api, roomId],
  );

  const pay = useCallback(
    (order: GiftOrder) => {
      if (!canPay(current.current) || inFlight.current || !guard.pass()) return;
      inFlight.current = true;
      claimPayKey(payIntentId(roomId, order), () => api.newIdempotencyKey()).then(
        (key) => {
          inFlight.current = false;
          if (!canPay(current.current)) return;
          dispatch({ type: 'pay', key, order });
          current.current = { phase: 'paying', key, order };
          void send(order, key);
        },
        () => {
          inFlight.current = false;
          guard.reset();
        },
      );
    },
    [api, guard, roomId, send],
  );

  // An unknown outcome: ask again with the same key, later and later.
  const checks = state.phase === 'checking' ? state.checks : -1;
  useEffect(() => {
    const now = current.current;
    if (now.phase !== 'checking') return undefined;
    const timer = setTimeout(() => void send(now.order, now.key), checkDelayMs(now.checks));
    return () => clearTimeout(timer);
  }, [checks, send]);

  const checkNow = useCallback(() => {
    const now = current.current;
    if (now.phase === 'checking') void send(now.order, now.key);
  }, [send]);
  const dismiss = useCallback(() => dispatch({ type: 'dismiss' }), []);
  return { state, pay, checkNow, dismiss };
}
