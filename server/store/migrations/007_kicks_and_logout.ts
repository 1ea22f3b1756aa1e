import type { Migration } from './index.js';

/**
 * A kick keeps the kicked out (issue 19): a kick may last a period the host chose
 * (`until`, NULL while readmission is the only way back), and it follows the kicked
 * viewer's devices and addresses, because a guest is a new user at every login. Sessions
 * remember the device id the client sent and the address they logged in from, which is
 * where those come from.
 */
export const m007KicksAndLogout: Migration = {
  version: 7,
  name: 'kicks_and_logout',
  up(db) {
    db.exec(`
      ALTER TABLE room_kicks ADD COLUMN until INTEGER;          -- ms; NULL: until readmitted
      ALTER TABLE sessions ADD COLUMN device_id TEXT;           -- the client's device id header, if it sent one
      ALTER TABLE sessions ADD COLUMN address TEXT;             -- the address the login came from
      CREATE INDEX sessions_room_user ON sessions(webcast_id, user_id);

      -- What else a kick keeps out: the kicked user's devices (any non-staff login) and
      -- addresses (guest logins only: an account is known by the account). Readmitting the
      -- user lifts the rows of that user's kick.
      CREATE TABLE room_bans (
        webcast_id TEXT NOT NULL,
        kind TEXT NOT NULL,                                     -- 'device' | 'address'
        value TEXT NOT NULL,
        user_id TEXT NOT NULL,                                  -- the kicked user it comes from
        until INTEGER,                                          -- ms; NULL: until readmitted
        PRIMARY KEY (webcast_id, kind, value)
      ) WITHOUT ROWID;
      CREATE INDEX room_bans_user ON room_bans(webcast_id, user_id);
    `);
  },
};
