import type { Migration } from './index.js';

/**
 * Whether a viewer's mic began with the host side's invitation (their answer is told to the
 * host side as 6157): kept with the mic state rather than in a node's memory, so the nodes of
 * a cluster agree on it whichever node the invitation and the answer went through.
 */
export const m014MicInvited: Migration = {
  version: 14,
  name: 'mic_invited',
  up(db) {
    db.exec('ALTER TABLE mic_states ADD COLUMN invited INTEGER NOT NULL DEFAULT 0;');
  },
};
