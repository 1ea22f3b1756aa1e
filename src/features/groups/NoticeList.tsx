/**
 * What happened in the viewer's groups, newest first: invitations and applications to
 * answer (1405, 1409), requests to speak (1429), and what others did (made admin, handed
 * over, removed, silenced...). An answered one says so in every tab.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ANSWERABLE_NOTICES, type ConversationsState, type GroupNotice } from '../../realtime/conversations';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { groupFailureText } from './groupFailure';
import { noticeAnswer } from './groupRequests';
import type { GroupsActions } from './types';

/** Notices whose words depend on their value: yes (1) or no (0). */
const TWO_WAY: ReadonlySet<GroupNotice['kind']> = new Set(['inviteReply', 'applicationReply', 'admin', 'power']);

const noticeKey = (notice: GroupNotice): string => `groups.notice.${notice.kind}${TWO_WAY.has(notice.kind) ? (notice.value === 1 ? 'Yes' : 'No') : ''}`;

interface NoticeListProps {
  readonly roomId: string;
  readonly actions: GroupsActions;
  readonly book: ConversationsState;
}

export function NoticeList({ roomId, actions, book }: NoticeListProps) {
  const { t, i18n } = useTranslation(INTERACTIONS_NS);
  const { t: tMain } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const locale = i18n.language.replace('_', '-');

  const answer = async (notice: GroupNotice, accept: boolean) => {
    const request = noticeAnswer(notice, accept);
    if (request === null) return;
    setBusy(notice.id);
    setFailure(null);
    const outcome = await actions.groupRequest(roomId, request[0], request[1]);
    setBusy(null);
    if (!outcome.ok) setFailure(groupFailureText(outcome, t, tMain));
  };

  if (book.notices.length === 0) return <p className="groups-empty">{t('groups.notices.empty')}</p>;
  return (
    <div className="groups-notices">
      {failure !== null && (
        <p className="groups-problem" role="alert">
          {failure}
        </p>
      )}
      <ul className="groups-notice-list">
        {book.notices.map((notice) => {
          const group = notice.groupName ?? book.groups[notice.gid]?.name ?? notice.gid;
          const who = notice.name ?? notice.uid ?? '';
          const answerable = ANSWERABLE_NOTICES.has(notice.kind);
          return (
            <li key={notice.id} className="groups-notice" data-kind={notice.kind}>
              <p className="groups-notice__text">{t(noticeKey(notice), { group, who })}</p>
              <div className="groups-notice__foot">
                <time dateTime={new Date(notice.time).toISOString()}>{new Date(notice.time).toLocaleString(locale, { month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' })}</time>
                {answerable &&
                  (notice.pending ? (
                    <span className="groups-notice__actions">
                      <button type="button" className="button" disabled={busy !== null} onClick={() => void answer(notice, false)}>
                        {t('groups.notices.refuse')}
                      </button>
                      <button type="button" className="button button--primary" disabled={busy !== null} aria-busy={busy === notice.id} onClick={() => void answer(notice, true)}>
                        {t(notice.kind === 'powerApplication' ? 'groups.notices.allow' : 'groups.notices.accept')}
                      </button>
                    </span>
                  ) : (
                    <span className="groups-contact__detail">{t('groups.notices.answered')}</span>
                  ))}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
