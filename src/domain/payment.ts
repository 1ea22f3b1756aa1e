/**
 * One money call in the viewer's hands (a gift, a red packet grab, a withdrawal, a
 * purchase), as an explicit state machine (issue 14 item 7): a press sends the intent with
 * its Idempotency-Key; the answer is "paid" (with what the server answered) or "refused";
 * when no answer came (a timeout, the network, a server error after the client's retries)
 * the outcome is unknown, and the payment is "checking": it asks again with the same key,
 * which the server answers with the first outcome. It is never "failed" while the money
 * may have moved, and no new payment starts until it is known.
 */
/** `O`: what is asked (the order); `A`: what the server answered when it was done. */
export type PaymentState<O, A = unknown> =
  | { readonly phase: 'idle' }
  | { readonly phase: 'paying'; readonly key: string; readonly order: O }
  | { readonly phase: 'checking'; readonly key: string; readonly order: O; readonly checks: number }
  | { readonly phase: 'paid'; readonly key: string; readonly order: O; readonly answer: A }
  | { readonly phase: 'refused'; readonly key: string; readonly order: O; readonly reason: string };

export type PaymentEvent<O, A = unknown> =
  | { readonly type: 'pay'; readonly key: string; readonly order: O }
  | { readonly type: 'paid'; readonly answer: A }
  | { readonly type: 'refused'; readonly reason: string }
  /** No answer: the server may or may not have taken the money. */
  | { readonly type: 'unknown' }
  | { readonly type: 'dismiss' };

export const PAYMENT_IDLE: { readonly phase: 'idle' } = { phase: 'idle' };

/** How long to wait before asking again about a payment whose outcome is unknown: 2, 4, 8... s, at most 30 s. */
export const checkDelayMs = (checks: number): number => Math.min(30_000, 2000 * 2 ** Math.max(0, checks));

/** Whether a pay press may start a payment now (not while one is on its way or unknown). */
export const canPay = <O, A>(state: PaymentState<O, A>): boolean => state.phase === 'idle' || state.phase === 'paid' || state.phase === 'refused';

/** The next state; an event that does not apply in a state leaves it as it is. */
export function nextPayment<O, A>(state: PaymentState<O, A>, event: PaymentEvent<O, A>): PaymentState<O, A> {
  switch (event.type) {
    case 'pay':
      return canPay(state) ? { phase: 'paying', key: event.key, order: event.order } : state;
    case 'paid':
      return state.phase === 'paying' || state.phase === 'checking' ? { phase: 'paid', key: state.key, order: state.order, answer: event.answer } : state;
    case 'refused':
      return state.phase === 'paying' || state.phase === 'checking' ? { phase: 'refused', key: state.key, order: state.order, reason: event.reason } : state;
    case 'unknown':
      if (state.phase === 'paying') return { phase: 'checking', key: state.key, order: state.order, checks: 0 };
      if (state.phase === 'checking') return { ...state, checks: state.checks + 1 };
      return state;
    case 'dismiss':
      return state.phase === 'paid' || state.phase === 'refused' ? PAYMENT_IDLE : state;
  }
}
