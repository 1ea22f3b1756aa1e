/**
 * A row's actions for the host side (the console): quote and mention as for everyone, then
 * withdraw (any message), mute or unmute its sender, a notice to the sender alone (7127
 * notice: a line only they see), invite them to the mic, and kick them, asked twice (a kick
 * shuts the viewer out of the room). The host side's own messages and staff's can be
 * withdrawn, not muted, noticed or kicked (the server refuses it anyway).
 */
import { useId, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isStaff } from '../../domain/roles';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import type { ChatEntry } from '../../realtime/chatEntry';
import type { RowModeration } from './ChatMessage';
import { QuoteMentionButtons } from './QuoteMentionButtons';
import type { ChatRowLabels } from './rowLabels';

/** The server's bound on a control message's text (server/chat/service.ts CONTROL_TEXT_MAX). */
const NOTICE_MAX = 200;

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
  // The notice's text while its form is open (null: closed).
  const [notice, setNotice] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const noticeId = useId();
  const sendNotice = (event: FormEvent) => {
    event.preventDefault();
    const text = notice?.trim() ?? '';
    if (text === '' || sending) return;
    setSending(true);
    void moderation.moderate(entry, 'notice', text).then((ok) => {
      setSending(false);
      if (ok) setNotice(null);
    });
  };
  const viewer = !entry.mine && !isStaff(entry.role);
  const mutedNow = useSyncExternalStore(moderation.onMutedChange, () => moderation.isMuted(entry.uid));
  const muted = viewer && mutedNow;
  return (
    <>
      <div className="chat-message__actions chat-message__actions--moderation">
        {!entry.mine && <QuoteMentionButtons entry={entry} labels={labels} onQuote={onQuote} onMention={onMention} />}
        <button type="button" className="chat-message__action" onClick={() => void moderation.moderate(entry, 'withdraw')}>
          {t('console.chat.withdraw')}
        </button>
        {viewer && (
          <>
            <button type="button" className="chat-message__action" onClick={() => void moderation.moderate(entry, muted ? 'unmute' : 'mute')} aria-label={t(muted ? 'console.chat.unmuteOf' : 'console.chat.muteOf', { name: entry.name })}>
              {t(muted ? 'console.chat.unmute' : 'console.chat.mute')}
            </button>
            <button type="button" className="chat-message__action" aria-expanded={notice !== null} onClick={() => setNotice((now) => (now === null ? '' : null))} aria-label={t('console.chat.noticeOf', { name: entry.name })}>
              {t('console.chat.notice')}
            </button>
            <button type="button" className="chat-message__action" onClick={() => void moderation.moderate(entry, 'inviteToMic')} aria-label={t('console.chat.inviteOf', { name: entry.name })}>
              {t('console.chat.invite')}
            </button>
            {kickAsked ? (
              <button type="button" className="chat-message__action chat-message__action--danger" onClick={() => void moderation.moderate(entry, 'kick')} aria-label={t('console.chat.kickConfirmOf', { name: entry.name })}>
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
        {/* In the row's flow, under the message (the bar floats over the row and the rows below would cover it). */}
        {viewer && notice !== null && (
          <form className="chat-message__notice" onSubmit={sendNotice}>
            <label className="visually-hidden" htmlFor={noticeId}>
              {t('console.chat.noticeTextOf', { name: entry.name })}
            </label>
            <input id={noticeId} className="form-field__input" maxLength={NOTICE_MAX} value={notice} autoFocus onChange={(event) => setNotice(event.target.value)} />
            <button type="submit" className="chat-message__action" disabled={sending || notice.trim() === ''}>
              {t('console.chat.noticeSend')}
            </button>
          </form>
        )}
    </>
  );
}
