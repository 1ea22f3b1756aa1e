import type { Migration } from './index.js';

/**
 * The login and directory service (SPEC 7.4) and groups (SPEC 4 "Group operations", 7.5).
 *
 * Directory rows carry `version`, drawn from one counter (directory_seq) on every change,
 * and `updated_at` (ms): a userdata request returns the rows changed after the version and
 * the updatetime the client holds. Rows are never deleted, only marked `deleted`, so a
 * client holding an old copy learns about removals too.
 */
export const m005DirectoryGroups: Migration = {
  version: 5,
  name: 'directory_groups',
  up(db) {
    db.exec(`
      CREATE TABLE directory_seq (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        version INTEGER NOT NULL
      );
      INSERT INTO directory_seq (id, version) VALUES (1, 0);

      -- Accounts of the login service; each is also a row of users (same id), so a
      -- directory login can open a session usable on the socket.
      CREATE TABLE directory_users (
        id TEXT PRIMARY KEY REFERENCES users(id),
        name TEXT NOT NULL,
        password_hash TEXT,                         -- scrypt "salt:hash"; null = name login
        email TEXT NOT NULL DEFAULT '',
        tel TEXT NOT NULL DEFAULT '',
        phone TEXT NOT NULL DEFAULT '',
        fax TEXT NOT NULL DEFAULT '',
        version INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        deleted INTEGER NOT NULL DEFAULT 0
      );
      CREATE UNIQUE INDEX directory_users_name ON directory_users(name);

      -- Bind login (ulogin &bindid=): an outside account id bound to one directory account.
      CREATE TABLE directory_bindings (
        bind_id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES directory_users(id),
        created_at INTEGER NOT NULL
      );

      CREATE TABLE directory_departments (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        parent_id TEXT,                             -- null: a root department
        sort INTEGER NOT NULL DEFAULT 0,
        version INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        deleted INTEGER NOT NULL DEFAULT 0
      );

      CREATE TABLE directory_department_users (
        department_id TEXT NOT NULL REFERENCES directory_departments(id),
        user_id TEXT NOT NULL REFERENCES directory_users(id),
        title TEXT NOT NULL DEFAULT '',
        sort INTEGER NOT NULL DEFAULT 0,
        version INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        deleted INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (department_id, user_id)
      );

      CREATE TABLE directory_fixedgroups (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        version INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        deleted INTEGER NOT NULL DEFAULT 0
      );

      CREATE TABLE directory_fixedgroup_users (
        group_id TEXT NOT NULL REFERENCES directory_fixedgroups(id),
        user_id TEXT NOT NULL REFERENCES directory_users(id),
        version INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        deleted INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (group_id, user_id)
      );

      -- Groups (discussion groups) over the socket, codes 1401-1433.
      CREATE TABLE groups (
        gid TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        topic TEXT NOT NULL DEFAULT '',
        type INTEGER NOT NULL,
        maxnum INTEGER NOT NULL,
        auth INTEGER NOT NULL,                      -- 0 free join, 1 approval, 2 closed
        attrs TEXT NOT NULL DEFAULT '{}',           -- JSON object set with 1415
        host_id TEXT NOT NULL REFERENCES users(id),
        last_seq INTEGER NOT NULL DEFAULT 0,        -- newest group message (1301)
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );

      CREATE TABLE group_members (
        gid TEXT NOT NULL REFERENCES groups(gid),
        user_id TEXT NOT NULL REFERENCES users(id),
        role TEXT NOT NULL,                         -- host, admin, member
        power INTEGER NOT NULL DEFAULT 1,           -- 1 may send group messages, 0 silenced
        recv_setting INTEGER NOT NULL DEFAULT 0,    -- 0 push, 1 push silently, 2 no push
        read_seq INTEGER NOT NULL DEFAULT 0,        -- 1501 mark read
        joined_at INTEGER NOT NULL,
        PRIMARY KEY (gid, user_id)
      );
      CREATE INDEX group_members_user ON group_members(user_id);

      -- Invites (1403/1405), applications to join (1407/1409) and power applications (1433):
      -- one table of requests a user answers, told apart by kind.
      CREATE TABLE group_requests (
        cid TEXT PRIMARY KEY,
        gid TEXT NOT NULL REFERENCES groups(gid),
        kind TEXT NOT NULL,                         -- invite, apply, power
        from_id TEXT NOT NULL REFERENCES users(id), -- inviter, applicant
        to_id TEXT REFERENCES users(id),            -- invitee; null for applications
        info TEXT NOT NULL DEFAULT '{}',            -- JSON as sent
        state TEXT NOT NULL,                        -- pending, accepted, refused, cancelled
        created_at INTEGER NOT NULL,
        answered_at INTEGER
      );
      CREATE INDEX group_requests_gid ON group_requests(gid, kind, state);

      CREATE TABLE group_messages (
        gid TEXT NOT NULL REFERENCES groups(gid),
        seq INTEGER NOT NULL,
        mid TEXT NOT NULL,
        from_id TEXT NOT NULL,
        type INTEGER NOT NULL,
        body TEXT NOT NULL,                         -- JSON value as sent
        created_at INTEGER NOT NULL,
        PRIMARY KEY (gid, seq)
      ) WITHOUT ROWID;

      -- Peer messages (1101 -> push 1103), kept so 1501 can mark them read.
      CREATE TABLE peer_messages (
        mid TEXT PRIMARY KEY,
        from_id TEXT NOT NULL,
        to_id TEXT NOT NULL,
        tocid TEXT NOT NULL DEFAULT '',
        type INTEGER NOT NULL,
        body TEXT NOT NULL,                         -- the JSON string as sent
        created_at INTEGER NOT NULL,
        read_at INTEGER
      );
      CREATE INDEX peer_messages_to ON peer_messages(to_id, from_id, read_at);
    `);
  },
};
