import type { Migration } from './index.js';

/**
 * The replay's chat (issue 36): a recording's viewer asks for the messages sent up to a
 * moment (chat/public/list `until`), so the room's messages are found by time; and a
 * recording keeps the moment its session went live, which is its time zero.
 */
export const m015ChatReplay: Migration = {
  version: 15,
  name: 'chat_replay',
  up(db) {
    db.exec(`
      CREATE INDEX chat_messages_room_time ON chat_messages(webcast_id, withdrawn, sent_at, offset);
      ALTER TABLE room_records ADD COLUMN started_at INTEGER;
    `);
  },
};
