/**
 * The chat's screen-reader announcer: an off-screen polite live region, apart from the chat
 * list (a log with no live region of its own), that says what domain/chatAnnouncer decides
 * at most once per ANNOUNCE_INTERVAL_MS: an interaction that starts, the messages the
 * viewer chose to hear, messages skipped in a flood (issue 37 item 2), each as the viewer
 * chose in the settings. It never re-renders with the chat: it watches the room's feed
 * with valtio's subscribe, notes that something changed, and reads the new entries and the
 * room state only when its interval comes round, so a flood costs the chat's update path
 * one comparison per update. A button, shown when focused (the chat's first stop for the
 * keyboard), says how many messages came since the viewer last asked.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { subscribe, useSnapshot } from 'valtio';
import {
  ANNOUNCE_INTERVAL_MS,
  interactionsStarted,
  isChosen,
  roundAnnouncement,
  SKIP_ANNOUNCE_INTERVAL_MS,
  type Announcement,
  type AnnouncedEntry,
  type AnnouncerLine,
  type InteractionKind,
  type InteractionsView,
} from '../../domain/chatAnnouncer';
import { isStaff } from '../../domain/roles';
import { INTERACTIONS_NS } from '../../i18n/catalogues';
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

const NO_INTERACTIONS: InteractionsView = { rollCall: null, paper: null, lottery: null, redPacket: null };

export function ChatAnnouncer({ roomId }: { readonly roomId: string }) {
  const clock = useClock();
  // Both catalogues: the chat's lines and the interactions' (loaded with the chat's tools).
  const { t } = useTranslation(['translation', INTERACTIONS_NS]);
  const { announce, announceInteractions, announceSkips } = useSnapshot(viewerSettings);
  const [said, setSaid] = useState<Announcement | AnnouncerLine | null>(null);
  const ask = useRef<() => void>(() => undefined);

  useEffect(() => {
    const choices = { messages: announce, interactions: announceInteractions, skips: announceSkips };
    const feed = () => realtimeStore.rooms[roomId];
    const newest = () => feed()?.entries.at(-1)?.msgId ?? null;
    // What the room shows when the announcer starts was not "new".
    let lastId = newest();
    // An interaction already open when the announcer starts (it loads after the chat) is
    // news to this viewer: it is compared with none, in a first round.
    let lastRoom: InteractionsView | null = null;
    let lastNotShown = feed()?.notShown ?? 0;
    let interactions: InteractionKind[] = [];
    // Messages that came in a round an interaction took: said in the next one.
    let held: readonly AnnouncedEntry[] = [];
    let skipped = 0;
    let skipSaidAt = -Infinity;
    let sinceAsked = 0;
    let pending = false;
    let timer: TimerId | undefined;

    /** Takes in what changed since the last look; returns the messages that arrived. */
    const take = (): readonly ChatEntry[] => {
      const current = feed();
      if (current === undefined) return [];
      const arrived = entriesAfter(current.entries, lastId);
      lastId = current.entries.at(-1)?.msgId ?? lastId;
      if (current.room !== lastRoom) {
        interactions = interactions.concat(interactionsStarted(lastRoom ?? NO_INTERACTIONS, current.room));
        lastRoom = current.room;
      }
      const notShown = Math.max(0, current.notShown - lastNotShown);
      lastNotShown = current.notShown;
      skipped += notShown;
      sinceAsked += arrived.length + notShown;
      return arrived;
    };
    const flush = () => {
      timer = undefined;
      if (!pending) return;
      pending = false;
      const arrived = take();
      const now = clock.now();
      const round = roundAnnouncement(choices, {
        interactions,
        arrived: held.concat(arrived.map((entry) => ({ name: entry.name, text: entry.text, important: entry.mentionsMe || isStaff(entry.role), mine: entry.mine }))),
        skipped,
        skipDue: now - skipSaidAt >= SKIP_ANNOUNCE_INTERVAL_MS,
      });
      interactions = [...round.interactions];
      held = round.arrived;
      skipped = round.skipped;
      if (round.say === null) return;
      if (round.say.key === 'announce.skipped') skipSaidAt = now;
      setSaid(round.say);
      // The next line waits for the interval; an interaction or a message still to say comes then.
      pending = interactions.length > 0 || held.length > 0;
      timer = clock.setTimeout(flush, ANNOUNCE_INTERVAL_MS);
    };
    const stop = subscribe(realtimeStore, () => {
      const current = feed();
      const now = newest();
      // A room that was empty when the announcer started: its first entries are the replay
      // of its history, taken as the starting point at once (waiting for the flush took the
      // first news with them when it came within the flush's 250 ms; so did a change of the
      // room's state pending then).
      if (lastId === null && now !== null) lastId = now;
      if (now === lastId && current?.room === lastRoom && (current?.notShown ?? 0) === lastNotShown) return;
      pending = true;
      if (timer === undefined) timer = clock.setTimeout(flush, 250);
    });
    pending = true;
    timer = clock.setTimeout(flush, 250);
    ask.current = () => {
      take();
      setSaid({ key: 'announce.sinceAsked', params: { count: sinceAsked } });
      sinceAsked = 0;
    };
    return () => {
      stop();
      clock.clearTimeout(timer);
    };
  }, [clock, announce, announceInteractions, announceSkips, roomId]);

  // A line of a kind the viewer has since turned off is no longer there to read.
  const kept = said !== null && isChosen(said, { messages: announce, interactions: announceInteractions, skips: announceSkips }) ? said : null;
  // The interactions' lines are in their catalogue, loaded with the chat's tools.
  const text = kept === null ? '' : kept.key.startsWith('announce.') ? t(kept.key, { ...kept.params, ns: INTERACTIONS_NS }) : t(kept.key, kept.params);
  return (
    <>
      <button type="button" className="chat-announcer__ask visually-hidden-focusable" onClick={() => ask.current()}>
        {t('announce.ask', { ns: INTERACTIONS_NS })}
      </button>
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="chat-announcer">
        {text}
      </div>
    </>
  );
}
