/**
 * The lottery answers, narrowed from `unknown` (a malformed round is left out, never a
 * crash): `raffle/conf/record` lists the room's rounds, newest first, each with the caller's
 * state in it (server/interact/raffle/routes.ts).
 */
import type { LotteryRound, LotteryWinner } from '../../domain/lottery';
import type { DrawProof } from '../../domain/verifiableDraw';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const textOf = (value: unknown, max = 200): string | null => (typeof value === 'string' && value.length <= max ? value : null);
const idOf = (value: unknown): string | null => {
  const id = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : textOf(value, 128);
  return id === null || id === '' ? null : id;
};
const timeOf = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null);

const ROUNDS_MAX = 200;
const WINNERS_MAX = 1000;

export interface RecordedRound {
  readonly round: LotteryRound;
  readonly open: boolean;
  /** The caller's state in the round as the room says it (SPEC 4, server's MyRaffleState). */
  readonly myState: string;
  readonly winners: readonly LotteryWinner[];
  readonly endedAt: number | null;
}

export function readWinners(value: unknown): LotteryWinner[] {
  if (!Array.isArray(value)) return [];
  return value.slice(0, WINNERS_MAX).flatMap((w) => {
    if (!isRecord(w)) return [];
    const uid = idOf(w.uid);
    const name = textOf(w.name, 256);
    return uid === null || name === null ? [] : [{ uid, name }];
  });
}

function readRound(value: unknown): RecordedRound | null {
  if (!isRecord(value)) return null;
  const raffleId = idOf(value.raffleId);
  if (raffleId === null || (value.state !== 'open' && value.state !== 'ended')) return null;
  const winnerCount = typeof value.winnerCount === 'number' && Number.isSafeInteger(value.winnerCount) && value.winnerCount > 0 ? value.winnerCount : null;
  return {
    round: { raffleId, title: textOf(value.title) ?? '', prize: textOf(value.prize) ?? '', winnerCount, password: value.password === true },
    open: value.state === 'open',
    myState: textOf(value.myState, 32) ?? '',
    winners: readWinners(value.winners),
    endedAt: timeOf(value.endedAt),
  };
}

export function readLotteryRecord(data: unknown): RecordedRound[] {
  const list = isRecord(data) && Array.isArray(data.list) ? data.list : [];
  return list.slice(0, ROUNDS_MAX).flatMap((r) => readRound(r) ?? []);
}

/** The key of a round among the room's acted notes (joined with its password in a tab). */
export const lotteryActedKey = (raffleId: string): string => `lottery:${raffleId}`;

/** `raffle/winners` after the draw: what a viewer needs to check it; null before, or when malformed. */
export function readDrawProof(data: unknown): DrawProof | null {
  if (!isRecord(data)) return null;
  const { seed, seedHash, entrantsHash } = data;
  const winnerCount = typeof data.winnerCount === 'number' && Number.isSafeInteger(data.winnerCount) && data.winnerCount >= 0 ? data.winnerCount : null;
  const hex = (v: unknown, max: number) => typeof v === 'string' && v.length <= max && /^[0-9a-f]+$/.test(v);
  if (!hex(seed, 256) || !hex(seedHash, 64) || !hex(entrantsHash, 64) || winnerCount === null || !Array.isArray(data.entrants)) return null;
  const entrants = data.entrants.flatMap((id) => idOf(id) ?? []);
  return { seed: seed as string, seedHash: seedHash as string, entrantsHash: entrantsHash as string, entrants, winnerCount, winners: readWinners(data.winners).map((w) => w.uid) };
}
