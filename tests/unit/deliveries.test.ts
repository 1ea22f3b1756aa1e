/** The chaos suite's judge of what a tab received against what the room sent (chaos/lib/deliveries.ts). */
import { describe, expect, it } from 'vitest';
import { judgeDeliveries } from '../../chaos/lib/deliveries';
import type { DeliveryRecord } from '../../src/diagnostics/deliveryLog';

const rec = (append: number[], notShown: [number, number][] = [], replace: number[] | null = null): DeliveryRecord => ({ roomId: 'r', append, replace, notShown, sync: null });
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_v, i) => from + i);

describe('judgeDeliveries', () => {
  it('counts every message received in order as received, nothing else', () => {
    expect(judgeDeliveries([rec([1, 2]), rec([3, 4, 5])], range(1, 5))).toEqual({ sent: 5, received: 5, marked: 0, lost: 0, duplicated: 0, outOfOrder: 0, lostExamples: [] });
  });

  it('finds a silent hole, a duplicate and a message out of order', () => {
    const figures = judgeDeliveries([rec([1, 2]), rec([2, 5]), rec([4])], range(1, 5));
    expect(figures).toMatchObject({ received: 4, lost: 1, duplicated: 1, outOfOrder: 1, lostExamples: [3] });
  });

  it('takes a "not shown" mark before the next received entry as covering the messages it counts', () => {
    expect(judgeDeliveries([rec([1]), rec([9], [[9, 7]])], range(1, 9))).toMatchObject({ received: 2, marked: 7, lost: 0 });
    // A mark for fewer than are missing leaves the rest lost.
    expect(judgeDeliveries([rec([1]), rec([9], [[9, 5]])], range(1, 9))).toMatchObject({ marked: 5, lost: 2, lostExamples: [2, 3] });
    // A mark elsewhere covers nothing here.
    expect(judgeDeliveries([rec([1], [[1, 3]]), rec([9])], range(1, 9))).toMatchObject({ marked: 0, lost: 7 });
  });

  it('counts a replaced list as received, and not as duplicates or disorder', () => {
    expect(judgeDeliveries([rec([1, 2, 3]), rec([], [], [2, 3, 4, 5]), rec([6])], range(1, 6))).toMatchObject({ received: 6, duplicated: 0, outOfOrder: 0, lost: 0 });
  });

  it('counts messages after the last received one as lost (the tab never caught up)', () => {
    expect(judgeDeliveries([rec([1, 2])], range(1, 4))).toMatchObject({ lost: 2, lostExamples: [3, 4] });
  });
});
