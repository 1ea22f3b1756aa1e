/**
 * The conversations of the viewer's account, the most recently active first, each with its
 * newest line and its unread count; the groups this room offers that the viewer is not in
 * yet, to join; and the way to start a group.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { conversationOrder, GROUP_REQUEST, type Conversation, type ConversationsState } from '../../realtime/conversations';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { useApi } from '../../state/apiContext';
import { groupFailureText } from './groupFailure';
import type { GroupsActions } from './types';

export interface RoomGroup {
  readonly gid: string;
  readonly name: string;
  readonly intro: string;
  readonly members: number;
}

/** The group_info/list answer; malformed entries are dropped. */
export function readRoomGroups(data: unknown): RoomGroup[] {
  const groups = typeof data === 'object' && data !== null ? (data as { groups?: unknown }).groups : undefined;
  if (!Array.isArray(groups)) return [];
  return groups.flatMap((g): RoomGroup[] => {
    if (typeof g !== 'object' || g === null) return [];
    const r = g as Record<string, unknown>;
    if (typeof r.gid !== 'string' || r.gid === '') return [];
    return [{ gid: r.gid, name: typeof r.name === 'string' ? r.name : r.gid, intro: typeof r.intro === 'string' ? r.intro : '', members: typeof r.members === 'number' ? r.members : 0 }];
  });
}

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
  const { t: tMain } = useTranslation();
  const api = useApi();
  const [roomGroups, setRoomGroups] = useState<readonly RoomGroup[]>([]);
  const [joining, setJoining] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [applied, setApplied] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    const controller = new AbortController();
    api.live.groupInfoList({ webcastId: roomId }, { signal: controller.signal, background: true }).then(
      (data) => setRoomGroups(readRoomGroups(data)),
      () => setRoomGroups([]), // the room's offer is extra: without it the tab still works
    );
    return () => controller.abort();
  }, [api, roomId]);

  const join = async (group: RoomGroup) => {
    setJoining(group.gid);
    setFailure(null);
    const outcome = await actions.groupRequest(roomId, GROUP_REQUEST.apply, { gid: group.gid });
    setJoining(null);
    if (!outcome.ok) setFailure(groupFailureText(outcome, t, tMain));
    else if (outcome.value.joined !== true) setApplied((current) => new Set([...current, group.gid]));
  };

  const conversations = conversationOrder(book);
  const toJoin = roomGroups.filter((g) => book.groups[g.gid] === undefined);
  const locale = i18n.language.replace('_', '-');
  return (
    <div className="groups-list">
      <div className="groups-list__tools">
        <button type="button" className="button button--primary" onClick={onCreate}>
          {t('groups.create.open')}
        </button>
      </div>
      {toJoin.length > 0 && (
        <section className="groups-offer" aria-label={t('groups.list.roomGroups')}>
          <h4 className="groups-section-title">{t('groups.list.roomGroups')}</h4>
          {toJoin.map((group) => (
            <div key={group.gid} className="groups-offer__item">
              <span className="groups-contact__text">
                <span className="groups-contact__name">{group.name}</span>
                <span className="groups-contact__detail">
                  {group.intro !== '' ? `${group.intro} · ` : ''}
                  {t('groups.contacts.people', { n: group.members })}
                </span>
              </span>
              {applied.has(group.gid) ? (
                <span className="groups-contact__detail">{t('groups.list.applied')}</span>
              ) : (
                <button type="button" className="button" disabled={joining !== null} aria-busy={joining === group.gid} onClick={() => void join(group)}>
                  {t('groups.list.join')}
                </button>
              )}
            </div>
          ))}
        </section>
      )}
      {failure !== null && (
        <p className="groups-problem" role="alert">
          {failure}
        </p>
      )}
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
