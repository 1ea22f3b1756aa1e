/**
 * One conversation: its messages (virtualized, following the newest unless the viewer has
 * scrolled up), who wrote each and when, and the box to write in. The server keeps no
 * history of these messages, and the screen says so rather than present what this browser
 * received as the whole past. Open and seen (the page in view, the groups tab shown), the
 * conversation is read: every tab of the login clears its count.
 */
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso } from 'react-virtuoso';
import { validateChatText } from '../../domain/chatInput';
import { codePointLength } from '../../domain/text';
import type { Conversation, ConversationMessage } from '../../realtime/conversations';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { MessageText } from '../../ui/MessageText';
import { groupFailureText } from './groupFailure';
import type { GroupsActions } from './types';

/** The longest message this box sends: the group service's limit for a text body (2,000). */
export const CONVERSATION_TEXT_MAX = 2000;

interface ConversationViewProps {
  readonly roomId: string;
  readonly actions: GroupsActions;
  readonly kind: 'group' | 'peer';
  readonly id: string;
  readonly title: string;
  /** Null until the first message of a new conversation. */
  readonly conversation: Conversation | undefined;
  /** Silenced in this group (power 0): the box says so instead. */
  readonly silenced: boolean;
  /** A group this viewer is no longer in: its messages stay readable, the box goes. */
  readonly closed: boolean;
  readonly onBack: () => void;
  readonly onMembers: (() => void) | null;
}

/**
 * Whether the viewer can see `element` now: the page is in view and the element is on
 * screen. The room's tab panels stay mounted while another tab shows (RoomTabs), so an open
 * conversation behind the chat tab is not being read.
 */
function useSeen(element: RefObject<HTMLElement | null>): boolean {
  const [pageVisible, setPageVisible] = useState(() => typeof document === 'undefined' || document.visibilityState === 'visible');
  const [onScreen, setOnScreen] = useState(false);
  useEffect(() => {
    const update = () => setPageVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  useEffect(() => {
    const node = element.current;
    if (node === null || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => setOnScreen(entries.some((e) => e.isIntersecting)));
    observer.observe(node);
    return () => observer.disconnect();
  }, [element]);
  return pageVisible && onScreen;
}

function MessageRow({ message }: { readonly message: ConversationMessage }) {
  const { t, i18n } = useTranslation(INTERACTIONS_NS);
  const time = new Date(message.time).toLocaleTimeString(i18n.language.replace('_', '-'), { hour: '2-digit', minute: '2-digit' });
  return (
    <div className={`groups-message${message.mine ? ' groups-message--mine' : ''}`} data-mid={message.mid}>
      <div className="groups-message__meta">
        <span className="groups-message__name">{message.mine ? t('groups.me') : message.name}</span>
        <time dateTime={new Date(message.time).toISOString()}>{time}</time>
      </div>
      <div className="groups-message__bubble">{message.text === null ? <em>{t('groups.conversation.unsupported')}</em> : <MessageText text={message.text} />}</div>
    </div>
  );
}

export function ConversationView({ roomId, actions, kind, id, title, conversation, silenced, closed, onBack, onMembers }: ConversationViewProps) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const { t: tMain } = useTranslation();
  const section = useRef<HTMLElement>(null);
  const visible = useSeen(section);
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const messages = conversation?.messages ?? [];
  const unread = conversation?.unread ?? 0;
  const key = conversation?.key;

  useEffect(() => {
    if (!visible || key === undefined || unread === 0) return;
    void actions.markConversationRead(roomId, key);
  }, [actions, roomId, key, unread, visible]);

  const send = async (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    if (busy) return;
    const checked = validateChatText(draft);
    if (!checked.ok) {
      setFailure(tMain(checked.error.key));
      return;
    }
    if (codePointLength(draft) > CONVERSATION_TEXT_MAX) {
      setFailure(t('groups.conversation.tooLong', { max: CONVERSATION_TEXT_MAX }));
      return;
    }
    setBusy(true);
    const outcome = await actions.sendConversationMessage(roomId, { kind, id, title, text: draft });
    setBusy(false);
    if (outcome.ok) {
      setDraft('');
      setFailure(null);
    } else setFailure(groupFailureText(outcome, t, tMain));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter breaks the line; not while an input method is composing.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <section ref={section} className="groups-conversation" aria-label={title}>
      <header className="groups-bar">
        <button type="button" className="groups-bar__back" onClick={onBack} aria-label={t('groups.back')}>
          ‹
        </button>
        <h3 className="groups-bar__title">{title}</h3>
        {onMembers !== null && (
          <button type="button" className="button groups-bar__action" onClick={onMembers}>
            {t('groups.members.open')}
          </button>
        )}
      </header>
      <p className="groups-history-note">{t(kind === 'group' ? 'groups.conversation.historyGroup' : 'groups.conversation.historyPeer')}</p>
      {messages.length === 0 ? (
        <p className="groups-empty groups-conversation__empty">{t('groups.conversation.empty')}</p>
      ) : (
        <Virtuoso
          className="groups-conversation__list"
          data={messages}
          computeItemKey={(_i, m) => m.mid}
          initialTopMostItemIndex={messages.length - 1}
          followOutput="auto"
          itemContent={(_i, m) => <MessageRow message={m} />}
        />
      )}
      {closed ? (
        <p className="groups-empty">{t('groups.conversation.notMember')}</p>
      ) : silenced ? (
        <p className="groups-problem">{t('groups.refused.silenced')}</p>
      ) : (
        <form className="groups-composer" noValidate onSubmit={(event) => void send(event)}>
          <textarea
            className="groups-composer__text"
            rows={2}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder={t('groups.conversation.placeholder')}
            aria-label={t('groups.conversation.label', { title })}
          />
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
            {t('groups.conversation.send')}
          </button>
        </form>
      )}
      {failure !== null && (
        <p className="groups-problem" role="alert">
          {failure}
        </p>
      )}
    </section>
  );
}
