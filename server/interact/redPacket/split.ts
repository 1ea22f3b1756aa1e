/**
 * The random split of a red packet: `count` shares of at least 0.01 yuan that add up to the
 * total exactly. The arithmetic is in whole fen (integers), converted from and to yuan
 * decimal strings with decimal.js (src/domain/money), so no share ever drifts by a fen.
 */
import { Yuan, formatYuan } from '../../../src/domain';
import { cryptoRandomBelow, type RandomBelow } from '../raffle/draw.js';

export const RED_PACKET_MAX_COUNT = 1000;

/** Whole fen of an amount with at most two decimals ("12.34" -> 1234). */
export function toFen(yuan: string): number {
  const fen = new Yuan(yuan).times(100);
  if (!fen.isInteger()) throw new RangeError(`toFen: ${yuan} has more than two decimals`);
  // Whole fen, checked above: an integer far below 2^53, exact as a number.
  // eslint-disable-next-line no-restricted-syntax -- integer fen, not an amount in yuan
  return fen.toNumber();
}

export const fromFen = (fen: number): string => formatYuan(new Yuan(fen).dividedBy(100));

/**
 * Every share gets 0.01; the rest is cut at count - 1 random points, so each share gets the
 * 0.01 plus the stretch between two neighbouring cuts.
 */
export function splitTotal(total: string, count: number, randomBelow: RandomBelow = cryptoRandomBelow): string[] {
  if (!Number.isSafeInteger(count) || count < 1) throw new RangeError(`splitTotal: count must be a positive integer, got ${count}`);
  const fen = toFen(total);
  if (fen < count) throw new RangeError(`splitTotal: ${total} cannot give ${count} shares of at least 0.01`);
  const spare = fen - count;
  const cuts = Array.from({ length: count - 1 }, () => randomBelow(spare + 1)).sort((a, b) => a - b);
  const shares: string[] = [];
  let previous = 0;
  for (const cut of [...cuts, spare]) {
    shares.push(fromFen(1 + cut - previous));
    previous = cut;
  }
  return shares;
}
