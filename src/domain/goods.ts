/**
 * Goods as the viewer buys them (issue 14 item 4): a count within the stock and the
 * per-purchase limit, the amount as price x count in decimal yuan, and what the stock line
 * says. The server checks the same again (4501 "count: only N left").
 */
import { multiplyYuan } from './money';
import { fail, ok, problem, type Result } from './result';

/** The most items of one goods in one purchase (the reference server's limit too). */
export const PURCHASE_COUNT_MAX = 99;
/** From this stock down, the list says "only N left". */
export const LOW_STOCK = 10;

export interface GoodsItem {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  /** http(s) only, else null. */
  readonly imageUrl: string | null;
  /** Yuan, two decimals. */
  readonly price: string;
  readonly stock: number;
}

export interface PurchaseOrder {
  readonly goodsId: string;
  readonly count: number;
  /** Yuan, two decimals: price x count. */
  readonly amount: string;
}

export type StockLine = { readonly kind: 'soldOut' } | { readonly kind: 'low'; readonly left: number } | { readonly kind: 'plenty' };

export function stockLine(stock: number): StockLine {
  if (stock <= 0) return { kind: 'soldOut' };
  return stock <= LOW_STOCK ? { kind: 'low', left: stock } : { kind: 'plenty' };
}

/** The most the viewer may buy at once now. */
export const purchaseMax = (item: GoodsItem): number => Math.max(0, Math.min(PURCHASE_COUNT_MAX, item.stock));

/** The order for `count` of an item, or why it cannot be bought (sold out, only N left, the per-purchase limit). */
export function purchaseOrder(item: GoodsItem, count: number): Result<PurchaseOrder> {
  if (!Number.isSafeInteger(count) || count < 1) return fail(problem('commerce.purchase.count', { max: PURCHASE_COUNT_MAX }));
  if (item.stock <= 0) return fail(problem('commerce.purchase.soldOut'));
  if (count > item.stock) return fail(problem('commerce.purchase.onlyLeft', { left: item.stock }));
  if (count > PURCHASE_COUNT_MAX) return fail(problem('commerce.purchase.count', { max: PURCHASE_COUNT_MAX }));
  return ok({ goodsId: item.id, count, amount: multiplyYuan(item.price, count) });
}

/** The identity of a purchase intent: the same goods, count and amount pressed again share a key. */
export const purchaseIntentId = (roomId: string, order: PurchaseOrder): string => `${roomId}|goods|${order.goodsId}|${order.count}|${order.amount}`;
