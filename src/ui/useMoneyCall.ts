/**
 * A money call in the viewer's hands (a gift, a red packet grab, a withdrawal, a purchase;
 * issue 14 items 1 and 7): the payment machine of domain/payment.ts driven by a call of the
 * commerce service. Each intent's Idempotency-Key comes from the book every tab shares
 * (state/payIntentsStore.ts), the prevent-double-click guard stops repeated presses in this
 * tab, and an unknown outcome is asked again with the same key until the server says what
 * happened: never "failed" while the money may have moved.
 */
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText, isApiError, type ApiError } from '../api';
import { canPay, checkDelayMs, nextPayment, PAYMENT_IDLE, type PaymentEvent, type PaymentState } from '../domain/payment';
import { INTERACTIONS_NS } from '../i18n/catalogues';
import { useApi } from '../state/apiContext';
import { claimPayKey, settlePayKey } from '../state/payIntentsStore';
import { useSubmitGuard } from './useSubmitGuard';

/** The server answered, or the call never left: the money did not move. Anything else may have. */
export function isKnownRefusal(error: ApiError): boolean {
  if (error.kind === 'business' || error.kind === 'invalid') return true;
  return error.kind === 'http' && error.status !== undefined && error.status >= 400 && error.status < 500 && error.status !== 408;
}

export interface MoneyCall<O, A> {
  readonly state: PaymentState<O, A>;
  /** Starts the intent `order` (refused while another is on its way or unknown, or within the double-click interval). */
  pay(order: O): void;
  /** Asks about an unknown outcome now rather than at the next check. */
  checkNow(): void;
  dismiss(): void;
}

export interface MoneyCallSpec<O, A> {
  /** The intent's identity: the same one pressed again (here or in another tab) shares its key. */
  intentOf(order: O): string;
  /** The call, with the intent's key. */
  send(order: O, idempotencyKey: string): Promise<A>;
}

export function useMoneyCall<O, A>(spec: MoneyCallSpec<O, A>): MoneyCall<O, A> {
  const { t } = useTranslation(INTERACTIONS_NS);
  const api = useApi();
  const guard = useSubmitGuard();
  const [state, dispatch] = useReducer(nextPayment<O, A>, PAYMENT_IDLE as PaymentState<O, A>);
  const current = useRef<PaymentState<O, A>>(state);
  const translate = useRef(t);
  const specRef = useRef(spec);
  const inFlight = useRef(false);
  useEffect(() => {
    current.current = state;
    translate.current = t;
    specRef.current = spec;
  }, [state, t, spec]);

  const step = useCallback((event: PaymentEvent<O, A>) => {
    current.current = nextPayment(current.current, event);
    dispatch(event);
  }, []);

  const send = useCallback(
    async (order: O, key: string) => {
      if (inFlight.current) return;
      inFlight.current = true;
      const intent = specRef.current.intentOf(order);
      try {
        const answer = await specRef.current.send(order, key);
        step({ type: 'paid', answer });
        void settlePayKey(intent, key);
      } catch (error) {
        if (isApiError(error) && isKnownRefusal(error)) {
          step({ type: 'refused', reason: apiErrorText(error, translate.current) });
          void settlePayKey(intent, key);
        } else {
          step({ type: 'unknown' });
        }
      } finally {
        inFlight.current = false;
      }
    },
    [step],
  );

  const pay = useCallback(
    (order: O) => {
      // The guard first: every repeated press within the interval is told so (SPEC 5), even
      // while the first is still on its way.
      if (!guard.pass() || !canPay(current.current) || inFlight.current) return;
      inFlight.current = true;
      claimPayKey(specRef.current.intentOf(order), () => api.newIdempotencyKey()).then(
        (key) => {
          inFlight.current = false;
          if (!canPay(current.current)) return;
          step({ type: 'pay', key, order });
          void send(order, key);
        },
        () => {
          inFlight.current = false;
          guard.reset();
        },
      );
    },
    [api, guard, send, step],
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
  const dismiss = useCallback(() => step({ type: 'dismiss' }), [step]);
  return { state, pay, checkNow, dismiss };
}
