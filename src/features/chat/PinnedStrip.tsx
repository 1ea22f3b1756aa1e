/** The newest pinned (top) message, kept in view above the list while it is in the buffer. */
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatEntry } from '../../realtime/chatEntry';
import { MessageBody } from './MessageBody';

function PinnedStripView({ entry }: { readonly entry: ChatEntry | null }) {
  const { t } = useTranslation();
  if (entry === null) return null;
  return (
    <aside className="chat-pinned" aria-label={t('chat.pinned.label')} data-msg-id={entry.msgId}>
      <span className="chat-pinned__tag">{t('chat.pinned.label')}</span>
      <bdi className="chat-pinned__name">{entry.name}</bdi>
      <span className="chat-pinned__text">{entry.segments.length > 0 ? <MessageBody segments={entry.segments} /> : t('chat.message.image')}</span>
    </aside>
  );
}

/** Memoized: the feed re-renders at every chat update, the pinned message seldom changes. */
export const PinnedStrip = memo(PinnedStripView);
