import { describe, expect, it } from 'vitest';
import { addGifts, BANNER_MS, BANNERS_MAX, giftsAfter, liveBanners, nextDeparture } from './giftBanners';

const gift = (seq: number, uid: string, kind: 'rose' | 'rocket' | 'reward', count = 1, amount = '0.10', history = false) => ({ uid, name: uid.toUpperCase(), gift: kind, count, amount, seq, history });

describe('gift banners', () => {
  it('joins the gifts of one sender and kind into one banner whose count and amount add up', () => {
    const banners = addGifts([], [gift(1, 'a', 'rose', 1, '0.10'), gift(2, 'a', 'rose', 10, '1.00'), gift(3, 'b', 'rose')], 0);
    expect(banners.map((b) => [b.id, b.count, b.amount, b.hits])).toEqual([
      ['a|rose', 11, '1.10', 2],
      ['b|rose', 1, '0.10', 1],
    ]);
    // A later gift of the same sender and kind restarts its time and moves it to the newest place.
    const later = addGifts(banners, [gift(4, 'a', 'rose')], 1000);
    expect(later.map((b) => b.id)).toEqual(['b|rose', 'a|rose']);
    expect(later.find((b) => b.id === 'a|rose')).toMatchObject({ count: 12, until: 1000 + BANNER_MS });
  });

  it('shows at most a few: the oldest gives way', () => {
    const many = Array.from({ length: 20 }, (_, i) => gift(i + 1, `u${i}`, 'rocket'));
    const banners = addGifts([], many, 0);
    expect(banners).toHaveLength(BANNERS_MAX);
    expect(banners.map((b) => b.uid)).toEqual(['u17', 'u18', 'u19']);
  });

  it('each leaves after its time; an expired banner is not joined', () => {
    const banners = addGifts([], [gift(1, 'a', 'rose')], 0);
    expect(nextDeparture(banners)).toBe(BANNER_MS);
    expect(liveBanners(banners, BANNER_MS)).toEqual([]);
    expect(addGifts(banners, [gift(2, 'a', 'rose')], BANNER_MS)[0]).toMatchObject({ count: 1, hits: 1 });
    expect(nextDeparture([])).toBeNull();
  });

  it('takes only the gifts after the last one seen', () => {
    expect(giftsAfter([gift(3, 'a', 'rose'), gift(4, 'b', 'reward')], 3).map((g) => g.seq)).toEqual([4]);
    // Replayed from before the viewer joined: the room's past, not an event.
    expect(giftsAfter([gift(5, 'a', 'rose', 1, '0.10', true), gift(6, 'b', 'rose')], 0).map((g) => g.seq)).toEqual([6]);
  });
});
