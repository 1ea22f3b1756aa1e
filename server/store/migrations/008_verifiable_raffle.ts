import type { Migration } from './index.js';

/**
 * A lottery draw anyone can check (issue 13 item 9, src/domain/verifiableDraw.ts): the
 * secret seed of a round and its SHA-256, committed to when the round starts, and the
 * SHA-256 of the entrant list, committed to when the draw begins.
 */
export const m008VerifiableRaffle: Migration = {
  version: 8,
  name: 'verifiable_raffle',
  up(db) {
    db.exec(`
      ALTER TABLE raffles ADD COLUMN seed TEXT;                 -- hex; revealed once the round has ended
      ALTER TABLE raffles ADD COLUMN seed_hash TEXT;            -- SHA-256 of seed, in the start push
      ALTER TABLE raffles ADD COLUMN entrants_hash TEXT;        -- SHA-256 of the sorted entrant ids, in the drawing push
    `);
  },
};
