/**
 * A red packet as the viewer sees it (SPEC 4 states: 0 not started, 1 in progress, 2
 * grabbed out; issue 14 item 3), what its card says, and the withdrawal rules: at least
 * 0.01 yuan, two decimals at most, no more than the balance; the server also wants a
 * real-name verified account (4204). Amounts are yuan strings compared with decimal.js.
 */
import { Yuan, validateRedPacketAmount, type YuanAmount } from './money';
import { fail, ok, problem, type Result } from './result';

export type RedPacketState = 0 | 1 | 2;

export interface RedPacketView {
  readonly id: string;
  readonly title: string;
  readonly state: RedPacketState;
  readonly count: number;
  readonly remaining: number;
  /** The viewer drew a share of it. */
  readonly drawn: boolean;
  /** Their share (yuan), when drawn. */
  readonly amount: string | null;
}

/** What the card says: open to grab, the viewer's share, grabbed out before they got one, or not yet sent. */
export type RedPacketCardPhase = 'notStarted' | 'open' | 'mine' | 'out';

export function redPacketPhase(view: RedPacketView): RedPacketCardPhase {
  if (view.drawn) return 'mine';
  if (view.state === 2 || (view.state === 1 && view.remaining <= 0)) return 'out';
  return view.state === 0 ? 'notStarted' : 'open';
}

/** A push (7119) moves a packet on; a late answer never takes it back (grabbed out stays grabbed out). */
export function withPushedState(view: RedPacketView, state: RedPacketState): RedPacketView {
  return state > view.state ? { ...view, state, remaining: state === 2 ? 0 : view.remaining } : view;
}

/** The draw's answer folded into the packet: the share, or grabbed out. */
export function withDraw(view: RedPacketView, draw: { readonly got: boolean; readonly amount: string | null; readonly state: RedPacketState }): RedPacketView {
  const state = draw.state > view.state ? draw.state : view.state;
  if (draw.got && draw.amount !== null) return { ...view, state, drawn: true, amount: draw.amount, remaining: Math.max(0, view.remaining - (view.drawn ? 0 : 1)) };
  return { ...view, state: 2, remaining: 0 };
}

/** A withdrawal typed by the viewer against their balance (yuan string). */
export function validateWithdrawal(input: string, balance: string): Result<YuanAmount> {
  const amount = validateRedPacketAmount(input);
  if (!amount.ok) return amount;
  if (amount.value.greaterThan(new Yuan(balance))) return fail(problem('commerce.withdraw.overBalance', { balance }));
  return ok(amount.value);
}
