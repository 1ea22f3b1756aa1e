/**
 * What a screen reader is told of new chat messages (issue 12 item 6). The chat list itself
 * is a log with no live region: screen readers that re-read whole chat windows on every
 * change make a busy room unusable. Instead one polite announcer says, at most once per
 * interval:
 * - `important` (the default): a message that mentions the viewer or comes from the host
 *   or an assistant, as "name said text", with how many more such messages came with it;
 * - `all`: a single new message as "name said text", several as "N new messages";
 * - `off`: nothing.
 * Pure: the chat panel feeds it the entries that arrived and the clock.
 */

export type AnnounceMode = 'off' | 'important' | 'all';
export const ANNOUNCE_MODES: readonly AnnounceMode[] = ['off', 'important', 'all'];
export const DEFAULT_ANNOUNCE_MODE: AnnounceMode = 'important';

/** At most one announcement this often: a reader must finish one before the next. */
export const ANNOUNCE_INTERVAL_MS = 2000;
/** Long messages are read up to here. */
export const ANNOUNCE_TEXT_MAX = 140;

export interface AnnouncedEntry {
  readonly name: string;
  readonly text: string;
  /** Mentions the viewer, or is from the host or an assistant. */
  readonly important: boolean;
  /** The viewer's own: never announced (they know what they sent). */
  readonly mine: boolean;
}

/** An i18n key and its parameters (the chat panel translates it). */
export type Announcement =
  | { readonly key: 'chat.announce.said'; readonly params: { readonly name: string; readonly text: string } }
  | { readonly key: 'chat.announce.saidAndMore'; readonly params: { readonly name: string; readonly text: string; readonly count: number } }
  | { readonly key: 'chat.announce.newMessages'; readonly params: { readonly count: number } };

const short = (text: string) => (text.length > ANNOUNCE_TEXT_MAX ? `${text.slice(0, ANNOUNCE_TEXT_MAX)}…` : text);

/** The announcement for the entries that arrived since the last one, or null for silence. */
export function announcementOf(mode: AnnounceMode, arrived: readonly AnnouncedEntry[]): Announcement | null {
  if (mode === 'off') return null;
  const others = arrived.filter((entry) => !entry.mine);
  const heard = mode === 'important' ? others.filter((entry) => entry.important) : others;
  const last = heard[heard.length - 1];
  if (last === undefined) return null;
  if (heard.length === 1) return { key: 'chat.announce.said', params: { name: last.name, text: short(last.text) } };
  if (mode === 'important') return { key: 'chat.announce.saidAndMore', params: { name: last.name, text: short(last.text), count: heard.length - 1 } };
  return { key: 'chat.announce.newMessages', params: { count: heard.length } };
}

export function readAnnounceMode(value: unknown): AnnounceMode {
  return ANNOUNCE_MODES.includes(value as AnnounceMode) ? (value as AnnounceMode) : DEFAULT_ANNOUNCE_MODE;
}
