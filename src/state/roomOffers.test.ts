import { afterEach, describe, expect, it } from 'vitest';
import { applyMarketConfig, roomOffers } from './roomOffers';

afterEach(() => {
  roomOffers.withheld = {};
});

describe("the room's commerce offers from its market config", () => {
  it('withholds what the room does not offer, and gives back what it offers again', () => {
    applyMarketConfig('r1', { goods: false, recommend: false, rewards: true, posters: false, privateMerchant: false });
    // Goods stay the products tab's to decide (its 4406 says why to a viewer who followed a link).
    expect(roomOffers.withheld.r1).toEqual({ recommend: true, posters: true });
    applyMarketConfig('r1', { recommend: true });
    expect(roomOffers.withheld.r1).toEqual({ posters: true });
  });

  it('an answer without a yes or no for an offer changes nothing', () => {
    applyMarketConfig('r2', { goods: 'no', recommend: null });
    applyMarketConfig('r2', 'junk');
    expect(roomOffers.withheld.r2).toBeUndefined();
  });
});
