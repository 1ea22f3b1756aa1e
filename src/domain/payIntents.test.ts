import { describe, expect, it } from 'vitest';
import { claimIntent, INTENT_HOLD_MS, INTENT_PENDING_MAX_MS, parseIntentBook, settleIntent } from './payIntents';

const keys = () => {
  let n = 0;
  return () => `key${String(++n).padStart(29, '0')}`;
};

describe('shared pay intents', () => {
  it('the same intent gets the same key while on its way and within the hold after its outcome; later a new one', () => {
    const next = keys();
    const first = claimIntent({}, 'r|rose|1|0.10', 0, next);
    expect(first.reused).toBe(false);
    // 10 rapid presses, or another tab reading the same book, while it is on its way.
    const again = claimIntent(first.book, 'r|rose|1|0.10', 500, next);
    expect(again).toMatchObject({ key: first.key, reused: true });
    const settled = settleIntent(again.book, 'r|rose|1|0.10', first.key, 1000);
    expect(claimIntent(settled, 'r|rose|1|0.10', 1000 + INTENT_HOLD_MS - 1, next).key).toBe(first.key);
    const later = claimIntent(settled, 'r|rose|1|0.10', 1000 + INTENT_HOLD_MS, next);
    expect(later.reused).toBe(false);
    expect(later.key).not.toBe(first.key);
  });

  it('another intent, or the same in another room, has its own key', () => {
    const next = keys();
    const a = claimIntent({}, 'r|rose|1|0.10', 0, next);
    const b = claimIntent(a.book, 'r|rose|10|1.00', 0, next);
    const c = claimIntent(b.book, 's|rose|1|0.10', 0, next);
    expect(new Set([a.key, b.key, c.key]).size).toBe(3);
  });

  it('an intent never settled is forgotten after its longest wait; a clock going back forgets too', () => {
    const next = keys();
    const a = claimIntent({}, 'i', 1000, next);
    expect(claimIntent(a.book, 'i', 1000 + INTENT_PENDING_MAX_MS - 1, next).reused).toBe(true);
    expect(claimIntent(a.book, 'i', 1000 + INTENT_PENDING_MAX_MS, next).reused).toBe(false);
    expect(claimIntent(a.book, 'i', 999, next).reused).toBe(false);
  });

  it('settling with another key changes nothing', () => {
    const a = claimIntent({}, 'i', 0, keys());
    expect(settleIntent(a.book, 'i', 'other-key-00000000000000', 10)).toEqual(a.book);
  });

  it('reads whatever storage holds without trusting it', () => {
    expect(parseIntentBook(null)).toEqual({});
    expect(parseIntentBook('{not json')).toEqual({});
    expect(parseIntentBook('[1,2]')).toEqual({});
    const good = { key: 'k'.repeat(32), openedAt: 5, settledAt: null };
    expect(parseIntentBook(JSON.stringify({ a: good, b: { key: 'short', openedAt: 1, settledAt: null }, c: { key: 'k'.repeat(32), openedAt: 'x' } }))).toEqual({ a: good });
  });
});
