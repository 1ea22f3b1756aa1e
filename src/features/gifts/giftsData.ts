/**
 * The gift list answer (GET reward/gift/list), narrowed from `unknown`: a gift the client
 * does not know, or a price that is not a yuan string, is left out, never a crash.
 */
import { GIFTS, type Gift } from '../../domain/constants';
import type { GiftOffer } from '../../domain/giftOrder';
import { parseAmount } from '../../domain/money';

export interface GiftList {
  /** False when the platform disabled rewards in this room (4405). */
  readonly enabled: boolean;
  readonly offers: readonly GiftOffer[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isGift = (value: unknown): value is Gift => typeof value === 'string' && (GIFTS as readonly string[]).includes(value);

export function readGiftList(data: unknown): GiftList {
  if (!isRecord(data)) return { enabled: false, offers: [] };
  const list = Array.isArray(data.list) ? data.list : [];
  const offers = list.flatMap((item): GiftOffer[] => {
    if (!isRecord(item) || !isGift(item.gift) || typeof item.price !== 'string') return [];
    const price = parseAmount(item.price);
    if (!price.ok || price.value.isZero()) return [];
    const title = typeof item.title === 'string' && item.title.length <= 40 ? item.title : item.gift;
    return [{ gift: item.gift, title, price: item.price }];
  });
  // One offer per gift, in SPEC's order.
  const byGift = new Map(offers.map((o) => [o.gift, o]));
  return { enabled: data.enabled !== false, offers: GIFTS.flatMap((g) => byGift.get(g) ?? []) };
}
