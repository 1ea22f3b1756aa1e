/**
 * The chat while the viewer follows it: the newest rows that fill the list, in a plain
 * scroller whose column runs from the bottom (flex-direction: column-reverse around one
 * wrapper, so the rows keep their reading order). The browser keeps such a scroller at the
 * newest row by itself: an update mounts its new rows and drops the oldest, with no scroll
 * call, no row measuring and no scroll event (issue 11 item 1: react-virtuoso's follow-the-
 * bottom cascade of scroll, measure and re-render cost a tab most of each update).
 *
 * Reading older messages is react-virtuoso's job (ChatList): the first scroll away from the
 * bottom, by any means (wheel, keys, scrollbar, touch), is the viewer's, since nothing
 * else scrolls this scroller; it hands over the row at the bottom edge and how much of it
 * was below the edge, so the reader opens where the viewer is.
 */
import { memo, useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { ChatEntry } from '../../realtime/chatEntry';
import { fillingRows, INITIAL_TAIL_ROWS, leftBottom, type TailPosition } from './tailRows';

/** How long after the viewer's input a scroll is still theirs (a busy page reports it late). */
const VIEWER_SCROLL_MS = 1500;

export interface ChatTailProps {
  readonly view: readonly ChatEntry[];
  readonly label: string;
  /** Pixels away from the bottom that are the viewer's leaving it (the reader's "at the bottom" threshold, so it opens away from the bottom). */
  readonly leaveAfterPx: number;
  /** The content of the item at `index` of the view (its marker, loaded rows and message). */
  renderItem(index: number, entry: ChatEntry): ReactNode;
  onLeaveBottom(position: TailPosition): void;
}

/** The row at the scroller's bottom edge and how much of it is below the edge (one layout read, once). */
function positionAtBottom(scroller: HTMLElement): TailPosition | null {
  const bottom = scroller.getBoundingClientRect().bottom;
  const items = scroller.firstElementChild?.children;
  if (items === undefined) return null;
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i] as HTMLElement;
    const box = item.getBoundingClientRect();
    if (box.top < bottom) return { msgId: item.dataset.itemId ?? '', below: Math.max(0, box.bottom - bottom), focused: document.activeElement === scroller };
  }
  return null;
}

function ChatTailView({ view, label, leaveAfterPx, renderItem, onLeaveBottom }: ChatTailProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const rowsBox = useRef<HTMLDivElement>(null);
  // The count changes by two rows or more, or when the rows fall short of the top: a flood's
  // rows differ in height at every update, and a new count is one more render.
  const [wanted, setWanted] = useState(INITIAL_TAIL_ROWS);
  const viewLength = useRef(0);
  useEffect(() => {
    viewLength.current = view.length;
  });
  useEffect(() => {
    const list = scroller.current;
    const box = rowsBox.current;
    if (list === null || box === null || typeof ResizeObserver === 'undefined') return undefined;
    const sizes = { list: 0, rows: 0 };
    const observer = new ResizeObserver((changes) => {
      for (const change of changes) {
        if (change.target === list) sizes.list = change.contentRect.height;
        else sizes.rows = change.contentRect.height;
      }
      const rendered = box.childElementCount;
      const next = fillingRows(sizes.list, sizes.rows, rendered);
      // Short of the top with older rows left out: show more now, not at the next message.
      const short = sizes.rows < sizes.list && viewLength.current > rendered;
      setWanted((now) => (short ? Math.max(next, rendered + 4) : Math.abs(next - now) >= 2 ? next : now));
    });
    observer.observe(list);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  const left = useRef(false);
  // The viewer's last input on the tail (wheel, touch, key, a press on its scrollbar): a
  // scroll without one is the browser's (scroll anchoring, content above changing), which
  // must not take a following viewer to the reader.
  const inputAt = useRef(-Infinity);
  const onInput = useCallback(() => {
    inputAt.current = performance.now();
  }, []);
  const onScroll = useCallback(() => {
    const element = scroller.current;
    if (element === null || left.current || !leftBottom(element.scrollTop, leaveAfterPx)) return;
    if (performance.now() - inputAt.current > VIEWER_SCROLL_MS) {
      element.scrollTop = 0;
      return;
    }
    const position = positionAtBottom(element);
    if (position === null) return;
    left.current = true;
    onLeaveBottom(position);
  }, [leaveAfterPx, onLeaveBottom]);
  // Home means the oldest message of the list: when the tail does not hold it, the reader
  // opens there. (The other keys scroll the tail as any scroller, and leave by onScroll.)
  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      inputAt.current = performance.now();
      if (event.key !== 'Home' || left.current || viewLength.current <= (rowsBox.current?.childElementCount ?? 0)) return;
      event.preventDefault();
      left.current = true;
      onLeaveBottom({ msgId: null, below: 0, focused: true });
    },
    [onLeaveBottom],
  );

  const first = Math.max(0, view.length - wanted);
  const items: ReactNode[] = [];
  for (let index = first; index < view.length; index++) {
    const entry = view[index]!;
    items.push(
      <div key={entry.msgId} className="chat-list__item" data-item-id={entry.msgId}>
        {renderItem(index, entry)}
      </div>,
    );
  }
  return (
    <div ref={scroller} className="chat-list__scroller chat-list__tail" role="log" aria-label={label} aria-live="off" tabIndex={0} onScroll={onScroll} onKeyDown={onKeyDown} onWheel={onInput} onTouchMove={onInput} onPointerDown={onInput} data-following="true">
      <div ref={rowsBox} className="chat-list__tail-rows">
        {items}
      </div>
      {/* Above the rows (the column runs from the bottom): room to scroll into when older rows are left out, so leaving the bottom is always
          a scroll away (the rows rendered may fill the list with only pixels to spare). */}
      {first > 0 && <div className="chat-list__tail-room" aria-hidden="true" />}
    </div>
  );
}

export const ChatTail = memo(ChatTailView);
