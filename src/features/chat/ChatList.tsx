/**
 * The chat list: a virtualized list (react-virtuoso) that sticks to the bottom under any
 * burst while the viewer follows it, and stays exactly still when the viewer scrolled up to
 * read, with a "new messages" button counting what arrived since.
 *
 * Following is the viewer's intent, not a measurement: under a burst, rows arrive and are
 * measured faster than a scroll lands, so "not at the bottom" is often momentary. The list
 * stops following only when the viewer moved it (wheel up, upward keys, the scrollbar)
 * shortly before Virtuoso reports leaving the bottom; otherwise it scrolls back down, in
 * pixels to the very end. Reaching the bottom again (or the button) resumes following.
 *
 * Stillness while reading: nothing leaves the top of the view then (readingView.ts), so
 * no scroll correction is needed; new rows append below the viewport, which moves nothing.
 * No overscan (increaseViewportBy): rows rendered above the viewport get re-measured while
 * the list changes, which moved the reader in the browser test.
 */
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import { intlLocaleOf } from '../../i18n/localeChoice';
import type { ChatEntry } from '../../realtime/chatEntry';
import { ChatMessage, type ChatMessageCallbacks } from './ChatMessage';
import { readingView, unseenSince } from './readingView';
import { chatRowLabels } from './rowLabels';
import { useWithdrawClock } from './useWithdrawClock';
import { canWithdraw } from './withdrawWindow';

export interface ChatListProps extends ChatMessageCallbacks {
  readonly entries: readonly ChatEntry[];
  /** Messages never shown, by the msgId of the entry they came before: a marker row says so. */
  readonly gaps: Readonly<Record<string, number>>;
  /** Ids withdrawn lately: rows held on screen for a reader drop them too. */
  readonly withdrawn: readonly string[];
}

/** Pixels from the end that still count as "at the bottom" (a row's last line may be partly hidden). */
const AT_BOTTOM_THRESHOLD = 48;
/**
 * Leaving the bottom this soon after the viewer's own scrolling input is the viewer's
 * doing. Generous, because a busy main thread reports the scroll late; only inputs that
 * scroll up count (see the handlers), so a click on a row's button never stops following.
 */
const USER_SCROLL_MS = 1500;
/** Keys that move a focused scroller up. */
const UP_KEYS: ReadonlySet<string> = new Set(['ArrowUp', 'PageUp', 'Home']);

const computeItemKey = (_index: number, entry: ChatEntry): string => entry.msgId;

/** What the viewer had when they left the bottom: the rows shown and the newest offset. */
interface Reading {
  readonly held: readonly ChatEntry[];
  readonly seenOffset: number;
}

