/**
 * One row of the chat list (SPEC 3 "Chat message as displayed"). Memoized on its props, so
 * a row renders once when it arrives and again only when its own props change (the
 * withdraw window closing, the grouping changing) or the viewer points at it; the
 * callbacks come from the panel and are stable.
 *
 * The row's actions (quote, @mention, withdraw) exist only while the viewer points at the
 * row or focus is in it, as a small bar over its top right corner: a busy room mounts a
 * screen of rows at every update and nobody acts on most of them, so a row is built
 * without its buttons (issue 11: the cost of one chat update). The row itself is one tab
 * stop; focusing it, by key or by a tap on a phone, brings its actions.
 */
import { memo, useCallback, useState, type FocusEvent, type PointerEvent } from 'react';
import type { ChatEntry } from '../../realtime/chatEntry';
import { formatChatTime } from './chatTime';
import { initialOf, roleBadge } from './entryStyle';
import { externalHref, isoTime } from './links';
import { MessageBody } from './MessageBody';
import { ModerationActions } from './ModerationActions';
import { QuoteMentionButtons } from './QuoteMentionButtons';
import type { ChatRowLabels } from './rowLabels';
import type { ModerationAction } from './types';

/** The rows' host-side actions (the console), stable for the list's life. */
export interface RowModeration {
  /** Whether `uid` is muted now. */
  isMuted(uid: string): boolean;
  /** Calls `listener` when the muted list changes; returns the unsubscribe. */
  onMutedChange(listener: () => void): () => void;
  /** Resolves true when the server took it (a notice's form then closes). */
  moderate(entry: ChatEntry, action: ModerationAction, text?: string): Promise<boolean>;
}

export interface ChatMessageCallbacks {
  onQuote(entry: ChatEntry): void;
  onMention(entry: ChatEntry): void;
  onWithdraw(entry: ChatEntry): void;
  onOpenImage(url: string): void;
  /** Opens the original of a row's quote by its id (set where the chat can fetch it). */
  onOpenQuoted?(msgId: string): void;
  /** Set where the host side uses the chat: the rows' actions add theirs. */
  readonly moderation?: RowModeration;
  /** A chat that is only read (a recording's): its rows offer no action. */
  readonly readOnly?: boolean;
}

export interface ChatMessageProps extends ChatMessageCallbacks {
  readonly entry: ChatEntry;
  /** Same sender as the row above: the header (avatar, name, badge) is not repeated. */
  readonly grouped: boolean;
  /** Own message still inside the withdraw window. */
  readonly withdrawable: boolean;
  /** The row's words in the current language: one object per list and language (rowLabels.ts). */
  readonly labels: ChatRowLabels;
}

function Avatar({ entry }: { readonly entry: ChatEntry }) {
  if (entry.headImgUrl !== null) {
    return <img className="chat-message__avatar" src={entry.headImgUrl} alt="" loading="lazy" referrerPolicy="no-referrer" />;
  }
  return (
    <span className="chat-message__avatar chat-message__avatar--initial" aria-hidden="true">
      {initialOf(entry.name)}
    </span>
  );
}

function Badge({ entry, labels }: { readonly entry: ChatEntry; readonly labels: ChatRowLabels }) {
  // Own messages are always labelled as me (SPEC 3), whatever the room calls the sender.
  const custom = entry.mine ? null : roleBadge(entry);
  if (custom === null) {
    return <span className={`chat-message__role chat-message__role--${entry.roleLabel.slice(5)}`}>{labels.role(entry.roleLabel)}</span>;
  }
  return (
    <span className="chat-message__role chat-message__role--custom" style={custom.colour === null ? undefined : { color: custom.colour, borderColor: custom.colour }}>
      {custom.custom}
    </span>
  );
}

/** A row's picture; its controls are tab stops only while the row has the viewer's attention (the list is one stop, rowFocus.ts). */
function ChatImage({ entry, labels, onOpenImage, attended }: { readonly entry: ChatEntry; readonly labels: ChatRowLabels; readonly onOpenImage: (url: string) => void; readonly attended: boolean }) {
  const stop = attended ? 0 : -1;
  const src = entry.imgUrl;
  if (src === null) return null;
  const href = externalHref(entry.imgLinkUrl);
  const image = <img className="chat-message__image" src={src} alt={labels.image} loading="lazy" referrerPolicy="no-referrer" />;
  return (
    <div className="chat-message__picture">
      {href === null ? (
        <button type="button" className="chat-message__image-button" tabIndex={stop} onClick={() => onOpenImage(src)} aria-label={labels.enlarge}>
          {image}
        </button>
      ) : (
        <>
          <a className="chat-message__image-link" href={href} tabIndex={stop} target="_blank" rel="noopener noreferrer" aria-label={labels.openLink}>
            {image}
          </a>
          <button type="button" className="chat-message__enlarge" tabIndex={stop} onClick={() => onOpenImage(src)}>
            {labels.enlarge}
          </button>
        </>
      )}
    </div>
  );
}

