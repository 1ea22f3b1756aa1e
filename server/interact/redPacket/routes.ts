/**
 * Red packets on the commerce service: judge (state and whether I drew), draw (a money call:
 * one share per user, push 7119 state 2 when the last share goes), the room's activity list,
 * my balance and history, and withdrawal (a money call: real-name verified accounts only,
 * at least 0.01 and at most the balance).
 */
import type { FastifyInstance } from 'fastify';
import { validateRedPacketAmount, formatYuan } from '../../../src/domain';
import { COMMERCE_CALLS } from '../../../src/protocol/services/commerce';
import type { ServerContext } from '../../context.js';
import { BizError, invalid, okEnvelope } from '../../http/envelope.js';
import { enter, type Caller } from '../shared/access.js';
import { newId } from '../shared/ids.js';
import { book } from '../shared/ledger.js';
import { checkedAmount, spendOnce } from '../shared/money.js';
import { AMOUNT, ID, objectOf } from '../shared/schema.js';
import { drawCount, drawOf, drawsOfUser, findPacket, insertDraw, packetsOf, RED_PACKET_STATE, takeShare, type RedPacket } from './store.js';
import { balanceOf, credit, debit } from './wallet.js';

function packetIn(ctx: ServerContext, caller: Caller, id: string): RedPacket {
  const packet = findPacket(ctx, id);
  if (!packet || packet.webcastId !== caller.room.id) throw invalid('id', 'no such red packet in this room');
  return packet;
}

function packetView(ctx: ServerContext, packet: RedPacket, userId: string) {
  const mine = drawOf(ctx, packet.id, userId);
  return {
    id: packet.id,
    title: packet.title,
    state: packet.state,
    count: packet.count,
    remaining: packet.state === RED_PACKET_STATE.notStarted ? packet.count : packet.count - drawCount(ctx, packet.id),
    sentAt: packet.sentAt,
    drawn: mine !== undefined,
    amount: mine?.amount ?? null,
  };
}

/**
 * One share to the caller, inside the money call's transaction. `last`: this draw took the
 * packet's last share (the packet is now grabbed out).
 */
function draw(ctx: ServerContext, caller: Caller, packet: RedPacket) {
  if (packet.state === RED_PACKET_STATE.notStarted) throw invalid('id', 'this red packet has not started');
  const uid = caller.user.id;
  const earlier = drawOf(ctx, packet.id, uid);
  if (earlier) return { id: packet.id, state: packet.state, got: true, amount: earlier.amount, last: false, balance: balanceOf(ctx, uid) };
  const taken = takeShare(ctx, packet.id);
  if (taken === null) return { id: packet.id, state: RED_PACKET_STATE.grabbedOut, got: false, amount: null, last: false, balance: balanceOf(ctx, uid) };
  const { index, amount } = taken;
  insertDraw(ctx, packet.id, uid, index, amount);
  // One draw of a packet per user: the ledger's key refuses a second booking whatever happens above.
  book(ctx, { businessKey: `redpacket.draw:${packet.id}:${uid}`, kind: 'redpacket.draw', webcastId: caller.room.id, userId: uid, amount });
  const balance = credit(ctx, uid, amount);
  const last = taken.left === 0;
  return { id: packet.id, state: last ? RED_PACKET_STATE.grabbedOut : packet.state, got: true, amount, last, balance };
}

export function redPacketRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const LIVE_AND_ID = { body: objectOf({ liveId: ID, id: ID }, ['liveId', 'id']) };
  const LIVE_ONLY = { body: objectOf({ liveId: ID }, ['liveId']) };

  app.post<{ Body: { liveId: string; id: string } }>(COMMERCE_CALLS.redPacketJudge.path, { schema: LIVE_AND_ID }, async (request) => {
    const caller = enter(ctx, request, request.body.liveId, 'liveId');
    return okEnvelope(packetView(ctx, packetIn(ctx, caller, request.body.id), caller.user.id));
  });

  app.post<{ Body: { liveId: string; id: string } }>(COMMERCE_CALLS.redPacketDraw.path, { schema: LIVE_AND_ID }, async (request) => {
    const caller = enter(ctx, request, request.body.liveId, 'liveId');
    // Read inside the transaction, so the share index is taken from the current draws.
    const params = { liveId: caller.room.id, id: request.body.id };
    const spent = await spendOnce(ctx, request, 'redpacket.draw', caller.user.id, params, () => draw(ctx, caller, packetIn(ctx, caller, request.body.id)));
    // Only the request that took the last share tells the room (a replay of its key does not).
    if (spent.fresh && spent.result?.last) ctx.hub.publish(caller.room.id, 7119, { id: spent.result.id, state: RED_PACKET_STATE.grabbedOut });
    return spent.envelope;
  });

  app.post<{ Body: { liveId: string } }>(COMMERCE_CALLS.redPacketActivityList.path, { schema: LIVE_ONLY }, async (request) => {
    const caller = enter(ctx, request, request.body.liveId, 'liveId');
    const sent = packetsOf(ctx, caller.room.id).filter((p) => p.state !== RED_PACKET_STATE.notStarted);
    return okEnvelope({ list: sent.reverse().map((p) => packetView(ctx, p, caller.user.id)) });
  });

  app.post<{ Body: { liveId: string } }>(COMMERCE_CALLS.redPacketUserInfo.path, { schema: LIVE_ONLY }, async (request) => {
    const caller = enter(ctx, request, request.body.liveId, 'liveId');
    const withdrawals = ctx.db
      .prepare('SELECT id, amount, balance_after AS balanceAfter, created_at AS createdAt FROM withdrawals WHERE user_id = ? ORDER BY created_at DESC, id')
      .all(caller.user.id);
    return okEnvelope({
      uid: caller.user.id,
      name: caller.user.name,
      balance: balanceOf(ctx, caller.user.id),
      realNameVerified: caller.user.real_name_verified === 1,
      draws: drawsOfUser(ctx, caller.room.id, caller.user.id),
      withdrawals,
    });
  });

  app.post<{ Body: { liveId: string; amount: string } }>(
    COMMERCE_CALLS.redPacketWithdraw.path,
    { schema: { body: objectOf({ liveId: ID, amount: AMOUNT }, ['liveId', 'amount']) } },
    async (request) => {
      const caller = enter(ctx, request, request.body.liveId, 'liveId');
      const amount = formatYuan(checkedAmount('amount', request.body.amount, validateRedPacketAmount));
      return (await spendOnce(ctx, request, 'redpacket.withdraw', caller.user.id, { liveId: caller.room.id, amount }, () => {
        if (caller.user.real_name_verified !== 1) throw new BizError(4204);
        const balance = debit(ctx, caller.user.id, amount);
        if (balance === null) throw new BizError(4202, `insufficient withdrawal balance: ${balanceOf(ctx, caller.user.id)} available`);
        const id = newId('wd');
        ctx.db
          .prepare('INSERT INTO withdrawals (id, user_id, webcast_id, amount, balance_after, created_at) VALUES (?, ?, ?, ?, ?, ?)')
          .run(id, caller.user.id, caller.room.id, amount, balance, ctx.now());
        book(ctx, { businessKey: `withdraw:${id}`, kind: 'redpacket.withdraw', webcastId: caller.room.id, userId: caller.user.id, amount });
        return { id, amount, balance };
      })).envelope;
    },
  );
}
