/**
 * The chat list: while the viewer follows it, the tail of the newest rows (ChatTail.tsx),
 * which the browser keeps at the bottom under any burst; once the viewer scrolls up, a
 * virtualized reader (react-virtuoso) that stays exactly still, with a "new messages"
 * button counting what arrived since. Following is the viewer's intent, not a
 * measurement: the reader gives way to the tail only when the viewer scrolled it down to
 * the bottom, or pressed the button.
 *
 * It also holds still while the mouse is over it or the keyboard's focus is in it (WCAG
 * 2.2.2, issue 37): the rows shown then stay, new ones are counted on the same button, and
 * it moves again when the pointer or the focus leaves, the button is pressed, or the
 * viewer's own message comes (they sent it to see it). The hold starts when the pointer
 * moves over the list (a move of the viewer's: the browser's own hover updates after a
 * layout change do not count) or the focus comes in: once the list moves again it follows
 * until they come anew. The console's list (moderation) never holds: the staff act on
 * what comes as it comes.
 *
 * The keyboard: the list is one tab stop; the arrow keys go from row to row, Escape back to
 * the list, Tab from a row to its actions (rowFocus.ts). When the tail and the reader trade
 * places, the focus goes with the list (or its row), never to the page.
 *
 * Stillness while reading: nothing leaves the top of the view then (readingView.ts), so
 * no scroll correction is needed; new rows append below the viewport, which moves nothing.
 * No overscan (increaseViewportBy): rows rendered above the viewport get re-measured while
 * the list changes, which moved the reader in the browser test.
 */
import { memo, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso } from 'react-virtuoso';
import type { ChatEntry } from '../../realtime/chatEntry';
import type { RealtimeOutcome } from '../../realtime/realtimeApi';
import type { SkippedPage, SkippedRange } from '../../realtime/skippedPage';
import { realtimeFailureText, type RealtimeFailure } from '../../state/roomFeed';
import { ChatMessage, type ChatMessageCallbacks } from './ChatMessage';
import { LoadedRows } from './LoadedRows';
import { heldView, ownSince, readingView, unseenSince } from './readingView';
import { chatRowLabels, type ChatRowLabels } from './rowLabels';
import { hasRest, loadFailed, newExpansion, pageLoaded, restRange, startLoad, type SkippedExpansion } from './skippedMarks';
import { SkippedMarker } from './SkippedMarker';
import { ChatTail } from './ChatTail';
import { focusRowWhenShown, focusScrollerWhenShown, moveRowFocus, ROW_SELECTOR } from './rowFocus';
import { readerStart, type TailPosition } from './tailRows';
import { useWithdrawClock } from './useWithdrawClock';
import { canWithdraw } from './withdrawWindow';

export interface ChatListProps extends ChatMessageCallbacks {
  readonly entries: readonly ChatEntry[];
  /** Messages never shown, by the msgId of the entry they came before: a marker row says so. */
  readonly gaps: Readonly<Record<string, number>>;
  /** Ids withdrawn lately: rows held on screen for a reader drop them too. */
  readonly withdrawn: readonly string[];
  /** Loads the newest page of messages a marker stands for (the worker's history sync). */
  onLoadSkipped(range: SkippedRange): Promise<RealtimeOutcome<SkippedPage>>;
}

/** Pixels from the end that still count as "at the bottom" (a row's last line may be partly hidden). */
const AT_BOTTOM_THRESHOLD = 48;
/**
 * The reader's position changing this soon after the viewer's own scrolling input is the
 * viewer's doing. Generous, because a busy main thread reports the scroll late.
 */
const USER_SCROLL_MS = 1500;
/** Keys that move a focused scroller up. */
const UP_KEYS: ReadonlySet<string> = new Set(['ArrowUp', 'PageUp', 'Home']);
/** Keys that move a focused scroller down. */
const DOWN_KEYS: ReadonlySet<string> = new Set(['ArrowDown', 'PageDown', 'End', ' ']);

