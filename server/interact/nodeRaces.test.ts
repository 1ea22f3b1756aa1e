/**
 * The rules that must hold once, as nodes would race them (issue 40): each node a store of its own on one
 * database (PostgreSQL: a pool each; SQLite: its one connection), each call in a transaction
 * of its own, all at once. Nothing is given twice, nothing is lost.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { lockKey, type SqlStore } from '../store/sqlStore.js';
import { storeEngines } from '../testing/storeEngines.js';
import { takeStock, findGoods } from './goods/store.js';
import { insertPacket, markSent, remainingOf, takeShare } from './redPacket/store.js';
import { balanceOf, credit, debit } from './redPacket/wallet.js';
import { advance, insertRaffle, insertWinners, winners } from './raffle/store.js';
import { GROUP_AUTH, GroupService } from '../groups/service.js';
import { GroupStore } from '../groups/store.js';

async function room(store: SqlStore, id: string) {
  await sql`INSERT INTO rooms (id, title, created_at) VALUES (${id}, 'Race room', 1)`.execute(store.db);
}

async function user(store: SqlStore, id: string) {
  await sql`INSERT INTO users (id, name, created_at) VALUES (${id}, ${id}, 1)`.execute(store.db);
}

describe.each(storeEngines())('rules raced by nodes on $engine', ({ openNodes }) => {
  it('gives each red packet share once: 8 grabs at 5 shares', async () => {
    const nodes = await openNodes(8);
    const store = nodes[0]!;
    await room(store, 'r1');
    await insertPacket(store.db, 1, { id: 'p1', webcastId: 'r1', title: 'Race', total: '5.00', count: 5 });
    await store.db.transaction().execute((tx) => markSent(tx, 2, 'p1', ['1.00', '1.00', '1.00', '1.00', '1.00'], [100, 100, 100, 100, 100]));
    const taken = await Promise.all(nodes.map((node) => node.db.transaction().execute((tx) => takeShare(tx, 'p1'))));
    const indexes = taken.filter((t) => t !== null).map((t) => t.index);
    expect(indexes.sort()).toEqual([0, 1, 2, 3, 4]);
    expect(taken.filter((t) => t === null)).toHaveLength(3);
    expect(taken.filter((t) => t?.left === 0)).toHaveLength(1);
    expect(await remainingOf(store.db, 'p1')).toEqual({ count: 0, fen: 0 });
  });

  it('sells the stock once: 6 buyers of 2 at a stock of 7', async () => {
    const nodes = await openNodes(6);
    const store = nodes[0]!;
    await room(store, 'r2');
    await sql`INSERT INTO goods (id, webcast_id, name, price, stock, created_at) VALUES ('g1', 'r2', 'Mug', '9.90', 7, 1)`.execute(store.db);
    const sold = await Promise.all(nodes.map((node) => node.db.transaction().execute((tx) => takeStock(tx, 'g1', 2))));
    expect(sold.filter(Boolean)).toHaveLength(3);
    expect((await findGoods(store.db, 'g1'))?.stock).toBe(1);
  });

  it('draws a lottery round once: 4 nodes end it at the same moment', async () => {
    const nodes = await openNodes(4);
    const store = nodes[0]!;
    await room(store, 'r3');
    for (let i = 0; i < 4; i += 1) await user(store, `winner-${i}`);
    await insertRaffle(store.db, 1, { id: 'rf1', webcastId: 'r3', title: 'Draw', prize: 'Mug', winnerCount: 1, password: null });
    await store.db.transaction().execute((tx) => advance(tx, 2, 'rf1', 'start'));
    const ended = await Promise.all(
      nodes.map((node, i) =>
        node.db.transaction().execute(async (tx) => {
          if (!(await advance(tx, 3, 'rf1', 'end'))) return false;
          await insertWinners(tx, 3, 'rf1', [{ uid: `winner-${i}`, name: `Winner ${i}` }]);
          return true;
        }),
      ),
    );
    expect(ended.filter(Boolean)).toHaveLength(1);
    expect(await winners(store.db, 'rf1')).toHaveLength(1);
  });

  it('serialises a read-then-write of a row that may not exist yet on its key (a viewer\'s mic while idle)', async () => {
    const nodes = await openNodes(8);
    await sql`CREATE TABLE steps (k TEXT PRIMARY KEY, n BIGINT NOT NULL)`.execute(nodes[0]!.db);
    await Promise.all(
      nodes.map((node) =>
        node.db.transaction().execute(async (tx) => {
          await lockKey(tx, 'mic\nr4\nviewer');
          const n = (await sql<{ n: number }>`SELECT n FROM steps WHERE k = 'viewer'`.execute(tx)).rows[0]?.n ?? 0;
          await sql`INSERT INTO steps (k, n) VALUES ('viewer', ${n + 1}) ON CONFLICT (k) DO UPDATE SET n = excluded.n`.execute(tx);
        }),
      ),
    );
    expect((await sql<{ n: number }>`SELECT n FROM steps WHERE k = 'viewer'`.execute(nodes[0]!.db)).rows[0]!.n).toBe(8);
  });

  it('lets a group fill to its size and no further: 6 people join a group with 2 places left at once', async () => {
    const nodes = await openNodes(6);
    const store = nodes[0]!;
    for (const id of ['host', 'j0', 'j1', 'j2', 'j3', 'j4', 'j5']) await user(store, id);
    const services = nodes.map((node) => new GroupService(new GroupStore(node.db, () => 1), () => 1));
    const created = await services[0]!.create('host', { name: 'Race group', maxnum: 3, auth: GROUP_AUTH.free });
    const gid = String(created.reply.gid);
    const joins = await Promise.allSettled(services.map((service, i) => service.apply(`j${i}`, gid, {})));
    expect(joins.filter((j) => j.status === 'fulfilled')).toHaveLength(2);
    expect(joins.filter((j) => j.status === 'rejected').map((j) => ((j as PromiseRejectedResult).reason as { code?: number }).code)).toEqual([4201, 4201, 4201, 4201]);
    expect(await new GroupStore(store.db, () => 1).memberCount(gid)).toBe(3);
  });

  it('loses no movement of a wallet: 60 credits and 20 debits at once', async () => {
    const nodes = await openNodes(10);
    const store = nodes[0]!;
    await user(store, 'w1');
    await store.db.transaction().execute((tx) => credit(tx, 1, 'w1', '5.00'));
    const moves = Array.from({ length: 80 }, (_, i) => i);
    const answers = await Promise.all(
      moves.map((i) => nodes[i % nodes.length]!.db.transaction().execute((tx) => (i % 4 !== 3 ? credit(tx, 2, 'w1', '0.10') : debit(tx, 2, 'w1', '0.20')))),
    );
    expect(answers.every((a) => a !== null)).toBe(true);
    // 5.00 + 60 x 0.10 - 20 x 0.20
    expect(await balanceOf(store.db, 'w1')).toBe('7.00');
  });
});
