/**
 * Money in yuan (SPEC 5, SPEC 9, PROTOCOL 1.4). Amounts travel and are stored as decimal
 * strings ("0.01", "12.50") and are computed with decimal.js, never with binary floats, so
 * 0.1 + 0.2 is 0.3 and a total never drifts by a fen.
 */
import Decimal from 'decimal.js';
import { AMOUNT_DECIMAL_PLACES, DECIMAL_PLACES, MAX_AMOUNT_YUAN, MIN_AMOUNT_YUAN } from './constants';
import { fail, ok, problem, type Result } from './result';

/**
 * A private decimal.js constructor, so the settings below cannot be changed by (or leak
 * into) any other user of the library. PROTOCOL 1.4 pins "20 significant decimal places
 * and half-up rounding", which is decimal.js `precision` (significant digits); SPEC 9's
 * "20 decimal places" is read the same way. Amounts here have at most 2 decimals and are
 * far below 10^18, so either reading gives the same results.
 */
export const Yuan = Decimal.clone({ precision: DECIMAL_PLACES, rounding: Decimal.ROUND_HALF_UP });

/** An amount in yuan: an instance of the `Yuan` constructor. */
export type YuanAmount = Decimal;

/** Anything an amount helper accepts: a yuan decimal string or a decimal. Never a float. */
export type YuanInput = string | Decimal;

/**
 * Unsigned digits with an optional fraction: "12", "12.5", "0.01", "007". No sign, no
 * exponent, no bare "." or ".5" or "5.", no thousands separators, ASCII digits only.
 * Linear: the two digit runs are separated by a mandatory dot, so there is nothing to
 * backtrack over.
 */
const PLAIN_DECIMAL = /^[0-9]+(?:\.[0-9]+)?$/;

/**
 * Parses an amount typed by the user. Surrounding whitespace is ignored. Precision is
 * judged on the value, so "1.200" is accepted as 1.2 while "1.201" is too precise.
 */
export function parseAmount(input: string): Result<YuanAmount> {
  const text = input.trim();
  if (text.length === 0) return fail(problem('validation.amount.required'));
  if (!PLAIN_DECIMAL.test(text)) return fail(problem('validation.amount.invalid'));
  const amount = new Yuan(text);
  if (amount.decimalPlaces() > AMOUNT_DECIMAL_PLACES) return fail(problem('validation.amount.tooPrecise'));
  return ok(amount);
}

/** Parses, then checks 0.01 <= amount <= MAX_AMOUNT_YUAN (both bounds inclusive). */
function validateAmountInRange(input: string): Result<YuanAmount> {
  const parsed = parseAmount(input);
  if (!parsed.ok) return parsed;
  if (parsed.value.lessThan(MIN_AMOUNT_YUAN)) {
    return fail(problem('validation.amount.tooSmall', { min: MIN_AMOUNT_YUAN }));
  }
  if (parsed.value.greaterThan(MAX_AMOUNT_YUAN)) {
    return fail(problem('validation.amount.tooLarge', { max: MAX_AMOUNT_YUAN }));
  }
  return parsed;
}

/**
 * A reward (tip) amount. SPEC 5 says "more than 0.01 (minimum 0.01 yuan)"; SPEC 9 and
 * PROTOCOL 1.4 say the minimum is 0.01 and amounts "below 0.01" are rejected, so 0.01
 * itself is accepted.
 */
export function validateRewardAmount(input: string): Result<YuanAmount> {
  return validateAmountInRange(input);
}

/** A red-packet amount: at least 0.01 yuan (SPEC 5), at most MAX_AMOUNT_YUAN. */
export function validateRedPacketAmount(input: string): Result<YuanAmount> {
  return validateAmountInRange(input);
}

/**
 * Two decimals, half-up ("2.345" -> "2.35", "2.344" -> "2.34", "12.5" -> "12.50"); the form
 * the server expects and the UI shows. Ties round away from zero (decimal.js ROUND_HALF_UP).
 * A string that is not a number is a programming error and throws (decimal.js DecimalError):
 * user input goes through parseAmount first.
 */
export function formatYuan(amount: YuanInput): string {
  return new Yuan(amount).toFixed(AMOUNT_DECIMAL_PLACES, Yuan.ROUND_HALF_UP);
}

/** a + b, formatted with two decimals. */
export function addYuan(a: YuanInput, b: YuanInput): string {
  return formatYuan(new Yuan(a).plus(b));
}

/** Sum of any number of amounts, formatted with two decimals ("0.00" for none). */
export function sumYuan(amounts: readonly YuanInput[]): string {
  let total = new Yuan(0);
  for (const a of amounts) total = total.plus(a);
  return formatYuan(total);
}

/**
 * unit price x count (a gift bought `count` times), formatted with two decimals. `count`
 * is a number of items, so it must be a non-negative safe integer; anything else is a
 * programming error and throws a RangeError rather than charging a fractional gift.
 */
export function multiplyYuan(unit: YuanInput, count: number): string {
  if (!Number.isSafeInteger(count) || count < 0) {
    throw new RangeError(`multiplyYuan: count must be a non-negative integer, got ${count}`);
  }
  return formatYuan(new Yuan(unit).times(count));
}