const computeItemKey = (_index: number, entry: ChatEntry): string => entry.msgId;

/** What the viewer had when they left the bottom: the rows shown, their marks and the newest offset. */
interface Reading {
  readonly held: readonly ChatEntry[];
  /** The marks of the rows held: the feed forgets a mark once its entry leaves the feed, the reader's view keeps the row. */
  readonly heldGaps: Readonly<Record<string, number>>;
  readonly seenOffset: number;
  /** Where the viewer left the following tail: the reader opens there (null: at the end). */
  readonly start: TailPosition | null;
}


/** The rows held while the pointer is over the list or the focus in it, and by what. */
interface Hold {
  readonly rows: readonly ChatEntry[];
  readonly pointer: boolean;
  readonly focus: boolean;
}

/** The pages markers loaded, by the msgId of the marked entry, and how to load the next. */
function useSkippedPages(onLoadSkipped: ChatListProps['onLoadSkipped']) {
  const { t } = useTranslation();
  const [expansions, setExpansions] = useState<ReadonlyMap<string, SkippedExpansion>>(() => new Map());
  const current = useRef(expansions);
  const loader = useRef(onLoadSkipped);
  const translate = useRef(t);
  useEffect(() => {
    loader.current = onLoadSkipped;
    translate.current = t;
  }, [onLoadSkipped, t]);
  const put = useCallback((msgId: string, expansion: SkippedExpansion) => {
    const next = new Map(current.current);
    next.set(msgId, expansion);
    current.current = next;
    setExpansions(next);
  }, []);
  const load = useCallback(
    async (entry: ChatEntry, above: ChatEntry | undefined, count: number) => {
      const before = current.current.get(entry.msgId) ?? newExpansion(entry, count);
      const started = startLoad(before);
      if (started === null) return;
      const range = restRange(before, above);
      put(entry.msgId, started);
      // A call that throws (the worker gone) fails the load like a refusal: never stuck loading.
      const outcome = await loader.current(range).catch((error: unknown): RealtimeFailure => ({ ok: false, reason: 'send-failed', status: null, msg: String(error) }));
      const now = current.current.get(entry.msgId);
      if (now?.state !== 'loading') return;
      put(entry.msgId, outcome.ok ? pageLoaded(now, range, outcome.value) : loadFailed(now, realtimeFailureText(outcome, translate.current)));
    },
    [put],
  );
  return { expansions, load };
}

interface SkippedPartProps extends ChatMessageCallbacks {
  readonly entry: ChatEntry;
  readonly above: ChatEntry | undefined;
  readonly count: number | undefined;
  readonly expansion: SkippedExpansion | undefined;
  readonly reading: boolean;
  readonly withdrawnIds: ReadonlySet<string>;
  readonly labels: ChatRowLabels;
  readonly now: number;
  load(entry: ChatEntry, above: ChatEntry | undefined, count: number): Promise<void>;
}

/**
 * What stands before an entry whose predecessors were not shown: the marker, then the rows
 * it loaded, oldest first, so the marker always sits right above the messages next to the
 * ones it still stands for. (The list keeps its scroll position as the rows arrive; while
 * the viewer scrolls up, react-virtuoso keeps the bottom of the view still, except at the
 * very top of the list.)
 */
function SkippedPart({ entry, above, count, expansion, reading, withdrawnIds, labels, now, load, ...callbacks }: SkippedPartProps) {
  const shown = expansion ?? (count === undefined ? undefined : newExpansion(entry, count));
  const onLoad = useCallback(() => void load(entry, above, count ?? 0), [load, entry, above, count]);
  if (shown === undefined) return null;
  return (
    <>
      {hasRest(shown, above) && <SkippedMarker count={shown.rest} state={shown.state} problem={shown.problem} autoLoad={reading} onLoad={onLoad} />}
      {shown.rows.length > 0 && <LoadedRows rows={shown.rows} withdrawnIds={withdrawnIds} labels={labels} now={now} {...callbacks} />}
    </>
  );
}

