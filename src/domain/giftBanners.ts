/**
 * The gifts shown over the player (push 7111), kept readable and cheap in a busy room
 * (issue 14 item 2): gifts of one sender and kind that follow each other are one banner
 * whose count adds up ("Alice sent a rose x12"), at most BANNERS_MAX banners are on screen
 * (the oldest gives way), and each leaves BANNER_MS after its last gift.
 */
import type { PaidKind } from './constants';
import { addYuan } from './money';

export const BANNER_MS = 4000;
export const BANNERS_MAX = 3;

/** A gift or reward the room showed (push 7111, as the room state keeps it). */
export interface ShownGift {
  readonly uid: string;
  readonly name: string;
  readonly gift: PaidKind;
  readonly count: number;
  /** Yuan as sent (a decimal string), kept as text: money is never a float here. */
  readonly amount: string;
  /** 1, 2, 3... in the order the room showed them: a tab tells a new gift from one it has seen. */
  readonly seq: number;
  /** Sent before this session joined the room (the join's replay): the room's past, not an event to show. */
  readonly history: boolean;
}

export interface GiftBanner {
  /** Sender and kind: the banner a following gift of theirs joins. */
  readonly id: string;
  readonly uid: string;
  readonly name: string;
  readonly gift: PaidKind;
  readonly count: number;
  /** Yuan, two decimals: what the banner's gifts cost together. */
  readonly amount: string;
  /** How many gifts joined it: a change restarts its animation. */
  readonly hits: number;
  readonly until: number;
}

/** The gifts the room showed after `seenSeq`, oldest first, without the ones replayed from before the viewer joined. */
export const giftsAfter = (gifts: readonly ShownGift[], seenSeq: number): ShownGift[] => gifts.filter((g) => g.seq > seenSeq && !g.history);

/** The banners at `now` once `gifts` (newest last) arrived: joined per sender and kind, capped. */
export function addGifts(banners: readonly GiftBanner[], gifts: readonly ShownGift[], now: number): GiftBanner[] {
  let next = liveBanners(banners, now);
  for (const g of gifts) {
    const id = `${g.uid}|${g.gift}`;
    const same = next.find((b) => b.id === id);
    const banner: GiftBanner =
      same === undefined
        ? { id, uid: g.uid, name: g.name, gift: g.gift, count: g.count, amount: addYuan('0', g.amount), hits: 1, until: now + BANNER_MS }
        : { ...same, name: g.name, count: same.count + g.count, amount: addYuan(same.amount, g.amount), hits: same.hits + 1, until: now + BANNER_MS };
    next = [...next.filter((b) => b.id !== id), banner];
  }
  return next.length > BANNERS_MAX ? next.slice(next.length - BANNERS_MAX) : next;
}

/** The banners still shown at `now`. */
export const liveBanners = (banners: readonly GiftBanner[], now: number): GiftBanner[] => banners.filter((b) => b.until > now);

/** When the next banner leaves (null: none shown). */
export const nextDeparture = (banners: readonly GiftBanner[]): number | null => (banners.length === 0 ? null : Math.min(...banners.map((b) => b.until)));
