/**
 * Red packets on the commerce service: judge (state and whether I drew), draw (a money call:
 * one share per user, push 7119 state 2 when the last share goes), the room's activity list,
 * my balance and history, and withdrawal (a money call: real-name verified accounts only,
 * at least 0.01 and at most the balance).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { validateRedPacketAmount, formatYuan } from '../../../src/domain';
import { COMMERCE_CALLS } from '../../../src/protocol/services/commerce';
import type { ServerContext } from '../../context.js';
import type { StoreQueries } from '../../store/sqlStore.js';
import { BizError, invalid, okEnvelope } from '../../http/envelope.js';
import { enter, type Caller } from '../shared/access.js';
import { newId } from '../shared/ids.js';
import { book } from '../shared/ledger.js';
import { checkedAmount, spendOnce } from '../shared/money.js';
import { AMOUNT, ID, objectOf } from '../shared/schema.js';
import { drawCount, drawOf, drawsOfUser, findPacket, insertDraw, packetsOf, RED_PACKET_STATE, takeShare, type RedPacket } from './store.js';
import { balanceOf, credit, debit } from './wallet.js';

async function packetIn(q: StoreQueries, caller: Caller, id: string): Promise<RedPacket> {
  const packet = await findPacket(q, id);
  if (!packet || packet.webcastId !== caller.room.id) throw invalid('id', 'no such red packet in this room');
  return packet;
}

async function packetView(q: StoreQueries, packet: RedPacket, userId: string) {
  const mine = await drawOf(q, packet.id, userId);
  return {
    id: packet.id,
    title: packet.title,
    state: packet.state,
    count: packet.count,
    remaining: packet.state === RED_PACKET_STATE.notStarted ? packet.count : packet.count - (await drawCount(q, packet.id)),
    sentAt: packet.sentAt,
    drawn: mine !== undefined,
    amount: mine?.amount ?? null,
  };
}

/**
 * One share to the caller, inside the money call's transaction. `last`: this draw took the
 * packet's last share (the packet is now grabbed out).
 */
async function draw(tx: StoreQueries, now: number, caller: Caller, packet: RedPacket) {
  if (packet.state === RED_PACKET_STATE.notStarted) throw invalid('id', 'this red packet has not started');
  const uid = caller.user.id;
  const earlier = await drawOf(tx, packet.id, uid);
  if (earlier) return { id: packet.id, state: packet.state, got: true, amount: earlier.amount, last: false, balance: await balanceOf(tx, uid) };
  const taken = await takeShare(tx, packet.id);
  if (taken === null) return { id: packet.id, state: RED_PACKET_STATE.grabbedOut, got: false, amount: null, last: false, balance: await balanceOf(tx, uid) };
  const { index, amount } = taken;
  // One draw of a packet per user: its primary key, and the ledger's business key, refuse a
  // second whatever happens above (two draws of one user racing on two nodes: one fails whole).
  await insertDraw(tx, now, packet.id, uid, index, amount);
  await book(tx, now, { businessKey: `redpacket.draw:${packet.id}:${uid}`, kind: 'redpacket.draw', webcastId: caller.room.id, userId: uid, amount });
  const balance = await credit(tx, now, uid, amount);
  const last = taken.left === 0;
  return { id: packet.id, state: last ? RED_PACKET_STATE.grabbedOut : packet.state, got: true, amount, last, balance };
}

export function redPacketRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const LIVE_AND_ID = { body: objectOf({ liveId: ID, id: ID }, ['liveId', 'id']) };
  const LIVE_ONLY = { body: objectOf({ liveId: ID }, ['liveId']) };

  app.post<{ Body: { liveId: string; id: string } }>(COMMERCE_CALLS.redPacketJudge.path, { schema: LIVE_AND_ID }, async (request) => {
    const caller = await enter(ctx, request, request.body.liveId, 'liveId');
    return okEnvelope(await packetView(ctx.store.db, await packetIn(ctx.store.db, caller, request.body.id), caller.user.id));
  });

  app.post<{ Body: { liveId: string; id: string } }>(COMMERCE_CALLS.redPacketDraw.path, { schema: LIVE_AND_ID }, async (request) => {
    const caller = await enter(ctx, request, request.body.liveId, 'liveId');
    // Read inside the transaction, so the share index is taken from the current draws.
    const params = { liveId: caller.room.id, id: request.body.id };
    const spent = await spendOnce(ctx, request, 'redpacket.draw', caller.user.id, params, async (tx) => draw(tx, ctx.now(), caller, await packetIn(tx, caller, request.body.id)));
    // Only the request that took the last share tells the room (a replay of its key does not).
    if (spent.fresh && spent.result?.last) ctx.hub.publish(caller.room.id, 7119, { id: spent.result.id, state: RED_PACKET_STATE.grabbedOut });
    return spent.envelope;
  });

  app.post<{ Body: { liveId: string } }>(COMMERCE_CALLS.redPacketActivityList.path, { schema: LIVE_ONLY }, async (request) => {
    const caller = await enter(ctx, request, request.body.liveId, 'liveId');
    const sent = (await packetsOf(ctx.store.db, caller.room.id)).filter((p) => p.state !== RED_PACKET_STATE.notStarted);
    return okEnvelope({ list: await Promise.all(sent.reverse().map((p) => packetView(ctx.store.db, p, caller.user.id))) });
  });

  app.post<{ Body: { liveId: string } }>(COMMERCE_CALLS.redPacketUserInfo.path, { schema: LIVE_ONLY }, async (request) => {
    const caller = await enter(ctx, request, request.body.liveId, 'liveId');
    const withdrawals = (
      await sql`SELECT id, amount, balance_after AS "balanceAfter", created_at AS "createdAt" FROM withdrawals WHERE user_id = ${caller.user.id} ORDER BY created_at DESC, id`.execute(ctx.store.db)
    ).rows;
    return okEnvelope({
      uid: caller.user.id,
      name: caller.user.name,
      balance: await balanceOf(ctx.store.db, caller.user.id),
      realNameVerified: caller.user.real_name_verified === 1,
      draws: await drawsOfUser(ctx.store.db, caller.room.id, caller.user.id),
      withdrawals,
    });
  });

  app.post<{ Body: { liveId: string; amount: string } }>(
    COMMERCE_CALLS.redPacketWithdraw.path,
    { schema: { body: objectOf({ liveId: ID, amount: AMOUNT }, ['liveId', 'amount']) } },
    async (request) => {
      const caller = await enter(ctx, request, request.body.liveId, 'liveId');
      const amount = formatYuan(checkedAmount('amount', request.body.amount, validateRedPacketAmount));
      return (await spendOnce(ctx, request, 'redpacket.withdraw', caller.user.id, { liveId: caller.room.id, amount }, async (tx) => {
        if (caller.user.real_name_verified !== 1) throw new BizError(4204);
        const now = ctx.now();
        const balance = await debit(tx, now, caller.user.id, amount);
        if (balance === null) throw new BizError(4202, `insufficient withdrawal balance: ${await balanceOf(tx, caller.user.id)} available`);
        const id = newId('wd');
        await sql`INSERT INTO withdrawals (id, user_id, webcast_id, amount, balance_after, created_at)
          VALUES (${id}, ${caller.user.id}, ${caller.room.id}, ${amount}, ${balance}, ${now})`.execute(tx);
        await book(tx, now, { businessKey: `withdraw:${id}`, kind: 'redpacket.withdraw', webcastId: caller.room.id, userId: caller.user.id, amount });
        return { id, amount, balance };
      })).envelope;
    },
  );
}
