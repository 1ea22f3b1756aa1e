import type { Migration } from './index.js';

/**
 * Delayed charging paid (issue 14 item 6): once the free period is over, the viewer pays the
 * room's price to go on watching (a money call, booked in the ledger as `delay.pay`); the
 * charge row remembers when and how much.
 */
export const m013DelayPayments: Migration = {
  version: 13,
  name: 'delay_payments',
  up(db) {
    db.exec(`
      ALTER TABLE delay_charges ADD COLUMN paid_at INTEGER;
      ALTER TABLE delay_charges ADD COLUMN paid_amount TEXT;
    `);
  },
};
