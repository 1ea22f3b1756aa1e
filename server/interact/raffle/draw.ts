/** Randomness for the server's draws (red packet splits); the lottery draws from its seed (src/domain/verifiableDraw.ts). */
import { randomInt } from 'node:crypto';

/** A random integer in [0, max) (injectable for tests). */
export type RandomBelow = (max: number) => number;

export const cryptoRandomBelow: RandomBelow = (max) => randomInt(max);
