/**
 * The connection status of the room's messages: shown once the worker had to fill or give
 * up a range, or this tab could not show some messages. It gives the worker's counters in
 * words (role status, read once by screen readers), and can be put away until the next gap.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocaleOf } from '../../i18n/localeChoice';
import { useRealtime } from '../../state/roomFeed';
import { syncLines, syncStamp } from './syncStatus';

export function SyncStatus({ roomId }: { readonly roomId: string }) {
  const { t, i18n } = useTranslation();
  const feed = useRealtime().rooms[roomId];
  const [dismissed, setDismissed] = useState<string | null>(null);
  // The counters change at every update of a flood; the formatter only with the language.
  const format = useMemo(() => new Intl.NumberFormat(intlLocaleOf(i18n.language)), [i18n.language]);
  if (feed === undefined) return null;
  const facts = { sync: feed.sync, notShown: feed.notShown };
  const lines = syncLines(facts);
  const stamp = syncStamp(facts);
  if (lines.length === 0 || dismissed === stamp) return null;
  return (
    <div
      className="chat-sync"
      role="status"
      data-gaps-filled={feed.sync.gapsFilled}
      data-gaps-skipped={feed.sync.gapsSkipped}
      data-messages-skipped={feed.sync.messagesSkipped}
      data-messages-thinned={feed.sync.messagesThinned}
      data-not-shown={feed.notShown}
    >
      <span className="chat-sync__text">{lines.map((line) => t(line.key, { n: format.format(line.n) })).join(' · ')}</span>
      <button type="button" className="chat-sync__close" onClick={() => setDismissed(stamp)} aria-label={t('chat.sync.dismiss')}>
        ×
      </button>
    </div>
  );
}
