/**
 * Where the watermark stands over the player, and where it goes next. Positions are
 * percentages of the player's box for the mark's anchor (the overlay translates the mark
 * by the same percentage, so 0 % is flush left or top and 100 % flush right or bottom,
 * never outside). Pure: the randomness is passed in.
 */

export interface MarkPosition {
  /** 0 to 100. */
  readonly x: number;
  readonly y: number;
}

/** How long the mark stays before it moves (ms). */
export const MOVE_INTERVAL_MS = 4000;
/** A move shorter than this (in percentage points, either axis) would look like a jitter. */
export const MIN_STEP = 25;
const MARGIN = 5;

/** A number in [0, 1) from the source, defended against sources that return 1 or junk. */
const unit = (random: () => number): number => {
  const r = random();
  return Number.isFinite(r) ? Math.min(Math.max(r, 0), 0.999_999) : 0;
};

const spread = (r: number): number => MARGIN + r * (100 - 2 * MARGIN);

export function randomPosition(random: () => number): MarkPosition {
  return { x: spread(unit(random)), y: spread(unit(random)) };
}

/**
 * The next position: random, but at least MIN_STEP away from `from` on one axis, so that
 * every move is visible (a recorder cannot wait for the mark to leave a spot that it never
 * really leaves). After a few unlucky draws it takes the mirror image of `from`.
 */
export function nextPosition(from: MarkPosition, random: () => number): MarkPosition {
  for (let attempt = 0; attempt < 4; attempt++) {
    const to = randomPosition(random);
    if (Math.abs(to.x - from.x) >= MIN_STEP || Math.abs(to.y - from.y) >= MIN_STEP) return to;
  }
  const mirror = (v: number) => {
    const m = 100 - v;
    return Math.abs(m - v) >= MIN_STEP ? m : v < 50 ? v + MIN_STEP + MARGIN : v - MIN_STEP - MARGIN;
  };
  return { x: mirror(from.x), y: from.y };
}
