/**
 * The chat's screen-reader announcer: an off-screen polite live region, apart from the chat
 * list (a log with no live region of its own), that says what domain/chatAnnouncer decides
 * at most once per ANNOUNCE_INTERVAL_MS. It never re-renders with the chat: it watches the
 * room's feed with valtio's subscribe, notes that something changed, and reads the new
 * entries only when its interval comes round, so a flood costs the chat's update path one
 * flag per update.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { subscribe, useSnapshot } from 'valtio';
import { ANNOUNCE_INTERVAL_MS, announcementOf, type Announcement } from '../../domain/chatAnnouncer';
import { isStaff } from '../../domain/roles';
import type { ChatEntry } from '../../realtime/chatEntry';
import { realtimeStore } from '../../state/roomFeed';
import { viewerSettings } from '../../state/viewerSettings';
import { useClock } from '../../ui/clock';
import type { TimerId } from '../../realtime/ports';

/** Entries after `lastId` (all of them when it has left the list: the feed moved past it). */
export function entriesAfter(entries: readonly ChatEntry[], lastId: string | null): readonly ChatEntry[] {
  if (lastId === null) return [];
  for (let i = entries.length - 1; i >= 0; i--) if (entries[i]?.msgId === lastId) return entries.slice(i + 1);
  return entries;
}

export function ChatAnnouncer({ roomId }: { readonly roomId: string }) {
  const clock = useClock();
  const { t } = useTranslation();
  const { announce: mode } = useSnapshot(viewerSettings);
  const [said, setSaid] = useState<Announcement | null>(null);
  const lastId = useRef<string | null>(null);

  useEffect(() => {
    if (mode === 'off') return;
    const newest = () => {
      const entries = realtimeStore.rooms[roomId]?.entries ?? [];
      return entries[entries.length - 1]?.msgId ?? null;
    };
    // What is on screen when the announcer starts was not "new".
    lastId.current = newest();
    let pending = false;
    let timer: TimerId | undefined;
    const flush = () => {
      timer = undefined;
      if (!pending) return;
      pending = false;
      const entries = realtimeStore.rooms[roomId]?.entries ?? [];
      const arrived = entriesAfter(entries, lastId.current);
      lastId.current = entries[entries.length - 1]?.msgId ?? lastId.current;
      const announcement = announcementOf(
        mode,
        arrived.map((entry) => ({ name: entry.name, text: entry.text, important: entry.mentionsMe || isStaff(entry.role), mine: entry.mine })),
      );
      if (announcement !== null) {
        setSaid(announcement);
        timer = clock.setTimeout(flush, ANNOUNCE_INTERVAL_MS);
      }
    };
    const stop = subscribe(realtimeStore, () => {
      const now = newest();
      if (now === lastId.current) return;
      // A room that was empty when the announcer started: its first entries are the replay
      // of its history, taken as the starting point at once (waiting for the flush took the
      // first news with them when it came within the flush's 250 ms).
      if (lastId.current === null && !pending) {
        lastId.current = now;
        return;
      }
      pending = true;
      if (timer === undefined) timer = clock.setTimeout(flush, 250);
    });
    return () => {
      stop();
      clock.clearTimeout(timer);
    };
  }, [clock, mode, roomId]);

  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="chat-announcer">
      {mode !== 'off' && said !== null ? t(said.key, said.params) : ''}
    </div>
  );
}
