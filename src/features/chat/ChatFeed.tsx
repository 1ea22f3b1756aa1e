/**
 * The part of the chat room that changes with every worker update: the pinned message and
 * the list. It reads the room's entries itself, so an update re-renders only this, never
 * the filter switch, the composer or the lightbox around it (valtio re-renders a component
 * when the store paths it read change).
 */
import { memo, useMemo } from 'react';
import type { ChatEntry } from '../../realtime/chatEntry';
import type { ChatFilter } from '../../realtime/filters';
import type { RealtimeOutcome } from '../../realtime/realtimeApi';
import type { SkippedPage, SkippedRange } from '../../realtime/skippedPage';
import { useRealtime } from '../../state/roomFeed';
import { ChatList } from './ChatList';
import type { ChatMessageCallbacks } from './ChatMessage';
import { latestPinned } from './pinned';
import { PinnedStrip } from './PinnedStrip';

export interface ChatFeedProps extends ChatMessageCallbacks {
  readonly roomId: string;
  readonly filter: ChatFilter;
  onLoadSkipped(range: SkippedRange): Promise<RealtimeOutcome<SkippedPage>>;
}

const NO_ENTRIES: readonly ChatEntry[] = [];
const NO_IDS: readonly string[] = [];
const NO_GAPS: Readonly<Record<string, number>> = {};

function ChatFeedView({ roomId, filter, onQuote, onMention, onWithdraw, onOpenImage, onOpenQuoted, onLoadSkipped, moderation }: ChatFeedProps) {
  const feed = useRealtime().rooms[roomId];
  const entries = feed?.entries ?? NO_ENTRIES;
  const pinned = useMemo(() => latestPinned(entries), [entries]);
  return (
    <>
      <PinnedStrip entry={pinned} />
      {/* Remounted per filter: a new view of the room starts at its newest message. */}
      <ChatList key={filter} entries={entries} gaps={feed?.gaps ?? NO_GAPS} withdrawn={feed?.withdrawn ?? NO_IDS} onQuote={onQuote} onMention={onMention} onWithdraw={onWithdraw} onOpenImage={onOpenImage} onOpenQuoted={onOpenQuoted} onLoadSkipped={onLoadSkipped} moderation={moderation} />
    </>
  );
}

/** Memoized: the composer's keystrokes re-render the panel, never the feed. */
export const ChatFeed = memo(ChatFeedView);
