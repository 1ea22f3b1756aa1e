/**
 * The following tail's rules (ChatTail.tsx): how many of the newest rows it renders, when
 * a scroll of it is the viewer leaving the bottom, and where the reader then opens. Pure,
 * for node tests.
 */

/** Where the viewer was when they left the bottom: the row at the bottom edge, by id. */
export interface TailPosition {
  /** The row at the bottom edge; null: the very first row of the list (Home). */
  readonly msgId: string | null;
  /** Pixels of that row below the edge. */
  readonly below: number;
  /** The tail had the keyboard focus: the reader takes it. */
  readonly focused: boolean;
}

/** react-virtuoso's initial location (FlatIndexLocationWithAlign), without importing the list. */
export interface ReaderStart {
  readonly index: number;
  readonly align: 'start' | 'end';
  readonly offset?: number;
}

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

/**
 * Where the reader opens: the row the viewer had at the bottom edge, as far below it as it
 * was (react-virtuoso's offset moves the view down the list, so a row partly below the
 * edge is a negative offset); the first row for Home; the newest row if the row is gone.
 */
export function readerStart(view: readonly { readonly msgId: string }[], start: TailPosition | null): ReaderStart {
  if (start !== null && start.msgId === null) return { index: 0, align: 'start' };
  const index = start === null ? -1 : view.findIndex((entry) => entry.msgId === start.msgId);
  if (index < 0 || start === null) return { index: Math.max(0, view.length - 1), align: 'end' };
  return { index, align: 'end', offset: -start.below };
}
