/**
 * The room's activity as one viewer's tab sees it (issue 42): every interaction that arrived
 * (roll call, questionnaire or quiz, answer sheet, lottery, red packet, pushed goods), whether
 * it is the room's current one of its kind, what it asks of the viewer, and whether the viewer
 * put its card away. The tray lists it and counts what waits; the dock shows the current,
 * not put away. Pure: the features report, the tray reads, nothing here knows React.
 *
 * An entry's life: reported (current) -> reported again as its state moves -> retired (a
 * newer one of its kind took the slot, or its feature left the screen). Putting a card away
 * and taking it out again are the viewer's, any time while it is current.
 */
import type { LotteryPhase } from './lottery';
import type { PaperPhase } from './paperFlow';
import type { RedPacketCardPhase } from './redPacket';
import type { RollCallPhase } from './rollCall';

export type ActivityKind = 'rollCall' | 'questionnaire' | 'quiz' | 'answerSheet' | 'lottery' | 'redPacket' | 'goods' | 'recommend';

/**
 * What the interaction asks of the viewer now:
 * - `waiting`: something to do (sign in, answer, join, grab);
 * - `results`: the outcome is out (a draw, a closed paper's results), worth a look;
 * - `done`: the viewer took part, nothing more to do;
 * - `open`: on, nothing asked of the viewer (a pushed product);
 * - `ended`: over without the viewer.
 */
export type ActivityStatus = 'waiting' | 'open' | 'results' | 'done' | 'ended';

/** What a feature says about its interaction. `slot` is the feature's card: one current entry per slot. */
export interface ActivityReport {
  readonly slot: string;
  /** Unique in the room for this interaction (kind and id). */
  readonly key: string;
  readonly kind: ActivityKind;
  readonly title: string;
  readonly status: ActivityStatus;
}

export interface ActivityEntry extends ActivityReport {
  /** When this tab first heard of it (ms), for the tray's order and its time. */
  readonly since: number;
  /** When its card last came into view (arrived, or shown again from the tray): the newest are shown first. */
  readonly raised: number;
  /** Still the room's current one of its slot (its card can show). */
  readonly current: boolean;
  /** The viewer put its card away (it stays in the tray). */
  readonly dismissed: boolean;
  /** Its results were in view once (a card shown when they came, or opened from the tray). */
  readonly resultsSeen: boolean;
}

/** The most entries a room keeps (oldest retired first): a long day's activity, bounded. */
export const ACTIVITY_LIMIT = 50;

export type ActivityLog = readonly ActivityEntry[];

/** The log after a feature's report: a new entry retires the slot's previous one; a known one takes the new state. */
export function reportActivity(log: ActivityLog, report: ActivityReport, now: number): ActivityLog {
  const known = log.find((entry) => entry.key === report.key);
  if (known !== undefined && known.current && known.slot === report.slot && known.title === report.title && known.status === report.status && known.kind === report.kind) return log;
  const next = log.map((entry): ActivityEntry => {
    if (entry.key === report.key) {
      const resultsCame = report.status === 'results' && entry.status !== 'results';
      return { ...entry, ...report, current: true, resultsSeen: entry.resultsSeen || (resultsCame && !entry.dismissed) };
    }
    return entry.slot === report.slot && entry.current ? { ...entry, current: false } : entry;
  });
  if (known !== undefined) return next;
  const added: ActivityEntry = { ...report, since: now, raised: now, current: true, dismissed: false, resultsSeen: report.status === 'results' };
  return trim([...next, added]);
}

/** The slot shows nothing now (its interaction went, or its feature left the screen). */
export function retireSlot(log: ActivityLog, slot: string): ActivityLog {
  return log.some((entry) => entry.slot === slot && entry.current) ? log.map((entry) => (entry.slot === slot && entry.current ? { ...entry, current: false } : entry)) : log;
}

export function dismissActivity(log: ActivityLog, key: string): ActivityLog {
  return log.map((entry) => (entry.key === key && !entry.dismissed ? { ...entry, dismissed: true } : entry));
}

/** Takes a card out again (from the tray): shown first, and its results count as seen. */
export function reopenActivity(log: ActivityLog, key: string, now: number): ActivityLog {
  return log.map((entry) => (entry.key === key ? { ...entry, dismissed: false, resultsSeen: true, raised: now } : entry));
}

/** Whether the entry waits on the viewer: something to do, or results not looked at yet. */
export function waitsOnViewer(entry: ActivityEntry): boolean {
  if (!entry.current) return false;
  if (entry.status === 'waiting') return true;
  return entry.status === 'results' && !entry.resultsSeen;
}

/** The tray's badge: how many entries wait on the viewer. */
export function waitingCount(log: ActivityLog): number {
  return log.reduce((count, entry) => count + (waitsOnViewer(entry) ? 1 : 0), 0);
}

/** The tray's order: what waits first, then the current ones, then the past; newest first within each. */
export function trayOrder(log: ActivityLog): ActivityEntry[] {
  const rank = (entry: ActivityEntry) => (waitsOnViewer(entry) ? 0 : entry.current ? 1 : 2);
  return [...log].sort((a, b) => rank(a) - rank(b) || b.since - a.since);
}

/** Each card's phase in the tray's words: what waits on the viewer, per kind. */
export function rollCallActivity(phase: RollCallPhase): ActivityStatus {
  return phase === 'signed' ? 'done' : phase === 'ended' ? 'ended' : 'waiting';
}

/** A closed paper shows a card only for its results. */
export function paperActivity(phase: PaperPhase): ActivityStatus {
  return phase === 'submitted' ? 'done' : phase === 'closed' ? 'results' : 'waiting';
}

export function answerSheetActivity(submitted: boolean, keyKnown: boolean): ActivityStatus {
  return !submitted ? 'waiting' : keyKnown ? 'results' : 'done';
}

/** Taking part is the viewer's to do until they are in; a drawn round's outcome is results. */
export function lotteryActivity(phase: LotteryPhase): ActivityStatus {
  switch (phase) {
    case 'nicknameRequired':
    case 'passwordRequired':
    case 'joining':
      return 'waiting';
    case 'participating':
      return 'done';
    case 'won':
    case 'lost':
    case 'ended':
      return 'results';
  }
}

export function redPacketActivity(phase: RedPacketCardPhase): ActivityStatus {
  return phase === 'open' ? 'waiting' : phase === 'mine' ? 'done' : phase === 'notStarted' ? 'open' : 'ended';
}

function trim(log: ActivityEntry[]): ActivityEntry[] {
  if (log.length <= ACTIVITY_LIMIT) return log;
  const drop = log.length - ACTIVITY_LIMIT;
  let dropped = 0;
  // The oldest retired entries go first; current ones stay (their cards may be on screen).
  return log.filter((entry) => {
    if (dropped < drop && !entry.current) {
      dropped += 1;
      return false;
    }
    return true;
  });
}
