/** Goods and recommendations of a room in the store (tables goods, recommendations). */
import { sql } from 'kysely';
import { changedRows, type StoreQueries } from '../../store/sqlStore.js';

export interface Goods {
  readonly id: string;
  readonly webcastId: string;
  readonly name: string;
  readonly description: string;
  readonly imageUrl: string | null;
  readonly price: string;
  readonly stock: number;
}

const GOODS_COLUMNS = sql.raw('id, webcast_id AS "webcastId", name, description, image_url AS "imageUrl", price, stock');

export async function goodsOf(q: StoreQueries, webcastId: string): Promise<Goods[]> {
  return (await sql<Goods>`SELECT ${GOODS_COLUMNS} FROM goods WHERE webcast_id = ${webcastId} ORDER BY sort, id`.execute(q)).rows;
}

export async function findGoods(q: StoreQueries, id: string): Promise<Goods | undefined> {
  return (await sql<Goods>`SELECT ${GOODS_COLUMNS} FROM goods WHERE id = ${id}`.execute(q)).rows[0];
}

/** Sets the stock (the host restocks, or sold elsewhere); false when there is no such goods. */
export async function setStock(q: StoreQueries, id: string, stock: number): Promise<boolean> {
  return changedRows(await sql`UPDATE goods SET stock = ${stock} WHERE id = ${id}`.execute(q)) === 1;
}

/** Takes `count` from the stock; false (nothing changed) when fewer are left. */
export async function takeStock(tx: StoreQueries, id: string, count: number): Promise<boolean> {
  return changedRows(await sql`UPDATE goods SET stock = stock - ${count} WHERE id = ${id} AND stock >= ${count}`.execute(tx)) === 1;
}

export interface Recommendation {
  readonly id: string;
  readonly webcastId: string;
  readonly title: string;
  readonly description: string;
  readonly imageUrl: string | null;
  readonly linkUrl: string | null;
}

const RECOMMEND_COLUMNS = sql.raw('id, webcast_id AS "webcastId", title, description, image_url AS "imageUrl", link_url AS "linkUrl"');

export async function recommendationsOf(q: StoreQueries, webcastId: string): Promise<Recommendation[]> {
  return (await sql<Recommendation>`SELECT ${RECOMMEND_COLUMNS} FROM recommendations WHERE webcast_id = ${webcastId} ORDER BY sort, id`.execute(q)).rows;
}

export async function findRecommendation(q: StoreQueries, id: string): Promise<Recommendation | undefined> {
  return (await sql<Recommendation>`SELECT ${RECOMMEND_COLUMNS} FROM recommendations WHERE id = ${id}`.execute(q)).rows[0];
}

/** Case-insensitive "contains" over the given texts; an empty keyword matches everything. */
export function matches(keyword: string, ...texts: readonly string[]): boolean {
  const needle = keyword.toLowerCase();
  return needle === '' || texts.some((t) => t.toLowerCase().includes(needle));
}
