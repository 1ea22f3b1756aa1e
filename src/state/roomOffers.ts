/**
 * What the platform withholds in a room (issue 14 item 4: "products disabled by the
 * platform hides the tab"): the feature that finds out (the goods tab reading 4406) says
 * so here, and the live screen hides the room tabs that need it. Per page, not kept.
 */
import { proxy } from 'valtio';

/** The parts of a room the platform may switch off. */
export type RoomOffer = 'goods' | 'recommend' | 'posters';

export const roomOffers = proxy<{ withheld: Record<string, Partial<Record<RoomOffer, true>>> }>({ withheld: {} });

export function setOfferWithheld(roomId: string, offer: RoomOffer, withheld: boolean): void {
  const room = roomOffers.withheld[roomId] ?? {};
  if ((room[offer] === true) === withheld) return;
  const next = { ...room };
  if (withheld) next[offer] = true;
  else delete next[offer];
  roomOffers.withheld[roomId] = next;
}

/**
 * The room's commerce offers as SPEC 7.1 market config says them (recommendations,
 * invitation posters), read once when the video page opens: what the room does not offer has
 * no tab or button to find empty. Goods are the products tab's own to decide (its list's 4406
 * also says why to a viewer who followed a link to the tab).
 */
export function applyMarketConfig(roomId: string, data: unknown): void {
  const config = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  for (const offer of ['recommend', 'posters'] as const) if (typeof config[offer] === 'boolean') setOfferWithheld(roomId, offer, config[offer] === false);
}
