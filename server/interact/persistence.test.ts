/** Restarting the server on the same DATA_DIR keeps what was acknowledged. */
import { sql } from 'kysely';
import { rowOf } from '../testing/storeRows.js';
import { describe, expect, it } from 'vitest';
import { COMMERCE_CALLS } from '../../src/protocol/services/commerce';
import { LIVE_CALLS } from '../../src/protocol/services/live';
import { Caller, newKey, seededRoom, startInteractServer, viewer } from '../testing/interactFixtures.js';

describe('restart on the same DATA_DIR', () => {
  it('keeps answers, balances, withdrawals, rewards and orders', async () => {
    const { server, api } = await startInteractServer();
    const room = await seededRoom(server.ctx, 'r1');
    const alice = await viewer(server.ctx, 'alice', room, { realNameVerified: true });
    await api.admin(`/admin/v1/rooms/${room}/paper/publish`, { kind: 'paper' });
    await api.post(LIVE_CALLS.paperState.path, { id: `pp_${room}_survey`, webcastId: room, answers: [{ id: 'q3', answer: 'Acme' }] }, { token: alice.token });
    await api.admin(`/admin/v1/rooms/${room}/redpacket/send`, { total: '5.00', count: 1 });
    const sentId = ((await rowOf(server.ctx, sql`SELECT id FROM red_packets WHERE state = 1`)) as { id: string }).id;
    await api.post(COMMERCE_CALLS.redPacketDraw.path, { liveId: room, id: sentId }, { token: alice.token, idempotencyKey: newKey() });
    const withdrawKey = newKey();
    const withdrawn = await api.post(COMMERCE_CALLS.redPacketWithdraw.path, { liveId: room, amount: '2.00' }, { token: alice.token, idempotencyKey: withdrawKey });
    expect(withdrawn.code).toBe(200);
    await api.post(COMMERCE_CALLS.rewardPayGift.path, { liveId: room, gift: 'heart', count: 1, amount: '0.50' }, { token: alice.token, idempotencyKey: newKey() });

    const again = await server.restart();
    try {
      const api2 = new Caller(again.url);
      const paper = await api2.get<{ answered: boolean; myAnswer: { answers: { id: string; answer: string }[] } }>(
        LIVE_CALLS.paperInfo.path,
        { id: `pp_${room}_survey` },
        { token: alice.token },
      );
      expect(paper.data.answered).toBe(true);
      expect(paper.data.myAnswer.answers).toMatchObject([{ id: 'q3', answer: 'Acme' }]);
      const info = await api2.post<{ balance: string; withdrawals: { amount: string }[]; draws: unknown[] }>(COMMERCE_CALLS.redPacketUserInfo.path, { liveId: room }, { token: alice.token });
      expect(info.data.balance).toBe('3.00');
      expect(info.data.withdrawals.map((w) => w.amount)).toEqual(['2.00']);
      expect(info.data.draws).toHaveLength(1);
      // The key still answers with the first result: no second withdrawal after a restart.
      const repeat = await api2.post(COMMERCE_CALLS.redPacketWithdraw.path, { liveId: room, amount: '2.00' }, { token: alice.token, idempotencyKey: withdrawKey });
      expect(repeat).toEqual(withdrawn);
      const rewards = (await rowOf(again.ctx, sql`SELECT COUNT(*) AS n FROM rewards`)) as { n: number };
      expect(rewards.n).toBe(1);
      const messages = again.roomLog.readAfter(room, 0, 100).map((m) => m.code);
      expect(messages).toEqual([7115, 7119, 7119, 7111]);
    } finally {
      await again.close();
    }
  });
});
