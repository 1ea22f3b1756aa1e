/**
 * Random 32-character ids: the socket message id (SPEC 3, PROTOCOL 2.1 `mid`) and the
 * Idempotency-Key of money calls (PROTOCOL 1.2).
 *
 * Pure layer: there is no `crypto` global in the pure typecheck, so the random bytes come
 * from the caller, e.g. `randomId32((b) => crypto.getRandomValues(b))`.
 */

/**
 * Fills the array with random bytes. The array is typed over a plain ArrayBuffer so that
 * `(b) => crypto.getRandomValues(b)` type-checks (it refuses shared buffers); a function
 * taking any Uint8Array fits too.
 */
export type RandomBytes = (bytes: Uint8Array<ArrayBuffer>) => void;

export const RANDOM_ID_LENGTH = 32;
export const RANDOM_ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

const ALPHABET_SIZE = RANDOM_ID_ALPHABET.length; // 62
/**
 * Bytes at or above this are thrown away: 248 = 4 * 62 is the largest multiple of 62 that
 * fits in a byte, so `byte % 62` over the accepted range is uniform (no modulo bias).
 */
const ACCEPT_BELOW = ALPHABET_SIZE * Math.floor(256 / ALPHABET_SIZE);
/**
 * A fair source rejects 8 bytes in 256, so a batch almost never comes back short twice in
 * a row; a source that keeps failing is broken, and looping forever would hang the caller.
 */
const MAX_ROUNDS = 64;

export function randomId32(random: RandomBytes): string {
  let id = '';
  for (let round = 0; round < MAX_ROUNDS && id.length < RANDOM_ID_LENGTH; round += 1) {
    // Ask for a few spare bytes so one batch usually suffices despite rejections.
    const bytes = new Uint8Array(RANDOM_ID_LENGTH - id.length + 8);
    random(bytes);
    for (const byte of bytes) {
      if (byte >= ACCEPT_BELOW) continue;
      id += RANDOM_ID_ALPHABET.charAt(byte % ALPHABET_SIZE);
      if (id.length === RANDOM_ID_LENGTH) break;
    }
  }
  if (id.length < RANDOM_ID_LENGTH) throw new Error('randomId32: the random source gave no usable bytes');
  return id;
}
