/** Drawing winners: k of n entrants, every subset of size k equally likely. */
import { randomInt } from 'node:crypto';

/** A random integer in [0, max) (injectable for tests). */
export type RandomBelow = (max: number) => number;

export const cryptoRandomBelow: RandomBelow = (max) => randomInt(max);

/** Partial Fisher-Yates: the first k places of a uniform shuffle. */
export function pickUniform<T>(items: readonly T[], k: number, randomBelow: RandomBelow = cryptoRandomBelow): T[] {
  const pool = [...items];
  const take = Math.max(0, Math.min(k, pool.length));
  for (let i = 0; i < take; i++) {
    const j = i + randomBelow(pool.length - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, take);
}
