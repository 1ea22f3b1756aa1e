import type { Migration } from './index.js';

/**
 * Room entry (gates, sign-ups, verification codes, simulated OAuth and QR logins,
 * one-time links, aggregations) and the room page's own state (praise, notice, records,
 * subscriptions, splash clicks, delayed charging, interactions).
 *
 * Secrets (watch password, staff passwords, stream key, member codes, whitelists) live in
 * tables of their own, never in rooms.config, so that nothing that serialises a room can
 * leak them.
 */
export const m003Entry: Migration = {
  version: 3,
  name: 'entry',
  up(db) {
    db.exec(`
      CREATE INDEX IF NOT EXISTS users_phone ON users(phone);
      CREATE INDEX IF NOT EXISTS users_email ON users(email);

      CREATE TABLE room_secrets (
        webcast_id TEXT PRIMARY KEY REFERENCES rooms(id),
        watch_password_hash TEXT,                   -- scrypt "salt:hash"; null = no password gate
        stream_key TEXT NOT NULL                    -- the host's push key
      );

      -- Host and assistant accounts of a room (login type 'staff').
      CREATE TABLE room_staff (
        webcast_id TEXT NOT NULL REFERENCES rooms(id),
        user_id TEXT NOT NULL REFERENCES users(id),
        login_name TEXT NOT NULL,
        password_hash TEXT NOT NULL,
        PRIMARY KEY (webcast_id, user_id),
        UNIQUE (webcast_id, login_name)
      );

      -- Member codes: each identifies one member (a second login with it ends the first).
      CREATE TABLE member_codes (
        webcast_id TEXT NOT NULL REFERENCES rooms(id),
        code TEXT NOT NULL,
        user_id TEXT NOT NULL REFERENCES users(id),
        PRIMARY KEY (webcast_id, code)
      );

      CREATE TABLE room_whitelist (
        webcast_id TEXT NOT NULL REFERENCES rooms(id),
        phone TEXT NOT NULL,
        PRIMARY KEY (webcast_id, phone)
      );

      -- Sign-ups (SPEC 4 "Sign-up audit": under review, passed, failed).
      CREATE TABLE signups (
        webcast_id TEXT NOT NULL REFERENCES rooms(id),
        user_id TEXT NOT NULL REFERENCES users(id),
        phone TEXT,
        email TEXT,
        answers TEXT NOT NULL,                      -- JSON object: field key -> text
        state TEXT NOT NULL,                        -- pending, passed, failed
        created_at INTEGER NOT NULL,
        audited_at INTEGER,
        PRIMARY KEY (webcast_id, user_id)
      );
      CREATE INDEX signups_phone ON signups(webcast_id, phone);
      CREATE INDEX signups_email ON signups(webcast_id, email);

      -- The newest SMS or email code per address; a new send replaces it.
      CREATE TABLE verification_codes (
        channel TEXT NOT NULL,                      -- sms, email
        target TEXT NOT NULL,                       -- phone or email address
        code TEXT NOT NULL,
        sent_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        failed_attempts INTEGER NOT NULL DEFAULT 0,
        used_at INTEGER,
        PRIMARY KEY (channel, target)
      );

      -- Accounts of the simulated outside providers: enterprise messaging (workwx), the
      -- social messaging app (wx: QR scan login and open platform) and third-party apps.
      CREATE TABLE sim_accounts (
        provider TEXT NOT NULL,
        account_id TEXT NOT NULL,
        name TEXT NOT NULL,
        org TEXT NOT NULL DEFAULT '',               -- enterprise corp id / department
        head_img_url TEXT NOT NULL DEFAULT '',
        PRIMARY KEY (provider, account_id)
      );
      -- Which local user an outside account logs in as.
      CREATE TABLE user_identities (
        provider TEXT NOT NULL,
        account_id TEXT NOT NULL,
        user_id TEXT NOT NULL REFERENCES users(id),
        PRIMARY KEY (provider, account_id)
      );
      -- Authorisation codes handed out by the simulated providers (single use, short-lived).
      CREATE TABLE oauth_codes (
        code TEXT PRIMARY KEY,
        provider TEXT NOT NULL,
        account_id TEXT NOT NULL,
        app TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        used_at INTEGER
      );

      -- QR scan login tickets: waiting -> scanned -> confirmed (-> consumed by a login).
      CREATE TABLE qr_tickets (
        ticket TEXT PRIMARY KEY,
        webcast_id TEXT NOT NULL REFERENCES rooms(id),
        state TEXT NOT NULL,
        account_id TEXT,
        login_code TEXT UNIQUE,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        used_at INTEGER
      );

      -- One-time login links.
      CREATE TABLE disposable_links (
        token TEXT PRIMARY KEY,
        webcast_id TEXT NOT NULL REFERENCES rooms(id),
        user_id TEXT REFERENCES users(id),          -- null: the link makes a new guest
        name TEXT,
        created_at INTEGER NOT NULL,
        expires_at INTEGER,
        used_at INTEGER
      );

      -- Aggregated events: several rooms behind one entry.
      CREATE TABLE aggregations (
        agg_id TEXT NOT NULL,
        webcast_id TEXT NOT NULL REFERENCES rooms(id),
        sort INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (agg_id, webcast_id)
      );

      CREATE TABLE room_praise (
        webcast_id TEXT PRIMARY KEY REFERENCES rooms(id),
        total INTEGER NOT NULL
      );

      CREATE TABLE room_notices (
        webcast_id TEXT PRIMARY KEY REFERENCES rooms(id),
        content TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      );

      -- Replay recordings of a room.
      CREATE TABLE room_records (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        webcast_id TEXT NOT NULL REFERENCES rooms(id),
        title TEXT NOT NULL,
        duration_ms INTEGER NOT NULL,
        url TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX room_records_room ON room_records(webcast_id, created_at);

      -- Start reminders (SPEC 4 "Subscription").
      CREATE TABLE subscriptions (
        webcast_id TEXT NOT NULL REFERENCES rooms(id),
        user_id TEXT NOT NULL REFERENCES users(id),
        channel TEXT NOT NULL,                      -- sms, email, wx
        account TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (webcast_id, user_id, channel)
      );

      CREATE TABLE splash_clicks (
        webcast_id TEXT NOT NULL REFERENCES rooms(id),
        advert_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        clicked_at INTEGER NOT NULL
      );
      CREATE INDEX splash_clicks_advert ON splash_clicks(webcast_id, advert_id);

      -- Delayed charging: when a viewer's free watching period started.
      CREATE TABLE delay_charges (
        webcast_id TEXT NOT NULL REFERENCES rooms(id),
        user_id TEXT NOT NULL REFERENCES users(id),
        started_at INTEGER NOT NULL,
        PRIMARY KEY (webcast_id, user_id)
      );

      CREATE TABLE interactions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        webcast_id TEXT NOT NULL REFERENCES rooms(id),
        user_id TEXT NOT NULL REFERENCES users(id),
        type TEXT NOT NULL,
        content TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX interactions_room ON interactions(webcast_id, type);
    `);
  },
};
