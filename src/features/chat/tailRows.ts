/**
 * The following tail's rules (ChatTail.tsx): how many of the newest rows it renders, and
 * when a scroll of it is the viewer leaving the bottom. Pure, for node tests.
 */

/** Rows before the list was laid out once (the list is at most 420px high: chat.css). */
export const INITIAL_TAIL_ROWS = 12;
/** Rows beyond those the average row height says fill the list: rows differ in height. */
const SPARE_ROWS = 2;
/** Never fewer (a run of tall picture rows would otherwise leave too few for the next short ones). */
const MIN_ROWS = 6;

/**
 * How many of the newest rows fill the list: its height over the average height of the
 * rows rendered, plus spares. A flood replaces every row at each update, so each row that
 * would not be seen is a mount saved.
 */
export function fillingRows(listHeight: number, rowsHeight: number, rowsRendered: number): number {
  if (!(listHeight > 0) || !(rowsHeight > 0) || rowsRendered <= 0) return INITIAL_TAIL_ROWS;
  return Math.max(MIN_ROWS, Math.ceil(listHeight / (rowsHeight / rowsRendered)) + SPARE_ROWS);
}

/**
 * scrollTop of a column-reverse scroller is 0 at the bottom and negative above it; the
 * viewer has left the bottom once it is further up than `threshold` pixels.
 */
export const leftBottom = (scrollTop: number, threshold: number): boolean => -scrollTop > threshold;
