/**
 * The chat's tools beside its filter, with texts in the interactions' catalogue (loaded
 * with them, so the guide page carries none): the pop-out button, and
 * the viewer's chat speed (issue 37 item 1): every message, or at most 10, 5 or 2 a second,
 * chosen here and held in every tab (state/viewerSettings). The worker picks the messages a
 * slowed tab gets (realtime/chatSpeed.ts); this says plainly how much of the room that is.
 * It reads only the feed's sample, so the chat's updates re-render it only while slowed.
 */
import { ExternalLink } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
import { intlLocaleOf } from '../../i18n/localeChoice';
import { CHAT_SPEEDS, readChatSpeed, SAMPLE_WINDOW_SECONDS } from '../../realtime/chatSpeed';
import { useRealtime } from '../../state/roomFeed';
import { setViewerSetting, viewerSettings } from '../../state/viewerSettings';
import { sampleRatio } from './chatSpeedText';

export function ChatSpeedControl({ roomId }: { readonly roomId: string }) {
  const { t, i18n } = useTranslation(INTERACTIONS_NS);
  const { chatSpeed } = useSnapshot(viewerSettings);
  const sample = useRealtime().rooms[roomId]?.sample ?? null;
  const format = useMemo(() => new Intl.NumberFormat(intlLocaleOf(i18n.language)), [i18n.language]);
  const ratio = chatSpeed === 0 || sample === null ? null : sampleRatio(sample);
  return (
    <div className="chat-speed">
      <label className="chat-speed__field">
        <span className="visually-hidden">{t('chatSpeed.label')}</span>
        <select value={chatSpeed} title={t('chatSpeed.label')} onChange={(event) => setViewerSetting('chatSpeed', readChatSpeed(Number(event.target.value)))}>
          {CHAT_SPEEDS.map((speed) => (
            <option key={speed} value={speed}>
              {speed === 0 ? t('chatSpeed.all') : t('chatSpeed.limit', { n: speed })}
            </option>
          ))}
        </select>
      </label>
      {ratio !== null && sample !== null && (
        <span
          className="chat-speed__sample"
          data-shown={sample.shown}
          data-arrived={sample.arrived}
          title={t('chatSpeed.sampledDetail', { shown: format.format(sample.shown), arrived: format.format(sample.arrived), seconds: SAMPLE_WINDOW_SECONDS })}
        >
          {t('chatSpeed.sampled', { ratio: format.format(ratio) })}
        </span>
      )}
    </div>
  );
}

/** Opens the chat in a window of its own, beside the viewer's work (the app says where). */
export function PopOutButton({ onClick }: { readonly onClick: () => void }) {
  const { t } = useTranslation(INTERACTIONS_NS);
  return (
    <button type="button" className="chat-popout" onClick={onClick} title={t('chatWindow.openHint')} aria-label={t('chatWindow.open')}>
      {/* A window with an arrow out of it; the button carries the name. */}
      <ExternalLink size={16} aria-hidden="true" focusable="false" />
    </button>
  );
}
