import type { Migration } from './index.js';

/** Rooms, users, login sessions, the per-room message log and idempotency keys. */
export const m001Core: Migration = {
  version: 1,
  name: 'core',
  up(db) {
    db.exec(`
      CREATE TABLE rooms (
        id TEXT PRIMARY KEY,
        title TEXT NOT NULL,
        -- entry gate: open, password, memberCode, phone, email, signup, vip, enterprise,
        -- qrScan, whitelist (see server/seed); extra gate data in config JSON
        gate TEXT NOT NULL DEFAULT 'open',
        status INTEGER NOT NULL DEFAULT 0,          -- PROTOCOL 7107: 0 not started .. 3 ended
        start_time INTEGER,                         -- ms
        cover_url TEXT,
        introduction TEXT NOT NULL DEFAULT '',
        theme_colour TEXT NOT NULL DEFAULT '#2081eb',
        locale TEXT NOT NULL DEFAULT 'zh_cn',
        capacity INTEGER,                           -- null = unlimited
        replay_capacity INTEGER,
        deleted INTEGER NOT NULL DEFAULT 0,
        config TEXT NOT NULL DEFAULT '{}',          -- JSON: gate secrets, features, player
        chat_state TEXT NOT NULL DEFAULT '{"open":true,"review":false,"pictures":true,"staffOnly":false,"muted":[]}',
        created_at INTEGER NOT NULL
      );

      CREATE TABLE users (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        name_changed INTEGER NOT NULL DEFAULT 0,
        role INTEGER NOT NULL DEFAULT 5,            -- 5 guest, 6/7 host, 8 assistant
        phone TEXT,
        email TEXT,
        head_img_url TEXT,
        vip INTEGER NOT NULL DEFAULT 0,
        real_name_verified INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL
      );

      CREATE TABLE sessions (
        token TEXT PRIMARY KEY,
        sid TEXT NOT NULL UNIQUE,
        user_id TEXT NOT NULL REFERENCES users(id),
        webcast_id TEXT NOT NULL REFERENCES rooms(id),
        role INTEGER NOT NULL,
        enter_type TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        last_used_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        ended INTEGER NOT NULL DEFAULT 0            -- 1: logged in elsewhere or kicked
      );
      CREATE INDEX sessions_user ON sessions(user_id);

      -- Every room message (PROTOCOL 2.4) with its per-room offset, so a join or a 2401
      -- history sync can replay after any offset.
      CREATE TABLE room_messages (
        webcast_id TEXT NOT NULL,
        offset INTEGER NOT NULL,
        code INTEGER NOT NULL,
        body TEXT NOT NULL,                         -- JSON, includes webcastId and offset
        created_at INTEGER NOT NULL,
        PRIMARY KEY (webcast_id, offset)
      ) WITHOUT ROWID;

      -- PROTOCOL 1.2: a repeated Idempotency-Key gets the first answer for at least 24 h.
      CREATE TABLE idempotency_keys (
        key TEXT NOT NULL,
        scope TEXT NOT NULL,                        -- route, so one key cannot cross calls
        user_id TEXT NOT NULL,
        response TEXT NOT NULL,                     -- the JSON envelope answered first
        created_at INTEGER NOT NULL,
        PRIMARY KEY (key, scope, user_id)
      );
    `);
  },
};
