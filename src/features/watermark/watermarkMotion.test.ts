import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MIN_STEP, nextPosition, randomPosition, type MarkPosition } from './watermarkMotion';

const sequence = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length]!;
};

const inside = (p: MarkPosition) => p.x >= 0 && p.x <= 100 && p.y >= 0 && p.y <= 100;
const moved = (a: MarkPosition, b: MarkPosition) => Math.abs(a.x - b.x) >= MIN_STEP || Math.abs(a.y - b.y) >= MIN_STEP;

describe('watermark motion', () => {
  it('places the mark inside the player, away from the very edge', () => {
    expect(randomPosition(sequence(0, 0))).toEqual({ x: 5, y: 5 });
    const far = randomPosition(sequence(1, 1));
    expect(far.x).toBeLessThan(95);
    expect(far.x).toBeGreaterThan(94.9);
    expect(randomPosition(sequence(Number.NaN, -3))).toEqual({ x: 5, y: 5 });
  });

  it('every move is a visible one', () => {
    const from = { x: 50, y: 50 };
    expect(nextPosition(from, sequence(0, 0))).toEqual({ x: 5, y: 5 });
    // A source stuck at the same spot: the mark still moves.
    const stuck = nextPosition(from, sequence(0.5, 0.5));
    expect(moved(from, stuck)).toBe(true);
    expect(inside(stuck)).toBe(true);
  });

  it('any source, any start: inside and moved', () => {
    fc.assert(
      fc.property(
        fc.record({ x: fc.double({ min: 5, max: 95, noNaN: true }), y: fc.double({ min: 5, max: 95, noNaN: true }) }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 12 }),
        (from, draws) => {
          const to = nextPosition(from, sequence(...draws));
          return inside(to) && moved(from, to);
        },
      ),
    );
  });
});
