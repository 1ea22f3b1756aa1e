import { describe, expect, it } from 'vitest';
import { roomOffers, setOfferWithheld } from './roomOffers';

describe('room offers', () => {
  it('records what the platform withholds per room, and takes it back', () => {
    setOfferWithheld('r1', 'goods', true);
    expect(roomOffers.withheld.r1).toEqual({ goods: true });
    expect(roomOffers.withheld.r2).toBeUndefined();
    const before = roomOffers.withheld.r1;
    setOfferWithheld('r1', 'goods', true);
    expect(roomOffers.withheld.r1).toBe(before);
    setOfferWithheld('r1', 'goods', false);
    expect(roomOffers.withheld.r1).toEqual({});
  });
});
