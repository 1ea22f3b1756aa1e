import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { SqlStore, StoreQueries } from '../store/sqlStore.js';
import { storeEngines } from '../testing/storeEngines.js';
import { BizError } from './envelope.js';
import { IDEMPOTENCY_TTL_MS, once, requestHash } from './idempotency.js';

const PARAMS = { liveId: '10001', gift: 'rose', count: 1, amount: '0.10' };

async function setup(store: SqlStore) {
  await sql`CREATE TABLE balance (user_id TEXT PRIMARY KEY, yuan TEXT NOT NULL, spends BIGINT NOT NULL DEFAULT 0)`.execute(store.db);
  await sql`INSERT INTO balance (user_id, yuan) VALUES ('u', '10.00')`.execute(store.db);
  const balance = async () => (await sql<{ yuan: string }>`SELECT yuan FROM balance WHERE user_id = 'u'`.execute(store.db)).rows[0]!.yuan;
  const spends = async () => (await sql<{ spends: number }>`SELECT spends FROM balance WHERE user_id = 'u'`.execute(store.db)).rows[0]!.spends;
  const spend = (to: string) => async (tx: StoreQueries) => {
    await sql`UPDATE balance SET yuan = ${to}, spends = spends + 1 WHERE user_id = 'u'`.execute(tx);
    return { balance: to };
  };
  return { balance, spends, spend };
}

describe.each(storeEngines())('once (Idempotency-Key) on $engine', ({ engine, open, openNodes }) => {
  it('runs the work once and answers a repeat with the first answer', async () => {
    const store = await open();
    const { balance, spend } = await setup(store);
    let now = 0;
    const first = await once(store, () => now, 'k'.repeat(32), 'pay', 'u', PARAMS, spend('9.00'));
    now += 1000;
    const again = await once(store, () => now, 'k'.repeat(32), 'pay', 'u', PARAMS, spend('8.00'));
    expect(first).toEqual({ code: 200, msg: 'ok', data: { balance: '9.00' } });
    expect(again).toEqual(first);
    expect(await balance()).toBe('9.00');
  });

  it('keeps keys apart by scope and user', async () => {
    const store = await open();
    const { spend } = await setup(store);
    const a = await once(store, () => 0, 'k'.repeat(32), 'pay', 'u', PARAMS, spend('9.00'));
    const b = await once(store, () => 0, 'k'.repeat(32), 'draw', 'u', PARAMS, spend('8.00'));
    const c = await once(store, () => 0, 'k'.repeat(32), 'pay', 'v', PARAMS, spend('7.00'));
    expect([a.data, b.data, c.data]).toEqual([{ balance: '9.00' }, { balance: '8.00' }, { balance: '7.00' }]);
  });

  it('stores a refusal, and rolls back what the refused work wrote', async () => {
    const store = await open();
    const { balance } = await setup(store);
    const refuse = async (tx: StoreQueries) => {
      await sql`UPDATE balance SET yuan = '0.00' WHERE user_id = 'u'`.execute(tx);
      throw new BizError(4202);
    };
    const first = await once(store, () => 0, 'r'.repeat(32), 'withdraw', 'u', PARAMS, refuse);
    expect(first.code).toBe(4202);
    expect(await balance()).toBe('10.00');
    const again = await once(store, () => 0, 'r'.repeat(32), 'withdraw', 'u', PARAMS, () => ({ ok: true }));
    expect(again.code).toBe(4202);
  });

  it('keeps nothing of a call whose work failed for another reason: the key is free again', async () => {
    const store = await open();
    const { balance, spend } = await setup(store);
    const broken = async (tx: StoreQueries) => {
      await sql`UPDATE balance SET yuan = '1.00' WHERE user_id = 'u'`.execute(tx);
      throw new Error('the disk is full');
    };
    await expect(once(store, () => 0, 'e'.repeat(32), 'pay', 'u', PARAMS, broken)).rejects.toThrow('the disk is full');
    expect(await balance()).toBe('10.00');
    expect((await once(store, () => 0, 'e'.repeat(32), 'pay', 'u', PARAMS, spend('9.00'))).data).toEqual({ balance: '9.00' });
  });

  it('forgets keys after the retention period', async () => {
    const store = await open();
    const { spend } = await setup(store);
    await once(store, () => 0, 'k'.repeat(32), 'pay', 'u', PARAMS, spend('9.00'));
    // another key written much later purges the old one
    await once(store, () => IDEMPOTENCY_TTL_MS + 1, 'z'.repeat(32), 'pay', 'u', PARAMS, spend('9.00'));
    const again = await once(store, () => IDEMPOTENCY_TTL_MS + 2, 'k'.repeat(32), 'pay', 'u', PARAMS, spend('7.00'));
    expect(again.data).toEqual({ balance: '7.00' });
  });

  it('refuses the same key with other parameters (4501), and keeps the first payment', async () => {
    const store = await open();
    const { balance, spend } = await setup(store);
    await once(store, () => 0, 'p'.repeat(32), 'pay', 'u', PARAMS, spend('9.00'));
    const refused = await once(store, () => 1, 'p'.repeat(32), 'pay', 'u', { ...PARAMS, count: 2, amount: '0.20' }, spend('8.00')).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BizError);
    expect((refused as BizError).code).toBe(4501);
    expect(String((refused as BizError).message)).toContain('Idempotency-Key');
    expect(await balance()).toBe('9.00');
    // The same parameters in another order are the same request.
    const again = await once(store, () => 2, 'p'.repeat(32), 'pay', 'u', { amount: '0.10', count: 1, gift: 'rose', liveId: '10001' }, spend('7.00'));
    expect(again.data).toEqual({ balance: '9.00' });
  });

  it('charges once when the same key arrives on several nodes at the same moment', async () => {
    const nodes = await openNodes(3);
    const { spends, spend } = await setup(nodes[0]!);
    const slowSpend = (to: string) => async (tx: StoreQueries) => {
      const done = await spend(to)(tx);
      // Holds the transaction open a moment, so the others arrive while it runs.
      if (engine === 'postgres') await sql`SELECT pg_sleep(0.1)`.execute(tx);
      return done;
    };
    const answers = await Promise.all(nodes.map((node, i) => once(node, () => 0, 'n'.repeat(32), 'pay', 'u', PARAMS, slowSpend(`${9 - i}.00`))));
    expect(await spends()).toBe(1);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
  });
});

describe('requestHash', () => {
  it('hashes parameters by value, not by key order; undefined fields are absent ones', () => {
    expect(requestHash({ a: 1, b: { c: [1, '2'] } })).toBe(requestHash({ b: { c: [1, '2'] }, a: 1 }));
    expect(requestHash({ a: 1, z: undefined })).toBe(requestHash({ a: 1 }));
    expect(requestHash({ a: 1 })).not.toBe(requestHash({ a: '1' }));
  });
});
