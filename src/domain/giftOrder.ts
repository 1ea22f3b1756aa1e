/**
 * What a viewer pays for in the gift panel (SPEC 1, SPEC 9): one of the room's gifts times
 * a count, or a reward of their own amount. Amounts are yuan strings computed with the
 * money rules (decimal.js, half-up), never floats; the count is a whole number of items.
 */
import { GIFT_COUNT_MAX, REWARD, type Gift, type PaidKind } from './constants';
import { multiplyYuan, validateRewardAmount } from './money';
import { fail, ok, problem, type Result } from './result';

/** The counts the panel offers at one press (live-stream panels offer such a row). */
export const GIFT_COUNT_CHOICES = [1, 10, 66, 99, 520] as const;

export interface GiftOffer {
  readonly gift: Gift;
  /** The room's own name for it (the server's), shown when the viewer's language has none. */
  readonly title: string;
  /** Yuan, two decimals. */
  readonly price: string;
}

/** A paying intent: what is bought and what it costs, as the server will check it. */
export interface GiftOrder {
  readonly gift: PaidKind;
  readonly count: number;
  /** Yuan, two decimals. */
  readonly amount: string;
}

const WHOLE = /^[0-9]{1,6}$/;

/** A count typed by the viewer: a whole number from 1 to GIFT_COUNT_MAX. */
export function parseGiftCount(input: string): Result<number> {
  const text = input.trim();
  if (text === '') return fail(problem('commerce.giftCount.required'));
  if (!WHOLE.test(text)) return fail(problem('commerce.giftCount.invalid', { max: GIFT_COUNT_MAX }));
  const count = Number.parseInt(text, 10);
  if (count < 1 || count > GIFT_COUNT_MAX) return fail(problem('commerce.giftCount.invalid', { max: GIFT_COUNT_MAX }));
  return ok(count);
}

/** The order for `count` of a gift: price x count, two decimals, half-up. */
export function giftOrder(offer: GiftOffer, count: number): GiftOrder {
  return { gift: offer.gift, count, amount: multiplyYuan(offer.price, count) };
}

/** The order for a reward of the viewer's own amount, or why it cannot be paid. */
export function rewardOrder(input: string): Result<GiftOrder> {
  const amount = validateRewardAmount(input);
  if (!amount.ok) return amount;
  return ok({ gift: REWARD, count: 1, amount: multiplyYuan(amount.value, 1) });
}

/**
 * The identity of a paying intent in a room: the same gift, count and amount asked again
 * (a double click, a retry, the same press in another tab) is the same intent and must
 * carry the same Idempotency-Key.
 */
export const payIntentId = (roomId: string, order: GiftOrder): string => `${roomId}|${order.gift}|${order.count}|${order.amount}`;
