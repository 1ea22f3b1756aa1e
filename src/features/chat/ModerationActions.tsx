/**
 * A row's actions for the host side (the console): quote and mention as for everyone, then
 * withdraw (any message), mute or unmute its sender, invite them to the mic, and kick them,
 * asked twice (a kick shuts the viewer out of the room). The host side's own messages and
 * staff's can be withdrawn, not muted or kicked (the server refuses it anyway).
 */
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { isStaff } from '../../domain/roles';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import type { ChatEntry } from '../../realtime/chatEntry';
import type { RowModeration } from './ChatMessage';
import { QuoteMentionButtons } from './QuoteMentionButtons';
import type { ChatRowLabels } from './rowLabels';

export interface ModerationActionsProps {
  readonly entry: ChatEntry;
  readonly labels: ChatRowLabels;
  readonly moderation: RowModeration;
  onQuote(entry: ChatEntry): void;
  onMention(entry: ChatEntry): void;
}

export function ModerationActions({ entry, labels, moderation, onQuote, onMention }: ModerationActionsProps) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const [kickAsked, setKickAsked] = useState(false);
  const viewer = !entry.mine && !isStaff(entry.role);
  const mutedNow = useSyncExternalStore(moderation.onMutedChange, () => moderation.isMuted(entry.uid));
  const muted = viewer && mutedNow;
  return (
    <div className="chat-message__actions chat-message__actions--moderation">
      {!entry.mine && <QuoteMentionButtons entry={entry} labels={labels} onQuote={onQuote} onMention={onMention} />}
      <button type="button" className="chat-message__action" onClick={() => moderation.moderate(entry, 'withdraw')}>
        {t('console.chat.withdraw')}
      </button>
      {viewer && (
        <>
          <button type="button" className="chat-message__action" onClick={() => moderation.moderate(entry, muted ? 'unmute' : 'mute')} aria-label={t(muted ? 'console.chat.unmuteOf' : 'console.chat.muteOf', { name: entry.name })}>
            {t(muted ? 'console.chat.unmute' : 'console.chat.mute')}
          </button>
          <button type="button" className="chat-message__action" onClick={() => moderation.moderate(entry, 'inviteToMic')} aria-label={t('console.chat.inviteOf', { name: entry.name })}>
            {t('console.chat.invite')}
          </button>
          {kickAsked ? (
            <button type="button" className="chat-message__action chat-message__action--danger" onClick={() => moderation.moderate(entry, 'kick')} aria-label={t('console.chat.kickConfirmOf', { name: entry.name })}>
              {t('console.chat.kickConfirm')}
            </button>
          ) : (
            <button type="button" className="chat-message__action" onClick={() => setKickAsked(true)} aria-label={t('console.chat.kickOf', { name: entry.name })}>
              {t('console.chat.kick')}
            </button>
          )}
        </>
      )}
    </div>
  );
}
