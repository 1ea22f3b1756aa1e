/** Red packets and draws in the store (tables red_packets, red_packet_draws). */
import type { ServerContext } from '../../context.js';

/** SPEC 4 red packet states, as pushed in 7119. */
export const RED_PACKET_STATE = { notStarted: 0, inProgress: 1, grabbedOut: 2 } as const;
export type RedPacketState = (typeof RED_PACKET_STATE)[keyof typeof RED_PACKET_STATE];

export interface RedPacket {
  readonly id: string;
  readonly webcastId: string;
  readonly title: string;
  readonly total: string;
  readonly count: number;
  readonly state: RedPacketState;
  readonly shares: readonly string[] | null;
  readonly sentAt: number | null;
}

interface Row {
  id: string;
  webcast_id: string;
  title: string;
  total: string;
  count: number;
  state: RedPacketState;
  shares: string | null;
  sent_at: number | null;
}

const toPacket = (r: Row): RedPacket => ({
  id: r.id,
  webcastId: r.webcast_id,
  title: r.title,
  total: r.total,
  count: r.count,
  state: r.state,
  shares: r.shares === null ? null : (JSON.parse(r.shares) as string[]),
  sentAt: r.sent_at,
});

export function findPacket(ctx: ServerContext, id: string): RedPacket | undefined {
  const row = ctx.db.prepare('SELECT * FROM red_packets WHERE id = ?').get(id) as Row | undefined;
  return row ? toPacket(row) : undefined;
}

export function packetsOf(ctx: ServerContext, webcastId: string): RedPacket[] {
  return (ctx.db.prepare('SELECT * FROM red_packets WHERE webcast_id = ? ORDER BY created_at, id').all(webcastId) as Row[]).map(toPacket);
}

export function insertPacket(ctx: ServerContext, p: Pick<RedPacket, 'id' | 'webcastId' | 'title' | 'total' | 'count'>): void {
  ctx.db
    .prepare('INSERT OR IGNORE INTO red_packets (id, webcast_id, title, total, count, state, created_at) VALUES (?, ?, ?, ?, ?, 0, ?)')
    .run(p.id, p.webcastId, p.title, p.total, p.count, ctx.now());
}

/** Not started -> in progress, with the shares fixed (`fens`: each share in whole fen); false when it was already sent. */
export function markSent(ctx: ServerContext, id: string, shares: readonly string[], fens: readonly number[]): boolean {
  const total = fens.reduce((sum, fen) => sum + fen, 0);
  const sent = ctx.db
    .prepare('UPDATE red_packets SET state = 1, shares = ?, sent_at = ?, remaining_count = ?, remaining_fen = ? WHERE id = ? AND state = 0')
    .run(JSON.stringify(shares), ctx.now(), shares.length, total, id).changes === 1;
  if (!sent) return false;
  const share = ctx.db.prepare('INSERT INTO red_packet_shares (packet_id, idx, fen, amount) VALUES (?, ?, ?, ?)');
  shares.forEach((amount, idx) => share.run(id, idx, fens[idx], amount));
  return true;
}

export interface TakenShare {
  readonly index: number;
  readonly amount: string;
  /** Shares left after this one (0: the packet is now grabbed out). */
  readonly left: number;
}

/**
 * One grab: a single conditional UPDATE takes the next share while any is left (count and
 * fen go down together, and the packet is grabbed out with its last share), and says which
 * share it took; null when none was left. Two grabs can never take the same share.
 */
export function takeShare(ctx: ServerContext, id: string): TakenShare | null {
  const taken = ctx.db
    .prepare(
      `UPDATE red_packets
         SET remaining_count = remaining_count - 1,
             remaining_fen = remaining_fen - (SELECT s.fen FROM red_packet_shares s WHERE s.packet_id = red_packets.id AND s.idx = red_packets.count - red_packets.remaining_count),
             state = CASE WHEN remaining_count = 1 THEN 2 ELSE state END
       WHERE id = ? AND state = 1 AND remaining_count > 0
       RETURNING count - remaining_count - 1 AS idx, remaining_count AS left`,
    )
    .get(id) as { idx: number; left: number } | undefined;
  if (taken === undefined) return null;
  const share = ctx.db.prepare('SELECT amount FROM red_packet_shares WHERE packet_id = ? AND idx = ?').get(id, taken.idx) as { amount: string } | undefined;
  if (share === undefined) throw new Error(`red packet ${id} has no share ${taken.idx}`);
  return { index: taken.idx, amount: share.amount, left: taken.left };
}

/** What is left of a packet, as its row says (tests and the admin view). */
export function remainingOf(ctx: ServerContext, id: string): { count: number; fen: number } | undefined {
  return ctx.db.prepare('SELECT remaining_count AS count, remaining_fen AS fen FROM red_packets WHERE id = ?').get(id) as { count: number; fen: number } | undefined;
}

export interface Draw {
  readonly packetId: string;
  readonly amount: string;
  readonly createdAt: number;
}

export function drawOf(ctx: ServerContext, packetId: string, userId: string): Draw | undefined {
  return ctx.db
    .prepare('SELECT packet_id AS packetId, amount, created_at AS createdAt FROM red_packet_draws WHERE packet_id = ? AND user_id = ?')
    .get(packetId, userId) as Draw | undefined;
}

export function drawCount(ctx: ServerContext, packetId: string): number {
  return (ctx.db.prepare('SELECT COUNT(*) AS n FROM red_packet_draws WHERE packet_id = ?').get(packetId) as { n: number }).n;
}

export function insertDraw(ctx: ServerContext, packetId: string, userId: string, shareIndex: number, amount: string): void {
  ctx.db
    .prepare('INSERT INTO red_packet_draws (packet_id, user_id, share_index, amount, created_at) VALUES (?, ?, ?, ?, ?)')
    .run(packetId, userId, shareIndex, amount, ctx.now());
}

export function drawsOfUser(ctx: ServerContext, webcastId: string, userId: string): { id: string; title: string; amount: string; drawnAt: number }[] {
  return ctx.db
    .prepare(
      `SELECT p.id AS id, p.title AS title, d.amount AS amount, d.created_at AS drawnAt FROM red_packet_draws d
       JOIN red_packets p ON p.id = d.packet_id WHERE p.webcast_id = ? AND d.user_id = ? ORDER BY d.created_at DESC`,
    )
    .all(webcastId, userId) as { id: string; title: string; amount: string; drawnAt: number }[];
}
