import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../store/db.js';
import { makeTempDir } from '../testing/harness.js';
import { BizError } from './envelope.js';
import { IDEMPOTENCY_TTL_MS, once, requestHash } from './idempotency.js';

const PARAMS = { liveId: '10001', gift: 'rose', count: 1, amount: '0.10' };

let db: Db;
afterEach(() => db.close());

function setup() {
  db = openDatabase(makeTempDir());
  db.exec('CREATE TABLE balance (user_id TEXT PRIMARY KEY, yuan TEXT NOT NULL)');
  db.prepare("INSERT INTO balance VALUES ('u', '10.00')").run();
  const balance = () => (db.prepare("SELECT yuan FROM balance WHERE user_id = 'u'").get() as { yuan: string }).yuan;
  const spend = (to: string) => () => {
    db.prepare("UPDATE balance SET yuan = ? WHERE user_id = 'u'").run(to);
    return { balance: to };
  };
  return { balance, spend };
}

describe('once (Idempotency-Key)', () => {
  it('runs the work once and answers a repeat with the first answer', () => {
    const { balance, spend } = setup();
    let now = 0;
    const first = once(db, () => now, 'k'.repeat(32), 'pay', 'u', PARAMS, spend('9.00'));
    now += 1000;
    const again = once(db, () => now, 'k'.repeat(32), 'pay', 'u', PARAMS, spend('8.00'));
    expect(first).toEqual({ code: 200, msg: 'ok', data: { balance: '9.00' } });
    expect(again).toEqual(first);
    expect(balance()).toBe('9.00');
  });

  it('keeps keys apart by scope and user', () => {
    const { spend } = setup();
    const a = once(db, () => 0, 'k'.repeat(32), 'pay', 'u', PARAMS, spend('9.00'));
    const b = once(db, () => 0, 'k'.repeat(32), 'draw', 'u', PARAMS, spend('8.00'));
    expect(a.data).not.toEqual(b.data);
  });

  it('stores a refusal, and rolls back what the refused work wrote', () => {
    const { balance } = setup();
    const refuse = () => {
      db.prepare("UPDATE balance SET yuan = '0.00' WHERE user_id = 'u'").run();
      throw new BizError(4202);
    };
    const first = once(db, () => 0, 'r'.repeat(32), 'withdraw', 'u', PARAMS, refuse);
    expect(first.code).toBe(4202);
    expect(balance()).toBe('10.00');
    const again = once(db, () => 0, 'r'.repeat(32), 'withdraw', 'u', PARAMS, () => ({ ok: true }));
    expect(again.code).toBe(4202);
  });

  it('forgets keys after the retention period', () => {
    const { spend } = setup();
    once(db, () => 0, 'k'.repeat(32), 'pay', 'u', PARAMS, spend('9.00'));
    // another key written much later purges the old one
    once(db, () => IDEMPOTENCY_TTL_MS + 1, 'z'.repeat(32), 'pay', 'u', PARAMS, spend('9.00'));
    const again = once(db, () => IDEMPOTENCY_TTL_MS + 2, 'k'.repeat(32), 'pay', 'u', PARAMS, spend('7.00'));
    expect(again.data).toEqual({ balance: '7.00' });
  });

  it('refuses the same key with other parameters (4501), and keeps the first payment', () => {
    const { balance, spend } = setup();
    once(db, () => 0, 'p'.repeat(32), 'pay', 'u', PARAMS, spend('9.00'));
    let refused: unknown;
    try {
      once(db, () => 1, 'p'.repeat(32), 'pay', 'u', { ...PARAMS, count: 2, amount: '0.20' }, spend('8.00'));
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(BizError);
    expect((refused as BizError).code).toBe(4501);
    expect(String((refused as BizError).message)).toContain('Idempotency-Key');
    expect(balance()).toBe('9.00');
    // The same parameters in another order are the same request.
    const again = once(db, () => 2, 'p'.repeat(32), 'pay', 'u', { amount: '0.10', count: 1, gift: 'rose', liveId: '10001' }, spend('7.00'));
    expect(again.data).toEqual({ balance: '9.00' });
  });

  it('hashes parameters by value, not by key order; undefined fields are absent ones', () => {
    expect(requestHash({ a: 1, b: { c: [1, '2'] } })).toBe(requestHash({ b: { c: [1, '2'] }, a: 1 }));
    expect(requestHash({ a: 1, z: undefined })).toBe(requestHash({ a: 1 }));
    expect(requestHash({ a: 1 })).not.toBe(requestHash({ a: '1' }));
  });
});
