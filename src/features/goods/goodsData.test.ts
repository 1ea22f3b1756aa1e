import { describe, expect, it } from 'vitest';
import { readPresentedGoods } from './goodsData';

describe('the goods being presented (goods/pushgoodsid)', () => {
  it('the goods when the answer has them, else none', () => {
    const goods = { id: 'g1', name: 'Mug', description: '', imageUrl: 'https://img.test/m.png', price: '39.90', stock: 3 };
    expect(readPresentedGoods({ goodsId: 'g1', goods })).toEqual({ ...goods });
    expect(readPresentedGoods({ goodsId: null, goods: null })).toBeNull();
    expect(readPresentedGoods({ goodsId: 'g1', goods: { id: 'g1', price: 'free', stock: 1 } })).toBeNull();
    expect(readPresentedGoods('junk')).toBeNull();
  });
});
