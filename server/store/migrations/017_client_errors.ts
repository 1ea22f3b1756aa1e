import type { Migration } from './index.js';

/** The pages' error reports (issue 39): the latest kept for `npm run room -- errors`. */
export const m017ClientErrors: Migration = {
  version: 17,
  name: 'client_errors',
  up(db) {
    db.exec(`
      CREATE TABLE client_errors (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        received_at INTEGER NOT NULL,
        app TEXT NOT NULL,
        version TEXT NOT NULL,
        build TEXT NOT NULL,
        user_agent TEXT NOT NULL,
        kind TEXT NOT NULL,
        fingerprint TEXT NOT NULL,
        message TEXT NOT NULL,
        stack TEXT NOT NULL,
        route TEXT NOT NULL,
        room TEXT,
        code INTEGER,
        count INTEGER NOT NULL,
        at INTEGER NOT NULL
      );
    `);
  },
};
