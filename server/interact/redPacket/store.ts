/** Red packets and draws in the store (tables red_packets, red_packet_draws). */
import { sql } from 'kysely';
import { changedRows, type StoreQueries } from '../../store/sqlStore.js';

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

export async function findPacket(q: StoreQueries, id: string): Promise<RedPacket | undefined> {
  const row = (await sql<Row>`SELECT * FROM red_packets WHERE id = ${id}`.execute(q)).rows[0];
  return row ? toPacket(row) : undefined;
}

export async function packetsOf(q: StoreQueries, webcastId: string): Promise<RedPacket[]> {
  return (await sql<Row>`SELECT * FROM red_packets WHERE webcast_id = ${webcastId} ORDER BY created_at, id`.execute(q)).rows.map(toPacket);
}

export async function insertPacket(q: StoreQueries, now: number, p: Pick<RedPacket, 'id' | 'webcastId' | 'title' | 'total' | 'count'>): Promise<void> {
  await sql`INSERT INTO red_packets (id, webcast_id, title, total, count, state, created_at) VALUES (${p.id}, ${p.webcastId}, ${p.title}, ${p.total}, ${p.count}, 0, ${now})
    ON CONFLICT DO NOTHING`.execute(q);
}

/** Not started -> in progress, with the shares fixed (`fens`: each share in whole fen); false when it was already sent. Call in a transaction. */
export async function markSent(tx: StoreQueries, now: number, id: string, shares: readonly string[], fens: readonly number[]): Promise<boolean> {
  const total = fens.reduce((sum, fen) => sum + fen, 0);
  const sent = await sql`UPDATE red_packets SET state = 1, shares = ${JSON.stringify(shares)}, sent_at = ${now}, remaining_count = ${shares.length}, remaining_fen = ${total}
    WHERE id = ${id} AND state = 0`.execute(tx);
  if (changedRows(sent) !== 1) return false;
  for (const [idx, amount] of shares.entries()) {
    await sql`INSERT INTO red_packet_shares (packet_id, idx, fen, amount) VALUES (${id}, ${idx}, ${fens[idx]}, ${amount})`.execute(tx);
  }
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
 * share it took; null when none was left. Two grabs can never take the same share: on
 * PostgreSQL the second UPDATE of the row waits for the first's commit and then re-reads
 * the row (READ COMMITTED re-checks its WHERE on the newest version); on SQLite one writer
 * at a time.
 */
export async function takeShare(tx: StoreQueries, id: string): Promise<TakenShare | null> {
  const taken = (
    await sql<{ idx: number; left: number }>`UPDATE red_packets
         SET remaining_count = remaining_count - 1,
             remaining_fen = remaining_fen - (SELECT s.fen FROM red_packet_shares s WHERE s.packet_id = red_packets.id AND s.idx = red_packets.count - red_packets.remaining_count),
             state = CASE WHEN remaining_count = 1 THEN 2 ELSE state END
       WHERE id = ${id} AND state = 1 AND remaining_count > 0
       RETURNING count - remaining_count - 1 AS idx, remaining_count AS "left"`.execute(tx)
  ).rows[0];
  if (taken === undefined) return null;
  const share = (await sql<{ amount: string }>`SELECT amount FROM red_packet_shares WHERE packet_id = ${id} AND idx = ${taken.idx}`.execute(tx)).rows[0];
  if (share === undefined) throw new Error(`red packet ${id} has no share ${taken.idx}`);
  return { index: taken.idx, amount: share.amount, left: taken.left };
}

/** What is left of a packet, as its row says (tests and the admin view). */
export async function remainingOf(q: StoreQueries, id: string): Promise<{ count: number; fen: number } | undefined> {
  return (await sql<{ count: number; fen: number }>`SELECT remaining_count AS count, remaining_fen AS fen FROM red_packets WHERE id = ${id}`.execute(q)).rows[0];
}

export interface Draw {
  readonly packetId: string;
  readonly amount: string;
  readonly createdAt: number;
}

export async function drawOf(q: StoreQueries, packetId: string, userId: string): Promise<Draw | undefined> {
  return (
    await sql<Draw>`SELECT packet_id AS "packetId", amount, created_at AS "createdAt" FROM red_packet_draws WHERE packet_id = ${packetId} AND user_id = ${userId}`.execute(q)
  ).rows[0];
}

export async function drawCount(q: StoreQueries, packetId: string): Promise<number> {
  return (await sql<{ n: number }>`SELECT COUNT(*) AS n FROM red_packet_draws WHERE packet_id = ${packetId}`.execute(q)).rows[0]!.n;
}

export async function insertDraw(tx: StoreQueries, now: number, packetId: string, userId: string, shareIndex: number, amount: string): Promise<void> {
  await sql`INSERT INTO red_packet_draws (packet_id, user_id, share_index, amount, created_at) VALUES (${packetId}, ${userId}, ${shareIndex}, ${amount}, ${now})`.execute(tx);
}

export async function drawsOfUser(q: StoreQueries, webcastId: string, userId: string): Promise<{ id: string; title: string; amount: string; drawnAt: number }[]> {
  return (
    await sql<{ id: string; title: string; amount: string; drawnAt: number }>`
      SELECT p.id AS id, p.title AS title, d.amount AS amount, d.created_at AS "drawnAt" FROM red_packet_draws d
      JOIN red_packets p ON p.id = d.packet_id WHERE p.webcast_id = ${webcastId} AND d.user_id = ${userId} ORDER BY d.created_at DESC`.execute(q)
  ).rows;
}
