/**
 * The chat over the player in full screen and immersive mode (issue 37 item 4): the newest
 * few rows, or more, on the player's right, above its control bar, with a switch and a
 * density choice that are the viewer's (state/viewerSettings). It reads the room's feed at
 * most four times a second, whatever the room's rate, and only while it is shown.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { subscribe, useSnapshot } from 'valtio';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import type { ChatEntry } from '../../realtime/chatEntry';
import { realtimeStore } from '../../state/roomFeed';
import { setViewerSetting, viewerSettings, type FullscreenChat } from '../../state/viewerSettings';
import { useClock } from '../../ui/clock';

/** Rows shown per density. */
const OVERLAY_ROWS: Readonly<Record<Exclude<FullscreenChat, 'off'>, number>> = { few: 4, many: 10 };
const READ_EVERY_MS = 250;

function useNewestEntries(roomId: string, count: number): readonly ChatEntry[] {
  const clock = useClock();
  // Bumped at most every READ_EVERY_MS while the feed changes: the render reads the feed then.
  const [, setReads] = useState(0);
  useEffect(() => {
    if (count === 0) return;
    let timer: ReturnType<typeof clock.setTimeout> | undefined;
    const stop = subscribe(realtimeStore, () => {
      timer ??= clock.setTimeout(() => {
        timer = undefined;
        setReads((n) => n + 1);
      }, READ_EVERY_MS);
    });
    return () => {
      stop();
      clock.clearTimeout(timer);
    };
  }, [clock, roomId, count]);
  return count === 0 ? [] : (realtimeStore.rooms[roomId]?.entries.slice(-count) ?? []);
}

export function ChatOverlay({ roomId }: { readonly roomId: string }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  const { fullscreenChat } = useSnapshot(viewerSettings);
  const on = fullscreenChat !== 'off';
  const rows = useNewestEntries(roomId, on ? OVERLAY_ROWS[fullscreenChat] : 0);
  return (
    <div className="chat-overlay" data-density={fullscreenChat}>
      <div className="chat-overlay__bar">
        <button type="button" className="chat-overlay__button" aria-pressed={on} onClick={() => setViewerSetting('fullscreenChat', on ? 'off' : 'few')}>
          {t('chatOverlay.switch')}
        </button>
        {on && (
          <button type="button" className="chat-overlay__button" onClick={() => setViewerSetting('fullscreenChat', fullscreenChat === 'few' ? 'many' : 'few')}>
            {fullscreenChat === 'few' ? t('chatOverlay.more') : t('chatOverlay.fewer')}
          </button>
        )}
      </div>
      {on && (
        <ol className="chat-overlay__rows" aria-label={t('chatOverlay.label')}>
          {rows.map((entry) => (
            <li key={entry.msgId} className="chat-overlay__row" data-msg-id={entry.msgId}>
              <span className="chat-overlay__body">
                <span className="chat-overlay__name">{entry.name}</span>
                {entry.text !== '' ? entry.text : t('chatOverlay.picture')}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
