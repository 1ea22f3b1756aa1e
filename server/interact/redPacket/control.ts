/** The host sends a red packet: its shares are fixed and the room is told (push 7119 state 1). */
import { formatYuan, validateRedPacketAmount } from '../../../src/domain';
import { sql } from 'kysely';
import type { ServerContext } from '../../context.js';
import type { StoreQueries } from '../../store/sqlStore.js';
import { invalid } from '../../http/envelope.js';
import { newId } from '../shared/ids.js';
import { checkedAmount } from '../shared/money.js';
import { splitTotal, toFen, RED_PACKET_MAX_COUNT } from './split.js';
import { findPacket, insertPacket, markSent, packetsOf, RED_PACKET_STATE, type RedPacket } from './store.js';

export interface NewRedPacket {
  readonly total: string;
  readonly count: number;
  readonly title?: string;
}

export function checkNewPacket(total: string, count: number): string {
  const amount = checkedAmount('total', total, validateRedPacketAmount);
  if (!Number.isSafeInteger(count) || count < 1 || count > RED_PACKET_MAX_COUNT) throw invalid('count', `must be from 1 to ${RED_PACKET_MAX_COUNT}`);
  const formatted = formatYuan(amount);
  if (toFen(formatted) < count) throw invalid('total', `cannot give ${count} shares of at least 0.01`);
  return formatted;
}

/**
 * The packet to send: the given one; else a new one from `fresh`; else the room's first
 * not yet sent; else a new one like the room's first (so a demo can send again and again).
 */
async function packetToSend(tx: StoreQueries, now: number, webcastId: string, id: string | undefined, fresh: NewRedPacket | undefined): Promise<RedPacket> {
  if (id !== undefined) {
    const packet = await findPacket(tx, id);
    if (!packet || packet.webcastId !== webcastId) throw invalid('id', 'no such red packet in this room');
    return packet;
  }
  const all = await packetsOf(tx, webcastId);
  const waiting = all.find((p) => p.state === RED_PACKET_STATE.notStarted);
  const model = fresh ?? (waiting ? undefined : all[0]);
  if (!model) {
    if (waiting) return waiting;
    throw invalid('id', 'this room has no red packet');
  }
  const total = checkNewPacket(model.total, model.count);
  const created = { id: newId('rp'), webcastId, title: model.title ?? 'Red packet', total, count: model.count };
  await insertPacket(tx, now, created);
  return (await findPacket(tx, created.id))!;
}

export async function sendRedPacket(ctx: ServerContext, webcastId: string, id?: string, fresh?: NewRedPacket) {
  const body = await ctx.store.db.transaction().execute(async (tx) => {
    const now = ctx.now();
    const packet = await packetToSend(tx, now, webcastId, id, fresh);
    const shares = splitTotal(packet.total, packet.count);
    if (packet.state !== RED_PACKET_STATE.notStarted || !(await markSent(tx, now, packet.id, shares, shares.map(toFen)))) {
      throw invalid('id', 'this red packet has already been sent');
    }
    return { id: packet.id, state: RED_PACKET_STATE.inProgress, title: packet.title, total: packet.total, count: packet.count };
  });
  ctx.hub.publish(webcastId, 7119, body);
  return body;
}

/** The room's latest red packet sent and who grabbed what, first first (the console's results); null before any. */
export async function redPacketGrabs(q: StoreQueries, webcastId: string) {
  const packet = (
    await sql<{ id: string; title: string; total: string; count: number; state: number; sentAt: number }>`
      SELECT id, title, total, count, state, sent_at AS "sentAt" FROM red_packets WHERE webcast_id = ${webcastId} AND sent_at IS NOT NULL ORDER BY sent_at DESC, created_at DESC, id DESC LIMIT 1`.execute(q)
  ).rows[0];
  if (!packet) return { redPacket: null, grabs: [] };
  const grabs = (
    await sql<{ uid: string; name: string; amount: string; grabbedAt: number }>`
      SELECT d.user_id AS uid, COALESCE(u.name, d.user_id) AS name, d.amount, d.created_at AS "grabbedAt" FROM red_packet_draws d LEFT JOIN users u ON u.id = d.user_id
      WHERE d.packet_id = ${packet.id} ORDER BY d.created_at, d.share_index`.execute(q)
  ).rows;
  return { redPacket: packet, grabs };
}
