import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { purchaseMax, purchaseOrder, purchaseIntentId, stockLine, PURCHASE_COUNT_MAX, type GoodsItem } from './goods';

const item = (over: Partial<GoodsItem> = {}): GoodsItem => ({ id: 'g1', name: 'Mug', description: '', imageUrl: null, price: '39.90', stock: 120, ...over });

describe('goods purchase', () => {
  it('price x count in decimal yuan, within the stock and the limit', () => {
    expect(purchaseOrder(item(), 3)).toEqual({ ok: true, value: { goodsId: 'g1', count: 3, amount: '119.70' } });
    expect(purchaseOrder(item({ stock: 2 }), 3)).toEqual({ ok: false, error: { key: 'commerce.purchase.onlyLeft', params: { left: 2 } } });
    expect(purchaseOrder(item({ stock: 0 }), 1)).toEqual({ ok: false, error: { key: 'commerce.purchase.soldOut' } });
    expect(purchaseOrder(item(), PURCHASE_COUNT_MAX + 1).ok).toBe(false);
    expect(purchaseOrder(item(), 0).ok).toBe(false);
    expect(purchaseOrder(item(), 1.5).ok).toBe(false);
  });

  it('the amount is exact for any price and count (integer fen as the reference)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9_999_999 }), fc.integer({ min: 1, max: PURCHASE_COUNT_MAX }), (fen, count) => {
        const price = `${Math.trunc(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
        const total = BigInt(fen) * BigInt(count);
        const order = purchaseOrder(item({ price, stock: 1000 }), count);
        expect(order.ok && order.value.amount).toBe(`${total / 100n}.${(total % 100n).toString().padStart(2, '0')}`);
      }),
    );
  });

  it('what the stock line says, and the most one purchase takes', () => {
    expect(stockLine(0)).toEqual({ kind: 'soldOut' });
    expect(stockLine(3)).toEqual({ kind: 'low', left: 3 });
    expect(stockLine(11)).toEqual({ kind: 'plenty' });
    expect(purchaseMax(item({ stock: 5 }))).toBe(5);
    expect(purchaseMax(item({ stock: 500 }))).toBe(PURCHASE_COUNT_MAX);
  });

  it('a purchase intent is its room, goods, count and amount', () => {
    const order = { goodsId: 'g1', count: 2, amount: '79.80' };
    expect(purchaseIntentId('r', order)).toBe('r|goods|g1|2|79.80');
  });
});