function ChatListView({ entries, gaps, withdrawn, onQuote, onMention, onWithdraw, onOpenImage, onOpenQuoted, onLoadSkipped, moderation, readOnly }: ChatListProps) {
  const { t } = useTranslation();
  // t changes identity with the language, so rows re-render with new words only then.
  const labels = useMemo(() => chatRowLabels(t), [t]);
  // Translated once per language, not at every update (i18next's t is not free per call).
  const listLabel = useMemo(() => t('chat.list.label'), [t]);

  // null while following.
  const [reading, setReading] = useState<Reading | null>(null);
  // Held while following: by the pointer over the list, by the keyboard's focus in it.
  const [hold, setHold] = useState<Hold | null>(null);
  const withdrawnIds = useMemo(() => new Set(withdrawn), [withdrawn]);
  const holdOffset = hold?.rows.at(-1)?.offset ?? null;
  // The viewer's own message lets the list move: they sent it to see it.
  const held = hold !== null && reading === null && !ownSince(entries, holdOffset) ? hold : null;
  const view = useMemo(
    () => (reading !== null ? readingView(reading.held, entries, withdrawnIds) : held !== null ? heldView(held.rows, withdrawnIds) : entries),
    [reading, held, entries, withdrawnIds],
  );
  // The same facts for the callbacks Virtuoso calls between renders.
  const viewRef = useRef(view);
  const userInputAt = useRef(-Infinity);
  // The viewer's scrolling down: the reader gives way to the tail only when the viewer
  // brought it to the bottom (while it lays out rows it had not measured, it may report
  // the bottom by itself, even right after Home opened it at the top).
  const downInputAt = useRef(-Infinity);
  useEffect(() => {
    viewRef.current = view;
  }, [view]);

  const userScrolling = useCallback(() => performance.now() - userInputAt.current < USER_SCROLL_MS, []);

  const onWheel = useCallback((event: { deltaY: number }) => {
    if (event.deltaY < 0) userInputAt.current = performance.now();
    else if (event.deltaY > 0) downInputAt.current = performance.now();
  }, []);
  const onTouchMove = useCallback(() => {
    downInputAt.current = performance.now();
    userInputAt.current = performance.now();
  }, []);
  const listRef = useRef<HTMLDivElement>(null);
  const onKeyDown = useCallback((event: KeyboardEvent<HTMLDivElement>) => {
    if (UP_KEYS.has(event.key)) userInputAt.current = performance.now();
    else if (DOWN_KEYS.has(event.key)) downInputAt.current = performance.now();
    const list = listRef.current;
    const target = event.target;
    if (list === null || !(target instanceof HTMLElement) || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const onRow = target.matches(ROW_SELECTOR);
    if ((event.key === 'ArrowUp' || event.key === 'ArrowDown') && (onRow || target.classList.contains('chat-list__scroller'))) {
      const shown = viewRef.current;
      if (moveRowFocus(list, target, event.key === 'ArrowUp' ? -1 : 1, { first: shown[0]?.msgId, last: shown.at(-1)?.msgId })) event.preventDefault();
    } else if (event.key === 'Escape' && onRow) {
      event.preventDefault();
      list.querySelector<HTMLElement>('.chat-list__scroller')?.focus({ preventScroll: true });
    }
  }, []);
  // A press on the scroller itself is its scrollbar; presses on rows are clicks.
  const onPointerDown = useCallback((event: { target: EventTarget }) => {
    if (event.target instanceof HTMLElement && event.target.dataset.virtuosoScroller === 'true') {
      userInputAt.current = performance.now();
      downInputAt.current = performance.now();
    }
  }, []);

  // The tail and the reader trade places: the keyboard's focus in the one (the list, or a
  // row) goes to the same in the other, where it would otherwise fall to the page.
  const swapFocus = useRef<{ readonly row: string | null } | null>(null);
  const noteFocusBeforeSwap = useCallback((focused = false) => {
    const list = listRef.current;
    const active = document.activeElement;
    if (list === null || !(active instanceof HTMLElement) || !list.contains(active)) {
      swapFocus.current = focused ? { row: null } : null;
      return;
    }
    swapFocus.current = { row: active.matches(ROW_SELECTOR) ? (active.dataset.msgId ?? null) : null };
  }, []);
  const readerAway = useRef(false);
  const gapsRef = useRef(gaps);
  useEffect(() => {
    gapsRef.current = gaps;
  }, [gaps]);
  const onAtBottom = useCallback(
    (atBottom: boolean) => {
      if (!atBottom) {
        readerAway.current = true;
        // The viewer scrolled further up: what they see now is what they have seen.
        if (!userScrolling()) return;
        const shown = viewRef.current;
        setReading((now) => ({ held: shown, heldGaps: gapsRef.current, seenOffset: shown.at(-1)?.offset ?? 0, start: now?.start ?? null }));
        // Reading holds the rows now; back at the bottom the list follows, not an older hold.
        setHold(null);
      } else if (readerAway.current && performance.now() - downInputAt.current <= USER_SCROLL_MS) {
        noteFocusBeforeSwap();
        setReading(null);
        setHold(null);
      }
    },
    [userScrolling, noteFocusBeforeSwap],
  );
  // The viewer scrolled the following tail up: the reader takes over where they are.
  const onLeaveTail = useCallback((start: TailPosition) => {
    noteFocusBeforeSwap(start.focused);
    readerAway.current = false;
    const shown = viewRef.current;
    setReading({ held: shown, heldGaps: gapsRef.current, seenOffset: shown.at(-1)?.offset ?? 0, start });
    setHold(null);
  }, [noteFocusBeforeSwap]);
  const following = reading === null;
  useEffect(() => {
    const list = listRef.current;
    const swap = swapFocus.current;
    if (list === null || swap === null) return;
    swapFocus.current = null;
    if (swap.row === null) focusScrollerWhenShown(list);
    else focusRowWhenShown(list, swap.row, () => focusScrollerWhenShown(list));
  }, [following]);

  const resume = useCallback(() => {
    noteFocusBeforeSwap();
    readerAway.current = false;
    setReading(null);
    setHold(null);
  }, [noteFocusBeforeSwap]);
  const holdFor = useCallback((why: keyof Omit<Hold, 'rows'>) => setHold((now) => (now === null ? { rows: viewRef.current, pointer: why === 'pointer', focus: why === 'focus' } : { ...now, [why]: true })), []);
  const releaseFor = useCallback(
    (why: keyof Omit<Hold, 'rows'>) =>
      setHold((now) => {
        if (now === null) return null;
        const next = { ...now, [why]: false };
        return next.pointer || next.focus ? next : null;
      }),
    [],
  );
  const holds = moderation === undefined;
  const pointerIn = useRef(false);
  const onPointerMove = useCallback(
    (event: { pointerType: string; movementX: number; movementY: number }) => {
      if (!holds || pointerIn.current || event.pointerType !== 'mouse' || (event.movementX === 0 && event.movementY === 0)) return;
      pointerIn.current = true;
      holdFor('pointer');
    },
    [holds, holdFor],
  );
  const onPointerLeave = useCallback((event: { pointerType: string }) => {
    if (event.pointerType !== 'mouse') return;
    pointerIn.current = false;
    releaseFor('pointer');
  }, [releaseFor]);
  // The keyboard's focus (a click's focus is the pointer's hold already).
  const onFocus = useCallback((event: { target: EventTarget }) => {
    if (holds && event.target instanceof Element && event.target.matches(':focus-visible')) holdFor('focus');
  }, [holds, holdFor]);
  const onBlur = useCallback((event: { currentTarget: EventTarget; relatedTarget: EventTarget | null }) => {
    if (!(event.relatedTarget instanceof Node) || !(event.currentTarget instanceof Node) || !event.currentTarget.contains(event.relatedTarget)) releaseFor('focus');
  }, [releaseFor]);

  const unseen = reading !== null ? unseenSince(entries, reading.seenOffset) : held !== null ? unseenSince(entries, holdOffset) : 0;
  const now = useWithdrawClock(entries);
  const { expansions, load } = useSkippedPages(onLoadSkipped);
  // The panel's callbacks are stable, so this object changes only if one of them does.
  const callbacks: ChatMessageCallbacks = useMemo(
    () => ({
      onQuote,
      onMention,
      onWithdraw,
      onOpenImage,
      ...(onOpenQuoted === undefined ? {} : { onOpenQuoted }),
      ...(moderation === undefined ? {} : { moderation }),
      ...(readOnly === true ? { readOnly } : {}),
    }),
    [onQuote, onMention, onWithdraw, onOpenImage, onOpenQuoted, moderation, readOnly],
  );

  const itemContent = (index: number, entry: ChatEntry) => {
    const previous = view[index - 1];
    const notShown = gaps[entry.msgId] ?? reading?.heldGaps[entry.msgId];
    const expansion = expansions.get(entry.msgId);
    // After a gap the sender's header is drawn again: the row before is not really before it.
    const grouped = notShown === undefined && expansion === undefined && entry.meshType && previous !== undefined && previous.uid === entry.uid;
    const message = <ChatMessage entry={entry} grouped={grouped} withdrawable={canWithdraw(entry, now)} labels={labels} {...callbacks} />;
    if (notShown === undefined && expansion === undefined) return message;
    return (
      <>
        <SkippedPart
          entry={entry}
          above={previous}
          count={notShown}
          expansion={expansion}
          reading={reading !== null}
          withdrawnIds={withdrawnIds}
          labels={labels}
          now={now}
          load={load}
          {...callbacks}
        />
        {message}
      </>
    );
  };

  return (
    <div
      ref={listRef}
      className="chat-list"
      data-at-bottom={reading === null ? 'true' : 'false'}
      onWheel={onWheel}
      onTouchMove={onTouchMove}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerLeave={onPointerLeave}
      onFocus={onFocus}
      onBlur={onBlur}
      data-held={held !== null ? 'true' : undefined}
    >
      {view.length === 0 ? (
        // Virtuoso is mounted with the first entries, so it starts at the newest of them.
        <div className="chat-list__empty">
          <p className="chat-list__empty-title">{t('chat.list.empty')}</p>
          <p className="chat-list__empty-hint">{t('chat.list.emptyHint')}</p>
        </div>
      ) : reading === null ? (
        <ChatTail view={view} label={listLabel} renderItem={itemContent} leaveAfterPx={AT_BOTTOM_THRESHOLD} onLeaveBottom={onLeaveTail} />
      ) : (
        <Virtuoso
          className="chat-list__scroller"
          role="log"
          aria-label={listLabel}
          aria-live="off"
          data={view}
          initialTopMostItemIndex={readerStart(view, reading.start)}
          computeItemKey={computeItemKey}
          itemContent={itemContent}
          // Never a function: react-virtuoso scrolls to the end when a list that counted as
          // at the bottom grows, whatever a followOutput function answers, and a reader
          // opened at its first row (Home) counts as at the bottom until its rows are
          // measured. Following is the tail's job.
          followOutput={false}
          atBottomStateChange={onAtBottom}
          atBottomThreshold={AT_BOTTOM_THRESHOLD}
        />
      )}
      {(reading !== null || held !== null) && unseen > 0 && (
        <button type="button" className="chat-list__new" onClick={resume} data-count={unseen}>
          {t('chat.list.newMessages', { n: unseen })}
        </button>
      )}
    </div>
  );
}

/** Memoized: the composer's keystrokes re-render the panel, never the list. */
export const ChatList = memo(ChatListView);
