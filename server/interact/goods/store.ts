/** Goods and recommendations of a room in the store (tables goods, recommendations). */
import type { ServerContext } from '../../context.js';

export interface Goods {
  readonly id: string;
  readonly webcastId: string;
  readonly name: string;
  readonly description: string;
  readonly imageUrl: string | null;
  readonly price: string;
  readonly stock: number;
}

const GOODS_COLUMNS = 'id, webcast_id AS webcastId, name, description, image_url AS imageUrl, price, stock';

export function goodsOf(ctx: ServerContext, webcastId: string): Goods[] {
  return ctx.db.prepare(`SELECT ${GOODS_COLUMNS} FROM goods WHERE webcast_id = ? ORDER BY sort, id`).all(webcastId) as Goods[];
}

export function findGoods(ctx: ServerContext, id: string): Goods | undefined {
  return ctx.db.prepare(`SELECT ${GOODS_COLUMNS} FROM goods WHERE id = ?`).get(id) as Goods | undefined;
}

/** Sets the stock (the host restocks, or sold elsewhere); false when there is no such goods. */
export function setStock(ctx: ServerContext, id: string, stock: number): boolean {
  return ctx.db.prepare('UPDATE goods SET stock = ? WHERE id = ?').run(stock, id).changes === 1;
}

/** Takes `count` from the stock; false (nothing changed) when fewer are left. */
export function takeStock(ctx: ServerContext, id: string, count: number): boolean {
  return ctx.db.prepare('UPDATE goods SET stock = stock - ? WHERE id = ? AND stock >= ?').run(count, id, count).changes === 1;
}

export interface Recommendation {
  readonly id: string;
  readonly webcastId: string;
  readonly title: string;
  readonly description: string;
  readonly imageUrl: string | null;
  readonly linkUrl: string | null;
}

const RECOMMEND_COLUMNS = 'id, webcast_id AS webcastId, title, description, image_url AS imageUrl, link_url AS linkUrl';

export function recommendationsOf(ctx: ServerContext, webcastId: string): Recommendation[] {
  return ctx.db.prepare(`SELECT ${RECOMMEND_COLUMNS} FROM recommendations WHERE webcast_id = ? ORDER BY sort, id`).all(webcastId) as Recommendation[];
}

export function findRecommendation(ctx: ServerContext, id: string): Recommendation | undefined {
  return ctx.db.prepare(`SELECT ${RECOMMEND_COLUMNS} FROM recommendations WHERE id = ?`).get(id) as Recommendation | undefined;
}

/** Case-insensitive "contains" over the given texts; an empty keyword matches everything. */
export function matches(keyword: string, ...texts: readonly string[]): boolean {
  const needle = keyword.toLowerCase();
  return needle === '' || texts.some((t) => t.toLowerCase().includes(needle));
}
