import type { Migration } from './index.js';

/**
 * Chat pictures uploaded with `POST /ccp/handler/v2/chat/image` (server/chat/imageUpload.ts)
 * and served at `GET /ccp/handler/v2/chat/image/{id}`. The bytes live in the store (at most
 * 500 KiB each, a total cap with the oldest evicted first) so that an upload, its metadata
 * and its eviction are one transaction and DATA_DIR stays one SQLite file.
 */
export const m006ChatImages: Migration = {
  version: 6,
  name: 'chat_images',
  up(db) {
    db.exec(`
      CREATE TABLE chat_images (
        id TEXT PRIMARY KEY,                        -- 32 random [0-9A-Za-z], the URL's last segment
        webcast_id TEXT NOT NULL,
        uid TEXT NOT NULL,                          -- who uploaded it
        content_type TEXT NOT NULL,                 -- image/jpeg, image/png, image/gif or image/webp (from the bytes)
        size INTEGER NOT NULL,                      -- bytes; before the blob so summing it never reads the blob
        created_at INTEGER NOT NULL,                -- ms
        bytes BLOB NOT NULL
      );
      CREATE INDEX chat_images_age ON chat_images(created_at);
    `);
  },
};
