import type { Migration } from './index.js';

/** Q&A upvotes (issue 13 item 9): one per viewer and question. */
export const m009QaVotes: Migration = {
  version: 9,
  name: 'qa_votes',
  up(db) {
    db.exec(`
      CREATE TABLE qa_votes (
        qa_id TEXT NOT NULL REFERENCES qa_questions(id),
        user_id TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (qa_id, user_id)
      ) WITHOUT ROWID;
    `);
  },
};
