/** A row's quote and @mention buttons, for a viewer's row and for the host side's alike. */
import type { ChatEntry } from '../../realtime/chatEntry';
import type { ChatRowLabels } from './rowLabels';

export interface QuoteMentionProps {
  readonly entry: ChatEntry;
  readonly labels: ChatRowLabels;
  onQuote(entry: ChatEntry): void;
  onMention(entry: ChatEntry): void;
}

export function QuoteMentionButtons({ entry, labels, onQuote, onMention }: QuoteMentionProps) {
  return (
    <>
      <button type="button" className="chat-message__action" onClick={() => onQuote(entry)} aria-label={labels.quoteOf(entry.name)}>
        {labels.quote}
      </button>
      <button type="button" className="chat-message__action" onClick={() => onMention(entry)} aria-label={labels.mentionOf(entry.name)}>
        {labels.mention}
      </button>
    </>
  );
}
