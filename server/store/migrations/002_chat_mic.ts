import type { Migration } from './index.js';

/**
 * Chat history, chat messages waiting for review, room kicks and connect-mic state.
 * No foreign keys to rooms/users: these tables sit on the chat write path (thousands of
 * rows a second), and every writer checks the room and the user before writing.
 */
export const m002ChatMic: Migration = {
  version: 2,
  name: 'chat_mic',
  up(db) {
    db.exec(`
      -- Every published chat message (push 7101), for the history calls
      -- (/ccp/monitor/v1/chat/public/list and listByIds) and for withdrawing.
      CREATE TABLE chat_messages (
        msg_id TEXT PRIMARY KEY,
        webcast_id TEXT NOT NULL,
        offset INTEGER NOT NULL,                    -- the room offset it was published with
        uid TEXT NOT NULL,
        body TEXT NOT NULL,                         -- JSON: the 7101 body as published
        sent_at INTEGER NOT NULL,                   -- ms (the message's sendTime)
        withdrawn INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX chat_messages_room ON chat_messages(webcast_id, withdrawn, offset);

      -- Review mode (chat state "review"): messages wait here until approved or rejected.
      CREATE TABLE chat_pending (
        msg_id TEXT PRIMARY KEY,
        webcast_id TEXT NOT NULL,
        uid TEXT NOT NULL,
        body TEXT NOT NULL,                         -- JSON: the 7101 body without webcastId/offset
        created_at INTEGER NOT NULL,
        state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'rejected')),
        decided_at INTEGER
      );
      CREATE INDEX chat_pending_room ON chat_pending(webcast_id, state, created_at);

      -- Users removed from a room (push 7127 kick): their sessions there are ended and a
      -- new login to the room is refused with 4003.
      CREATE TABLE room_kicks (
        webcast_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        text TEXT NOT NULL DEFAULT '',
        kicked_at INTEGER NOT NULL,
        PRIMARY KEY (webcast_id, user_id)
      ) WITHOUT ROWID;

      -- Connect-mic: whether the host accepts applications (push 4111), per room.
      CREATE TABLE mic_rooms (
        webcast_id TEXT PRIMARY KEY,
        requests_open INTEGER NOT NULL DEFAULT 0,
        updated_at INTEGER NOT NULL
      );

      -- Connect-mic state per room and user; no row = idle.
      CREATE TABLE mic_states (
        webcast_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('applying', 'connecting', 'connected')),
        since INTEGER NOT NULL,
        PRIMARY KEY (webcast_id, user_id)
      ) WITHOUT ROWID;
    `);
  },
};
