/**
 * The keyboard in the chat's list (issue 37 item 3): the list is one tab stop (its
 * scroller); the arrow keys move the focus from row to row, and Tab from a row goes to its
 * actions (quote, @, withdraw), then on to the composer. Rows are not tab stops: a keyboard
 * user would otherwise tab through every row on screen to get past the chat.
 *
 * The reader (react-virtuoso) renders only the rows in view: a row past the edge of what is
 * rendered is scrolled to first, over a few frames.
 */

export const ROW_SELECTOR = 'article.chat-message[data-msg-id]';
const SCROLLER_SELECTOR = '.chat-list__scroller';
/** Pixels scrolled per frame to bring the next row in, and how many frames at most. */
const SCROLL_STEP_PX = 40;
const SCROLL_TRIES = 6;

const rowsIn = (list: HTMLElement): HTMLElement[] => [...list.querySelectorAll<HTMLElement>(ROW_SELECTOR)];
/** The rendered rows and where the one with this id is among them (-1: not rendered). */
const rowsAround = (list: HTMLElement, msgId: string | undefined): { rows: HTMLElement[]; at: number } => {
  const rows = rowsIn(list);
  return { rows, at: rows.findIndex((row) => row.dataset.msgId === msgId) };
};

/** The newest row on screen in the scroller: where the keyboard enters the rows. */
function newestInView(rows: readonly HTMLElement[], scroller: HTMLElement): HTMLElement | undefined {
  const box = scroller.getBoundingClientRect();
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i]!;
    const r = row.getBoundingClientRect();
    if (r.top < box.bottom && r.bottom > box.top) return row;
  }
  return rows.at(-1);
}

/** The ends of the list: no row before the first or after the last (the view's, not the DOM's). */
export interface ListEnds {
  readonly first: string | undefined;
  readonly last: string | undefined;
}

/**
 * Moves the focus one row up (-1) or down (1) from `from`, a row or the list's scroller
 * (which enters at the newest row on screen). Answers whether it handled the key: not at
 * the ends of the list, where the key keeps its own meaning.
 */
export function moveRowFocus(list: HTMLElement, from: HTMLElement, step: -1 | 1, ends: ListEnds): boolean {
  const scroller = list.querySelector<HTMLElement>(SCROLLER_SELECTOR);
  if (scroller === null) return false;
  const rows = rowsIn(list);
  if (!from.matches(ROW_SELECTOR)) {
    const entry = newestInView(rows, scroller);
    entry?.focus();
    return entry !== undefined;
  }
  const id = from.dataset.msgId;
  if (id === (step < 0 ? ends.first : ends.last)) return false;
  const next = rows[rows.indexOf(from) + step];
  if (next !== undefined) {
    next.focus();
    return true;
  }
  let tries = 0;
  const again = () => {
    const { rows: now, at } = rowsAround(list, id);
    const found = at >= 0 ? now[at + step] : undefined;
    if (found !== undefined) found.focus();
    else if (++tries < SCROLL_TRIES) {
      scroller.scrollBy(0, step * SCROLL_STEP_PX);
      requestAnimationFrame(again);
    }
  };
  scroller.scrollBy(0, step * SCROLL_STEP_PX);
  requestAnimationFrame(again);
  return true;
}

/** The row of `list` with this id, focused without scrolling, once it is rendered (a few frames at most). */
export function focusRowWhenShown(list: HTMLElement, msgId: string, otherwise: () => void): void {
  let frames = 0;
  const look = () => {
    const { rows, at } = rowsAround(list, msgId);
    const row = rows[at];
    if (row !== undefined) row.focus({ preventScroll: true });
    else if (++frames < 10) requestAnimationFrame(look);
    else otherwise();
  };
  requestAnimationFrame(look);
}

/** The scroller of `list`, focused once rendered (after the tail and the reader trade places). */
export function focusScrollerWhenShown(list: HTMLElement): void {
  requestAnimationFrame(() => list.querySelector<HTMLElement>(SCROLLER_SELECTOR)?.focus({ preventScroll: true }));
}
