import type { Migration } from './index.js';

/**
 * Questionnaire results (issue 13 item 9): a paper may be anonymous (its answers are stored
 * without the viewer's id; paper_answers keeps only that the viewer answered, so nobody
 * answers twice), shows its results live or only once closed, and can be closed.
 */
export const m010PaperResults: Migration = {
  version: 10,
  name: 'paper_results',
  up(db) {
    db.exec(`
      ALTER TABLE papers ADD COLUMN anonymous INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE papers ADD COLUMN results TEXT NOT NULL DEFAULT 'live';   -- 'live' | 'closed': when viewers see the results
      ALTER TABLE papers ADD COLUMN closed_at INTEGER;
      CREATE TABLE paper_anonymous_answers (
        paper_id TEXT NOT NULL REFERENCES papers(id),
        answers TEXT NOT NULL,                                              -- JSON, as checked and normalised
        created_at INTEGER NOT NULL
      );
      CREATE INDEX paper_anonymous_answers_paper ON paper_anonymous_answers(paper_id);
    `);
  },
};
