/**
 * The conversations of the viewer's account, the most recently active first, each with its
 * newest line and its unread count; the groups this room offers that the viewer is not in
 * yet, to join; and the way to start a group.
 */
import { useTranslation } from 'react-i18next';
import { conversationOrder, type Conversation, type ConversationsState } from '../../realtime/conversations';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { RoomGroupOffer } from './RoomGroupOffer';
import type { GroupsActions } from './types';

function lastLine(conversation: Conversation, t: (key: string) => string): string {
  const last = conversation.messages.at(-1);
  if (last === undefined) return t('groups.list.noMessages');
  const text = last.text ?? t('groups.conversation.unsupported');
  return last.mine ? `${t('groups.me')}: ${text}` : conversation.kind === 'group' ? `${last.name}: ${text}` : text;
}

interface ConversationListProps {
  readonly roomId: string;
  readonly actions: GroupsActions;
  readonly book: ConversationsState;
  readonly onOpen: (conversation: Conversation) => void;
  readonly onCreate: () => void;
}

export function ConversationList({ roomId, actions, book, onOpen, onCreate }: ConversationListProps) {
  const { t, i18n } = useTranslation(INTERACTIONS_NS);
  const conversations = conversationOrder(book);
  const locale = i18n.language.replace('_', '-');
  return (
    <div className="groups-list">
      <div className="groups-list__tools">
        <button type="button" className="button button--primary" onClick={onCreate}>
          {t('groups.create.open')}
        </button>
      </div>
      <RoomGroupOffer roomId={roomId} actions={actions} joined={(gid) => book.groups[gid] !== undefined} />
      {conversations.length === 0 ? (
        <p className="groups-empty">{book.listed ? t('groups.list.empty') : t('groups.loading')}</p>
      ) : (
        <ul className="groups-conversations" aria-label={t('groups.tabs.messages')}>
          {conversations.map((c) => (
            <li key={c.key}>
              <button type="button" className="groups-conversation-item" data-key={c.key} onClick={() => onOpen(c)}>
                <span className={`groups-avatar${c.kind === 'group' ? ' groups-avatar--group' : ''}`} aria-hidden="true">
                  {Array.from(c.title)[0] ?? '?'}
                </span>
                <span className="groups-contact__text">
                  <span className="groups-contact__name">
                    {c.title}
                    {c.kind === 'group' && <span className="groups-tag">{t('groups.list.group')}</span>}
                  </span>
                  <span className="groups-contact__detail">{lastLine(c, t)}</span>
                </span>
                <span className="groups-conversation-item__side">
                  {c.lastTime > 0 && <time dateTime={new Date(c.lastTime).toISOString()}>{new Date(c.lastTime).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' })}</time>}
                  {c.unread > 0 && (
                    <span className="groups-badge" aria-label={t('groups.unread', { n: c.unread })}>
                      {c.unread > 99 ? '99+' : c.unread}
                    </span>
                  )}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
