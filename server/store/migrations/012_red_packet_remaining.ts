import type { Migration } from './index.js';

/**
 * A red packet grab as one atomic conditional decrement (issue 14 item 1): the packet row
 * holds what is left (count and whole fen), and a grab is a single UPDATE that takes the
 * next share only while some is left, returning which share it took; the shares are rows
 * of their own, in fen (integers) and as the yuan text they are paid as. Packets sent before
 * this migration get their remaining count and fen from their shares and draws.
 */
export const m012RedPacketRemaining: Migration = {
  version: 12,
  name: 'red_packet_remaining',
  up(db) {
    db.exec(`
      ALTER TABLE red_packets ADD COLUMN remaining_count INTEGER;
      ALTER TABLE red_packets ADD COLUMN remaining_fen INTEGER;
      CREATE TABLE red_packet_shares (
        packet_id TEXT NOT NULL REFERENCES red_packets(id),
        idx INTEGER NOT NULL,
        fen INTEGER NOT NULL CHECK (fen >= 1),
        amount TEXT NOT NULL,                       -- yuan, two decimals: fen / 100 exactly
        PRIMARY KEY (packet_id, idx)
      ) WITHOUT ROWID;
    `);
    const sent = db.prepare('SELECT id, shares FROM red_packets WHERE shares IS NOT NULL').all() as { id: string; shares: string }[];
    const share = db.prepare('INSERT INTO red_packet_shares (packet_id, idx, fen, amount) VALUES (?, ?, ?, ?)');
    const drawn = db.prepare('SELECT COUNT(*) AS n FROM red_packet_draws WHERE packet_id = ?');
    const left = db.prepare('UPDATE red_packets SET remaining_count = ?, remaining_fen = ? WHERE id = ?');
    for (const packet of sent) {
      const amounts = JSON.parse(packet.shares) as string[];
      // "12.34" -> 1234 by its digits: integer arithmetic only.
      const fens = amounts.map((a) => {
        const [whole = '0', frac = ''] = a.split('.');
        return Number.parseInt(whole, 10) * 100 + Number.parseInt(frac.padEnd(2, '0').slice(0, 2), 10);
      });
      fens.forEach((fen, idx) => share.run(packet.id, idx, fen, amounts[idx]));
      const taken = (drawn.get(packet.id) as { n: number }).n;
      left.run(fens.length - taken, fens.slice(taken).reduce((sum, fen) => sum + fen, 0), packet.id);
    }
  },
};
