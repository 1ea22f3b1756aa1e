import type { Migration } from './index.js';

/**
 * The replay's timeline (issue 36): what the room did during a live, found by time.
 * - `room_timeline`: what the room log does not carry but a replay shows at its moment
 *   (a shared page turned, the room notice changed, a chapter the host set).
 * - chat_messages keeps the sender's role and the users a message mentions as columns, so
 *   the transcript (the staff's messages) and "when I was mentioned" are read without
 *   parsing every message of a busy room.
 * The indexes are partial (staff messages, messages that mention someone, room messages
 * from 7113 on: the interactions, not chat, counts or gifts), so the 20,000-a-second
 * writes of a busy room's chat do not pay for them.
 */
export const m016ReplayTimeline: Migration = {
  version: 16,
  name: 'replay_timeline',
  up(db) {
    db.exec(`
      CREATE TABLE room_timeline (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        webcast_id TEXT NOT NULL,
        at INTEGER NOT NULL,
        kind TEXT NOT NULL,
        body TEXT NOT NULL
      );
      CREATE INDEX room_timeline_room_time ON room_timeline(webcast_id, at);
      ALTER TABLE chat_messages ADD COLUMN role INTEGER NOT NULL DEFAULT 5;
      ALTER TABLE chat_messages ADD COLUMN picked TEXT;
      UPDATE chat_messages SET role = COALESCE(json_extract(body, '$.role'), 5);
      UPDATE chat_messages SET picked = ',' || (SELECT group_concat(value, ',') FROM json_each(chat_messages.body, '$.picked_uid')) || ','
        WHERE json_array_length(body, '$.picked_uid') > 0;
      CREATE INDEX chat_messages_room_staff ON chat_messages(webcast_id, sent_at) WHERE role IN (6, 7, 8);
      CREATE INDEX chat_messages_room_picked ON chat_messages(webcast_id) WHERE picked IS NOT NULL;
      CREATE INDEX room_messages_room_events ON room_messages(webcast_id, created_at) WHERE code >= 7113;
    `);
  },
};
