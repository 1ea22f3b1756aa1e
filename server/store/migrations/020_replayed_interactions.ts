import type { Migration } from './index.js';

/**
 * The replay reads a live's interactions from the timeline table (issue 40,
 * replay/interactionRecorder.ts), not from a room log (the node's own file, or Redis in a
 * cluster, neither kept for good nor shared). The interactions the SQLite room log already
 * holds are copied there, as the recorder would have written them.
 */
const COPY = `
  INSERT INTO room_timeline (webcast_id, at, kind, body)
  SELECT webcast_id, created_at, 'room', '{"code":' || code || ',"body":' || body || '}'
  FROM room_messages WHERE code >= 7113 AND code <= 7125 ORDER BY webcast_id, "offset";
`;

export const m020ReplayedInteractions: Migration = {
  version: 20,
  name: 'replayed_interactions',
  up(db) {
    db.exec(COPY);
  },
  postgres: COPY,
};
