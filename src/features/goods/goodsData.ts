/**
 * The goods and recommendation answers, narrowed from `unknown` (a malformed item is left
 * out, never a crash; pictures and links only when http(s)).
 */
import type { GoodsItem } from '../../domain/goods';
import { parseAmount } from '../../domain/money';
import { safeUrl } from '../../domain/safeUrl';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const idOf = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 && value.length <= 128 ? value : typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : null);
const textOf = (value: unknown, max: number): string => (typeof value === 'string' ? value.slice(0, max) : '');

export function readGoods(value: unknown): GoodsItem | null {
  if (!isRecord(value)) return null;
  const id = idOf(value.id);
  const price = typeof value.price === 'string' && parseAmount(value.price).ok ? value.price : null;
  const stock = typeof value.stock === 'number' && Number.isSafeInteger(value.stock) && value.stock >= 0 ? value.stock : null;
  if (id === null || price === null || stock === null) return null;
  return { id, name: textOf(value.name, 100) || id, description: textOf(value.description, 2000), imageUrl: safeUrl(value.imageUrl), price, stock };
}

/** The goods the host presents now (goods/pushgoodsid): null when none, or gone from the room. */
export function readPresentedGoods(value: unknown): GoodsItem | null {
  return isRecord(value) ? readGoods(value.goods) : null;
}

export interface Page<T> {
  readonly total: number;
  readonly list: readonly T[];
}

export function readGoodsPage(value: unknown): Page<GoodsItem> {
  if (!isRecord(value)) return { total: 0, list: [] };
  const list = (Array.isArray(value.list) ? value.list : []).slice(0, 100).flatMap((item) => readGoods(item) ?? []);
  const total = typeof value.total === 'number' && Number.isSafeInteger(value.total) && value.total >= 0 ? value.total : list.length;
  return { total, list };
}

export interface Recommendation {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly imageUrl: string | null;
  readonly linkUrl: string | null;
}

export function readRecommendation(value: unknown): Recommendation | null {
  if (!isRecord(value)) return null;
  const id = idOf(value.id);
  if (id === null) return null;
  return { id, title: textOf(value.title, 100) || id, description: textOf(value.description, 2000), imageUrl: safeUrl(value.imageUrl), linkUrl: safeUrl(value.linkUrl) };
}

export function readRecommendPage(value: unknown): Page<Recommendation> {
  if (!isRecord(value)) return { total: 0, list: [] };
  const list = (Array.isArray(value.list) ? value.list : []).slice(0, 100).flatMap((item) => readRecommendation(item) ?? []);
  const total = typeof value.total === 'number' && Number.isSafeInteger(value.total) && value.total >= 0 ? value.total : list.length;
  return { total, list };
}
