/**
 * A lottery draw anyone can check (issue 13 item 9). The room commits to a secret seed when
 * the round starts (its SHA-256 is in the start push), then to the entrant list when the
 * draw begins (the SHA-256 of the sorted entrant ids); after the draw it reveals the seed.
 * The winners are a function of the seed and the entrants only, so a viewer's page can
 * recompute them and say "verified" (or "does not verify"):
 *
 *   seedHash     = SHA-256(seed)                       (hex; seed is hex too)
 *   entrantsHash = SHA-256(sorted ids joined by "\n")
 *   winners      = the first winnerCount places of a Fisher-Yates shuffle of the sorted ids,
 *                  step i taking index i + (r_i mod (n - i)), r_i = the first 6 bytes of
 *                  SHA-256(seed + ":" + i) as a 48-bit number (bias under n / 2^48)
 *
 * Pure and synchronous (@noble/hashes), so the server, the worker and node tests run it.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export const sha256Hex = (text: string): string => bytesToHex(sha256(utf8ToBytes(text)));

/** The entrant ids in the one order both sides use (UTF-16 code units, as Array.sort does). */
export const canonicalEntrants = (ids: readonly string[]): string[] => [...new Set(ids)].sort();

export const entrantsDigest = (ids: readonly string[]): string => sha256Hex(canonicalEntrants(ids).join('\n'));

/** r_i of the draw: 48 bits of SHA-256(seed:i). */
function stepNumber(seed: string, i: number): number {
  const bytes = sha256(utf8ToBytes(`${seed}:${i}`));
  let value = 0;
  for (let b = 0; b < 6; b++) value = value * 256 + bytes[b]!;
  return value;
}

/** The winners of a round: winnerCount ids of the entrants, decided by the seed alone. */
export function drawWinners(seed: string, entrants: readonly string[], winnerCount: number): string[] {
  const pool = canonicalEntrants(entrants);
  const take = Math.max(0, Math.min(Math.floor(winnerCount), pool.length));
  for (let i = 0; i < take; i++) {
    const j = i + (stepNumber(seed, i) % (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, take);
}

export interface DrawProof {
  readonly seed: string;
  readonly seedHash: string;
  readonly entrantsHash: string;
  readonly entrants: readonly string[];
  readonly winnerCount: number;
  /** The winners the room announced (ids). */
  readonly winners: readonly string[];
}

/** Which check failed: the seed is not the one committed to, the entrants are not, or the winners do not follow. */
export type DrawVerdict = { readonly ok: true } | { readonly ok: false; readonly reason: 'seed' | 'entrants' | 'winners' };

export function verifyDraw(proof: DrawProof): DrawVerdict {
  if (sha256Hex(proof.seed) !== proof.seedHash) return { ok: false, reason: 'seed' };
  if (entrantsDigest(proof.entrants) !== proof.entrantsHash) return { ok: false, reason: 'entrants' };
  const expected = drawWinners(proof.seed, proof.entrants, proof.winnerCount);
  const announced = proof.winners;
  const same = expected.length === announced.length && expected.every((id, i) => announced[i] === id);
  return same ? { ok: true } : { ok: false, reason: 'winners' };
}
