/**
 * Issue 34 item 4's rule for one chat update's cost, judged against the row floor of the
 * same run (bench/macro): the macro run itself is not part of `npm test`.
 */
import { describe, expect, it } from 'vitest';
import { TARGETS, updateCostBoundMs } from '../../bench/macro/index';

describe('updateCostBoundMs', () => {
  it("allows the row floor's p95 plus a millisecond at the quiet rate, and twice the floor at a busy one", () => {
    expect(updateCostBoundMs(TARGETS.updateCostRates[0], 3.44)).toBeCloseTo(4.44, 6);
    expect(updateCostBoundMs(TARGETS.updateCostRates[1], 3.79)).toBeCloseTo(7.58, 6);
  });

  it('judges nothing when the floor was not measured', () => {
    expect(updateCostBoundMs(10, Number.NaN)).toBeNaN();
  });
});
