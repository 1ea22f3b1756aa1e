/**
 * The chat list: a virtualized list (react-virtuoso) that sticks to the bottom under any
 * burst while the viewer is there, and stays exactly still when the viewer scrolled up to
 * read, with a "new messages" button counting what arrived since.
 *
 * Stillness has two parts: followOutput scrolls only while at the bottom, and when the
 * 200-entry buffer drops old entries from the top, firstItemIndex grows by as many
 * (listAnchor.ts), which Virtuoso turns into a scroll correction instead of a jump.
 */
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import type { ChatEntry } from '../../realtime/chatEntry';
import { ChatMessage, type ChatMessageCallbacks } from './ChatMessage';
import { lastAbsoluteIndex, nextFirstItemIndex, unseenCount } from './listAnchor';
import { useWithdrawClock } from './useWithdrawClock';
import { canWithdraw } from './withdrawWindow';

export interface ChatListProps extends ChatMessageCallbacks {
  readonly entries: readonly ChatEntry[];
}

/** Pixels from the end that still count as "at the bottom" (a row's last line may be partly hidden). */
const AT_BOTTOM_THRESHOLD = 48;

const computeItemKey = (_index: number, entry: ChatEntry): string => entry.msgId;

/** Stays at the bottom while there, never moves the viewer otherwise. */
const followOutput = (isAtBottom: boolean): 'auto' | false => (isAtBottom ? 'auto' : false);

function ChatListView({ entries, onQuote, onMention, onWithdraw, onOpenImage }: ChatListProps) {
  const { t } = useTranslation();
  const virtuoso = useRef<VirtuosoHandle>(null);

  // firstItemIndex follows the entries; derived during render (React's "adjust state when
  // a prop changes" pattern), so data and index reach Virtuoso in the same render.
  const [anchor, setAnchor] = useState({ entries, first: 0 });
  let first = anchor.first;
  if (anchor.entries !== entries) {
    first = nextFirstItemIndex(anchor.entries, anchor.first, entries);
    setAnchor({ entries, first });
  }
  const lastIndex = lastAbsoluteIndex(first, entries.length);

  // Absolute index of the newest entry when the viewer left the bottom; null while there.
  const [seenLast, setSeenLast] = useState<number | null>(null);
  const lastIndexRef = useRef(lastIndex);
  useEffect(() => {
    lastIndexRef.current = lastIndex;
  }, [lastIndex]);
  const onAtBottom = useCallback((atBottom: boolean) => {
    setSeenLast(atBottom ? null : lastIndexRef.current);
  }, []);
  const unseen = unseenCount(seenLast, first, entries.length);

  const toBottom = useCallback(() => {
    virtuoso.current?.scrollToIndex({ index: 'LAST', align: 'end', behavior: 'auto' });
  }, []);

  const now = useWithdrawClock(entries);

  const itemContent = (index: number, entry: ChatEntry) => {
    const previous = entries[index - first - 1];
    const grouped = entry.meshType && previous !== undefined && previous.uid === entry.uid;
    return (
      <ChatMessage
        entry={entry}
        grouped={grouped}
        withdrawable={canWithdraw(entry, now)}
        onQuote={onQuote}
        onMention={onMention}
        onWithdraw={onWithdraw}
        onOpenImage={onOpenImage}
      />
    );
  };

  return (
    <div className="chat-list" data-at-bottom={seenLast === null ? 'true' : 'false'}>
      {entries.length === 0 && <p className="chat-list__empty">{t('chat.list.empty')}</p>}
      <Virtuoso
        ref={virtuoso}
        className="chat-list__scroller"
        role="log"
        aria-label={t('chat.list.label')}
        aria-live="off"
        data={entries}
        firstItemIndex={first}
        initialTopMostItemIndex={entries.length > 0 ? entries.length - 1 : 0}
        computeItemKey={computeItemKey}
        itemContent={itemContent}
        followOutput={followOutput}
        atBottomStateChange={onAtBottom}
        atBottomThreshold={AT_BOTTOM_THRESHOLD}
        increaseViewportBy={{ top: 400, bottom: 200 }}
      />
      {seenLast !== null && unseen > 0 && (
        <button type="button" className="chat-list__new" onClick={toBottom} data-count={unseen}>
          {t('chat.list.newMessages', { n: unseen })}
        </button>
      )}
    </div>
  );
}

/** Memoized: the composer's keystrokes re-render the panel, never the list. */
export const ChatList = memo(ChatListView);
