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
 *
 * Beside the messages (issue 37 item 2), chosen in the settings: an interaction that starts
 * (roll call, questionnaire or quiz, answer sheet, lottery, red packet) comes first, and
 * messages skipped in a flood are summed up at most every SKIP_ANNOUNCE_INTERVAL_MS; one
 * line per interval in all. On request the viewer hears how many messages came since
 * they last asked.
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

/** What the announcer says besides the messages; keys of the interactions' catalogue. */
export type InteractionKind = 'rollCall' | 'paper' | 'answerSheet' | 'lottery' | 'redPacket';
export type AnnouncerLine =
  | { readonly key: `announce.${InteractionKind}`; readonly params: Readonly<Record<string, never>> }
  | { readonly key: 'announce.skipped'; readonly params: { readonly count: number } }
  | { readonly key: 'announce.sinceAsked'; readonly params: { readonly count: number } };

/** A skip summed up at most this often: in a flood each delta skips some, and that is no news every 2 s. */
export const SKIP_ANNOUNCE_INTERVAL_MS = 10_000;

/** What the viewer chose to hear. */
export interface AnnounceChoices {
  readonly messages: AnnounceMode;
  readonly interactions: boolean;
  readonly skips: boolean;
}

/** The interactions of the room state as the announcer compares them (RoomState's, structurally). */
export interface InteractionsView {
  readonly rollCall: { readonly id: string } | null;
  readonly paper: { readonly kind: 'paper' | 'answerSheet'; readonly id: string | null } | null;
  readonly lottery: { readonly raffleId: string; readonly state: 'start' | 'drawing' | 'end' } | null;
  readonly redPacket: { readonly id: string; readonly state: 0 | 1 | 2 } | null;
}

/** The interactions that started between two states of the room, in a fixed order. */
export function interactionsStarted(before: InteractionsView, after: InteractionsView): InteractionKind[] {
  const started: InteractionKind[] = [];
  if (after.rollCall !== null && after.rollCall.id !== before.rollCall?.id) started.push('rollCall');
  const paper = after.paper;
  if (paper !== null && paper.id !== null && (paper.id !== before.paper?.id || paper.kind !== before.paper.kind)) started.push(paper.kind);
  const lottery = after.lottery;
  if (lottery !== null && lottery.state === 'start' && (lottery.raffleId !== before.lottery?.raffleId || before.lottery.state !== 'start')) started.push('lottery');
  const packet = after.redPacket;
  if (packet !== null && packet.state === 1 && (packet.id !== before.redPacket?.id || before.redPacket.state !== 1)) started.push('redPacket');
  return started;
}

export interface AnnouncerRound {
  /** Started interactions not said yet, oldest first. */
  readonly interactions: readonly InteractionKind[];
  /** The messages that arrived since the last round. */
  readonly arrived: readonly AnnouncedEntry[];
  /** Messages skipped and not said yet, and whether a skip may be said now. */
  readonly skipped: number;
  readonly skipDue: boolean;
}

export interface AnnouncerRoundResult {
  readonly say: Announcement | AnnouncerLine | null;
  /** What waits for the next round: interactions and messages not said, skips not summed up yet. */
  readonly interactions: readonly InteractionKind[];
  readonly arrived: readonly AnnouncedEntry[];
  readonly skipped: number;
}

/**
 * The one line of a round: an interaction that started, else the messages, else the
 * skipped ones; what was not said of the interactions, the messages (behind an
 * interaction) and the skips waits for the next.
 */
export function roundAnnouncement(choices: AnnounceChoices, round: AnnouncerRound): AnnouncerRoundResult {
  const interactions = choices.interactions ? round.interactions : [];
  const skipped = choices.skips ? round.skipped : 0;
  const first = interactions[0];
  if (first !== undefined) return { say: { key: `announce.${first}`, params: {} }, interactions: interactions.slice(1), arrived: round.arrived, skipped };
  const said = announcementOf(choices.messages, round.arrived);
  if (said !== null) return { say: said, interactions, arrived: [], skipped };
  if (skipped > 0 && round.skipDue) return { say: { key: 'announce.skipped', params: { count: skipped } }, interactions, arrived: [], skipped: 0 };
  return { say: null, interactions, arrived: [], skipped };
}

/** Whether the viewer's choices ask for a line of this kind (the count they asked for always): a line of a kind turned off since is no longer there to read. */
export function isChosen(line: Announcement | AnnouncerLine, choices: AnnounceChoices): boolean {
  if (line.key === 'announce.sinceAsked') return true;
  if (line.key === 'announce.skipped') return choices.skips;
  if (line.key.startsWith('announce.')) return choices.interactions;
  return choices.messages !== 'off';
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
