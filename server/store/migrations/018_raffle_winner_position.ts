import type { Migration } from './index.js';

/**
 * Winners in the order they were drawn, as a column (issue 40): SQLite kept that order as
 * its rowid, which PostgreSQL has no equivalent of. Winners drawn before it get their
 * position from that order; on PostgreSQL, from the time and id (a database there starts
 * at the baseline, so it has none of those).
 */
export const m018RaffleWinnerPosition: Migration = {
  version: 18,
  name: 'raffle_winner_position',
  up(db) {
    db.exec(`
      ALTER TABLE raffle_winners ADD COLUMN position INTEGER;
      UPDATE raffle_winners SET position = (
        SELECT COUNT(*) FROM raffle_winners w WHERE w.raffle_id = raffle_winners.raffle_id AND w.rowid < raffle_winners.rowid
      );
    `);
  },
  postgres: `
    ALTER TABLE raffle_winners ADD COLUMN position BIGINT;
    UPDATE raffle_winners SET position = drawn.n - 1
      FROM (SELECT raffle_id, user_id, row_number() OVER (PARTITION BY raffle_id ORDER BY created_at, user_id) AS n FROM raffle_winners) drawn
      WHERE drawn.raffle_id = raffle_winners.raffle_id AND drawn.user_id = raffle_winners.user_id;
  `,
};
