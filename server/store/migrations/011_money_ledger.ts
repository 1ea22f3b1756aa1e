import type { Migration } from './index.js';

/**
 * Money held to the standard of the payment APIs people trust (issue 14 item 1):
 * - an Idempotency-Key remembers a hash of the request it was first used with, so the same
 *   key sent with other parameters is refused instead of answered with another payment's
 *   outcome (rows written before this migration have none and are matched on the key alone);
 * - every movement of money is one row of an append-only ledger whose business key is
 *   unique (a reward, an order, a withdrawal, one draw of a red packet by one user), so no
 *   code path can book the same movement twice, and the database refuses edits and deletes.
 */
export const m011MoneyLedger: Migration = {
  version: 11,
  name: 'money_ledger',
  up(db) {
    db.exec(`
      ALTER TABLE idempotency_keys ADD COLUMN request_hash TEXT;
      CREATE TABLE money_ledger (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        business_key TEXT NOT NULL UNIQUE,          -- e.g. reward:<id>, order:<id>, redpacket.draw:<packet>:<user>
        kind TEXT NOT NULL,                         -- reward.pay | goods.purchase | redpacket.draw | redpacket.withdraw
        webcast_id TEXT,
        user_id TEXT NOT NULL,
        amount TEXT NOT NULL,                       -- yuan, two decimals, always positive; kind says which way it moved
        created_at INTEGER NOT NULL
      );
      CREATE INDEX money_ledger_user ON money_ledger(user_id, seq);
      CREATE TRIGGER money_ledger_no_update BEFORE UPDATE ON money_ledger
        BEGIN SELECT RAISE(ABORT, 'money_ledger is append-only'); END;
      CREATE TRIGGER money_ledger_no_delete BEFORE DELETE ON money_ledger
        BEGIN SELECT RAISE(ABORT, 'money_ledger is append-only'); END;
    `);
  },
};
