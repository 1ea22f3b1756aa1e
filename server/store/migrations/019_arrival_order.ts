import type { Migration } from './index.js';

/**
 * Arrival order as a column (issue 40) where a list is shown in the order rows came and
 * several can come in one millisecond: messages held for review (the host approves them
 * first come, first served) and chat pictures (the oldest is evicted first). SQLite kept
 * that order as its rowid, which PostgreSQL has no equivalent of. Both engines fill the
 * column themselves, so an INSERT is the same on either: SQLite from the rowid (a trigger),
 * PostgreSQL from a sequence (nullable, as SQLite's column is: the schemas stay alike).
 */
export const m019ArrivalOrder: Migration = {
  version: 19,
  name: 'arrival_order',
  up(db) {
    db.exec(`
      ALTER TABLE chat_pending ADD COLUMN seq INTEGER;
      UPDATE chat_pending SET seq = rowid;
      CREATE TRIGGER chat_pending_seq AFTER INSERT ON chat_pending WHEN NEW.seq IS NULL
      BEGIN UPDATE chat_pending SET seq = NEW.rowid WHERE rowid = NEW.rowid; END;
      ALTER TABLE chat_images ADD COLUMN seq INTEGER;
      UPDATE chat_images SET seq = rowid;
      CREATE TRIGGER chat_images_seq AFTER INSERT ON chat_images WHEN NEW.seq IS NULL
      BEGIN UPDATE chat_images SET seq = NEW.rowid WHERE rowid = NEW.rowid; END;
    `);
  },
  postgres: `
    ALTER TABLE chat_pending ADD COLUMN seq BIGSERIAL;
    ALTER TABLE chat_pending ALTER COLUMN seq DROP NOT NULL;
    ALTER TABLE chat_images ADD COLUMN seq BIGSERIAL;
    ALTER TABLE chat_images ALTER COLUMN seq DROP NOT NULL;
  `,
};