/** The row's actions bar (exported for its render test: the row shows it only on attention). */
export function RowActions({ entry, withdrawable, labels, onQuote, onMention, onWithdraw, onOpenQuoted, moderation, readOnly }: Omit<ChatMessageProps, 'grouped' | 'onOpenImage'>) {
  if (readOnly === true) return null;
  if (moderation !== undefined) return <ModerationActions entry={entry} labels={labels} onQuote={onQuote} onMention={onMention} moderation={moderation} />;
  const quotedId = entry.quote?.msgId;
  // The quote shows its message cut short, and the message may be long gone from the list.
  const original =
    quotedId !== undefined && onOpenQuoted !== undefined ? (
      <button type="button" className="chat-message__action" onClick={() => onOpenQuoted(quotedId)} aria-label={labels.originalOf(entry.quote?.name ?? '')}>
        {labels.original}
      </button>
    ) : null;
  if (entry.mine && !withdrawable && original === null) return null;
  return (
    <div className="chat-message__actions">
      {original}
      {entry.mine ? (
        withdrawable && (
          <button type="button" className="chat-message__action" onClick={() => onWithdraw(entry)}>
            {labels.withdraw}
          </button>
        )
      ) : (
        <QuoteMentionButtons entry={entry} labels={labels} onQuote={onQuote} onMention={onMention} />
      )}
    </div>
  );
}

interface RowAttention {
  readonly pointed: boolean;
  readonly focused: boolean;
}

const UNATTENDED: RowAttention = { pointed: false, focused: false };

/**
 * Whether the viewer points at the row (mouse or pen; a tap focuses it) or focus is inside
 * it. Pointing is a move over the row, not the pointer's entering it: while the cursor
 * rests over a running chat, rows slide under it at every update, and each would otherwise
 * build its bar for nothing.
 */
function useRowAttention() {
  const [attention, setAttention] = useState(UNATTENDED);
  const onPointerMove = useCallback((event: PointerEvent) => {
    if (event.pointerType !== 'touch') setAttention((now) => (now.pointed ? now : { ...now, pointed: true }));
  }, []);
  const onPointerLeave = useCallback(() => setAttention((now) => (now.pointed ? { ...now, pointed: false } : now)), []);
  const onFocus = useCallback(() => setAttention((now) => (now.focused ? now : { ...now, focused: true })), []);
  const onBlur = useCallback((event: FocusEvent) => {
    // Focus moving between the row and its own buttons stays in the row.
    if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
    setAttention((now) => (now.focused ? { ...now, focused: false } : now));
  }, []);
  return { attended: attention.pointed || attention.focused, handlers: { onPointerMove, onPointerLeave, onFocus, onBlur } };
}

function ChatMessageRow({ entry, grouped, withdrawable, labels, onQuote, onMention, onWithdraw, onOpenImage, onOpenQuoted, moderation, readOnly }: ChatMessageProps) {
  const { attended, handlers } = useRowAttention();
  const classes = ['chat-message'];
  if (grouped) classes.push('chat-message--grouped');
  if (entry.mine) classes.push('chat-message--mine');
  if (entry.highlight) classes.push('chat-message--highlight');
  if (entry.top) classes.push('chat-message--top');
  if (entry.mentionsMe) classes.push('chat-message--mentions-me');
  const time = formatChatTime(entry.sendTime);

  return (
    // Focusable, not a tab stop: the arrow keys move between rows (rowFocus.ts), Tab from a row to its actions.
    <article className={classes.join(' ')} tabIndex={-1} {...handlers} data-msg-id={entry.msgId} data-send-time={entry.sendTime} data-mine={entry.mine ? 'true' : undefined} data-mentions-me={entry.mentionsMe ? 'true' : undefined}>
      {grouped ? (
        // The header is not repeated, but assistive technology still hears who speaks.
        <span className="visually-hidden">
          <bdi>{entry.name}</bdi> {time}
        </span>
      ) : (
        <header className="chat-message__header">
          <Avatar entry={entry} />
          <bdi className="chat-message__name">{entry.name}</bdi>
          <Badge entry={entry} labels={labels} />
          <time className="chat-message__time" dateTime={isoTime(entry.sendTime)}>
            {time}
          </time>
        </header>
      )}
      <div className="chat-message__content">
        {(entry.top || entry.mentionsMe) && (
          <div className="chat-message__tags">
            {entry.top && <span className="chat-message__tag chat-message__tag--top">{labels.pinned}</span>}
            {entry.mentionsMe && <span className="chat-message__tag chat-message__tag--mention">{labels.mentionsYou}</span>}
          </div>
        )}
        {entry.quote !== null && (
          <blockquote className="chat-message__quote" aria-label={labels.quoted}>
            <bdi className="chat-message__quote-name">{entry.quote.name}</bdi>
            <bdi className="chat-message__quote-text">{entry.quote.chatContent}</bdi>
          </blockquote>
        )}
        {entry.segments.length > 0 && (
          <p className="chat-message__body">
            <MessageBody segments={entry.segments} />
          </p>
        )}
        <ChatImage entry={entry} labels={labels} onOpenImage={onOpenImage} attended={attended} />
      </div>
      {attended && <RowActions entry={entry} withdrawable={withdrawable} labels={labels} onQuote={onQuote} onMention={onMention} onWithdraw={onWithdraw} {...(onOpenQuoted === undefined ? {} : { onOpenQuoted })} moderation={moderation} readOnly={readOnly} />}
    </article>
  );
}

export const ChatMessage = memo(ChatMessageRow);
