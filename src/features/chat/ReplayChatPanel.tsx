/**
 * The chat tab while a recording plays (issue 36 item 1): the room's messages as they were
 * sent up to the recording's moment, in step with play, pause, speed and seeks; the four
 * filters; and the chat's timing for a recording whose start is off, remembered per
 * recording. It is only read: no composer, no actions on the rows, no socket.
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPLAY_OFFSET_MAX_S } from '../../domain/replayChatWindow';
import type { ChatFilter } from '../../realtime/filters';
import type { RealtimeOutcome } from '../../realtime/realtimeApi';
import type { SkippedPage } from '../../realtime/skippedPage';
import type { ReplayPosition } from '../../state/replayPlayback';
import { ChatList } from './ChatList';
import { FilterSwitch } from './FilterSwitch';
import { ImageLightbox } from './ImageLightbox';
import { useReplayChat } from './useReplayChat';
import './chat.css';

const NO_GAPS: Readonly<Record<string, number>> = {};
const NO_IDS: readonly string[] = [];
const noAction = (): void => undefined;
// A replay's list has no "not shown" markers, so this is never asked.
const noSkipped = (): Promise<RealtimeOutcome<SkippedPage>> => Promise.resolve({ ok: false, reason: 'not-subscribed', status: null, msg: 'a replay has no skipped messages' });

export interface ReplayChatPanelProps {
  readonly position: ReplayPosition;
}

export function ReplayChatPanel({ position }: ReplayChatPanelProps) {
  const { t } = useTranslation();
  const { startedAt } = position;
  return (
    <section className="chat-panel chat-panel--replay" aria-label={t('chat.replay.label')} data-room-id={position.roomId} data-replay="true">
      {startedAt === null ? (
        <p className="chat-replay__notice" role="status">
          {t('chat.replay.unavailable')}
        </p>
      ) : (
        // A new recording (or room) starts a new window and reads its own offset.
        <ReplayChat key={`${position.roomId}\n${position.recording}`} position={{ ...position, startedAt }} />
      )}
    </section>
  );
}

function ReplayChat({ position }: { readonly position: ReplayPosition & { readonly startedAt: number } }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<ChatFilter>('all');
  const chat = useReplayChat(position, filter);
  const [lightbox, setLightbox] = useState<string | null>(null);
  const onOpenImage = useCallback((url: string) => setLightbox(url), []);
  const onCloseImage = useCallback(() => setLightbox(null), []);
  const { offsetS, setOffset } = chat;
  const signed = offsetS > 0 ? `+${offsetS}` : String(offsetS);

  return (
    <>
      <div className="chat-replay__bar">
        <p className="chat-replay__note">{t('chat.replay.note')}</p>
        <div className="chat-replay__offset" role="group" aria-label={t('chat.replay.offset')}>
          <span className="chat-replay__offset-label">{t('chat.replay.offset')}</span>
          <button type="button" className="chat-replay__step" onClick={() => setOffset(offsetS - 1)} disabled={offsetS <= -REPLAY_OFFSET_MAX_S} aria-label={t('chat.replay.earlier')} title={t('chat.replay.earlier')}>
            −
          </button>
          <output className="chat-replay__offset-value" aria-live="polite" data-testid="replay-offset">
            {t('chat.replay.offsetValue', { value: signed })}
          </output>
          <button type="button" className="chat-replay__step" onClick={() => setOffset(offsetS + 1)} disabled={offsetS >= REPLAY_OFFSET_MAX_S} aria-label={t('chat.replay.later')} title={t('chat.replay.later')}>
            +
          </button>
          {offsetS !== 0 && (
            <button type="button" className="chat-replay__reset" onClick={() => setOffset(0)} aria-label={t('chat.replay.resetLabel')}>
              {t('chat.replay.reset')}
            </button>
          )}
        </div>
      </div>
      <FilterSwitch value={filter} onChange={setFilter} />
      {chat.phase === 'failed' ? (
        <div className="chat-replay__notice" role="alert">
          <p>{t('chat.replay.failed')}</p>
          <button type="button" className="button" onClick={chat.retry}>
            {t('chat.replay.retry')}
          </button>
        </div>
      ) : chat.noChat ? (
        <p className="chat-replay__notice" role="status">
          {t('chat.replay.noChat')}
        </p>
      ) : chat.entries.length === 0 ? (
        <p className="chat-replay__notice" role="status">
          {chat.phase === 'empty' || chat.phase === 'seeking' ? t('chat.replay.loading') : t('chat.replay.nothingYet')}
        </p>
      ) : (
        // Remounted per filter, as the live chat's list: a new view starts at its newest message.
        <ChatList
          key={filter}
          entries={chat.entries}
          gaps={NO_GAPS}
          withdrawn={NO_IDS}
          onQuote={noAction}
          onMention={noAction}
          onWithdraw={noAction}
          onOpenImage={onOpenImage}
          onLoadSkipped={noSkipped}
          readOnly
        />
      )}
      <ImageLightbox src={lightbox} onClose={onCloseImage} />
    </>
  );
}
