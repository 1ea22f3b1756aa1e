/**
 * Beside the groups tab's label: how many messages are unread and invitations or requests
 * wait for an answer, so a viewer watching the chat tab sees that someone wrote to them.
 */
import { useTranslation } from 'react-i18next';
import { totalUnread } from '../../realtime/conversations';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { useConversations } from '../../state/conversationFeed';
import './groups.css';

export function GroupsUnreadBadge({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const count = totalUnread(useConversations(roomId));
  if (count === 0) return null;
  return (
    <span className="groups-badge groups-badge--tab" aria-label={t('groups.unread', { n: count })}>
      {count > 99 ? '99+' : count}
    </span>
  );
}