function ChatListView({ entries, gaps, withdrawn, onQuote, onMention, onWithdraw, onOpenImage }: ChatListProps) {
  const { t, i18n } = useTranslation();
  // t changes identity with the language, so rows re-render with new words only then.
  const labels = useMemo(() => chatRowLabels(t), [t]);
  const virtuoso = useRef<VirtuosoHandle>(null);

  // null while following.
  const [reading, setReading] = useState<Reading | null>(null);
  const withdrawnIds = useMemo(() => new Set(withdrawn), [withdrawn]);
  const view = useMemo(() => (reading === null ? entries : readingView(reading.held, entries, withdrawnIds)), [reading, entries, withdrawnIds]);
  // The same facts for the callbacks Virtuoso calls between renders.
  const following = useRef(true);
  const viewRef = useRef(view);
  const atBottomNow = useRef(false);
  const userInputAt = useRef(-Infinity);
  useEffect(() => {
    viewRef.current = view;
  }, [view]);

  // The very end in pixels, not "the last index": a last row that grew after it was
  // measured (wrapping, a late font) would otherwise stay partly hidden.
  const toBottom = useCallback(() => {
    virtuoso.current?.scrollTo({ top: Number.MAX_SAFE_INTEGER, behavior: 'auto' });
  }, []);
  // While the viewer scrolls, rows coming into view are measured and change the height:
  // pulling the list down then would take the scroll away from them.
  const userScrolling = useCallback(() => performance.now() - userInputAt.current < USER_SCROLL_MS, []);

  const onWheel = useCallback((event: { deltaY: number }) => {
    if (event.deltaY < 0) userInputAt.current = performance.now();
  }, []);
  const onTouchMove = useCallback(() => {
    userInputAt.current = performance.now();
  }, []);
  const onKeyDown = useCallback((event: { key: string }) => {
    if (UP_KEYS.has(event.key)) userInputAt.current = performance.now();
  }, []);
  // A press on the scroller itself is its scrollbar; presses on rows are clicks.
  const onPointerDown = useCallback((event: { target: EventTarget }) => {
    if (event.target instanceof HTMLElement && event.target.dataset.virtuosoScroller === 'true') userInputAt.current = performance.now();
  }, []);

  const onAtBottom = useCallback(
    (atBottom: boolean) => {
      atBottomNow.current = atBottom;
      if (atBottom) {
        following.current = true;
        setReading(null);
      } else if (userScrolling()) {
        following.current = false;
        const shown = viewRef.current;
        setReading({ held: shown, seenOffset: shown.at(-1)?.offset ?? 0 });
      } else if (following.current) {
        // Content outgrew the last scroll (a burst, a row measured taller): catch up.
        toBottom();
      }
    },
    [toBottom, userScrolling],
  );
  const onHeightChanged = useCallback(() => {
    if (following.current && !userScrolling()) toBottom();
  }, [toBottom, userScrolling]);
  // Virtuoso follows only once it has scrolled to its initial item and reports leaving the
  // bottom only after having been there: a tick landing before either (the first entries
  // of a busy room) would leave the list short of the bottom with no event to catch up on.
  useEffect(() => {
    if (following.current && !atBottomNow.current && entries.length > 0 && !userScrolling()) toBottom();
  }, [entries, toBottom, userScrolling]);
  const followOutput = useCallback((): 'auto' | false => (following.current ? 'auto' : false), []);
  const resume = useCallback(() => {
    following.current = true;
    setReading(null);
    toBottom();
  }, [toBottom]);

  const unseen = reading === null ? 0 : unseenSince(entries, reading.seenOffset);
  const now = useWithdrawClock(entries);

  const itemContent = (index: number, entry: ChatEntry) => {
    const previous = view[index - 1];
    const notShown = gaps[entry.msgId];
    // After a gap the sender's header is drawn again: the row before is not really before it.
    const grouped = notShown === undefined && entry.meshType && previous !== undefined && previous.uid === entry.uid;
    const message = (
      <ChatMessage
        entry={entry}
        grouped={grouped}
        withdrawable={canWithdraw(entry, now)}
        labels={labels}
        onQuote={onQuote}
        onMention={onMention}
        onWithdraw={onWithdraw}
        onOpenImage={onOpenImage}
      />
    );
    if (notShown === undefined) return message;
    return (
      <>
        <p className="chat-gap" data-not-shown={notShown} title={t('chat.list.notShownWhy')}>
          <span>{t('chat.list.notShown', { n: new Intl.NumberFormat(intlLocaleOf(i18n.language)).format(notShown) })}</span>
        </p>
        {message}
      </>
    );
  };

  return (
    <div
      className="chat-list"
      data-at-bottom={reading === null ? 'true' : 'false'}
      onWheel={onWheel}
      onTouchMove={onTouchMove}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
    >
      {view.length === 0 ? (
        // Virtuoso is mounted with the first entries, so it starts at the newest of them.
        <p className="chat-list__empty">{t('chat.list.empty')}</p>
      ) : (
        <Virtuoso
          ref={virtuoso}
          className="chat-list__scroller"
          role="log"
          aria-label={t('chat.list.label')}
          aria-live="off"
          data={view}
          initialTopMostItemIndex={{ index: view.length - 1, align: 'end' }}
          computeItemKey={computeItemKey}
          itemContent={itemContent}
          followOutput={followOutput}
          atBottomStateChange={onAtBottom}
          atBottomThreshold={AT_BOTTOM_THRESHOLD}
          totalListHeightChanged={onHeightChanged}
        />
      )}
      {reading !== null && unseen > 0 && (
        <button type="button" className="chat-list__new" onClick={resume} data-count={unseen}>
          {t('chat.list.newMessages', { n: unseen })}
        </button>
      )}
    </div>
  );
}

/** Memoized: the composer's keystrokes re-render the panel, never the list. */
export const ChatList = memo(ChatListView);
