/**
 * A recording's timeline (issue 36 items 2 to 4): what the room did during the live, read
 * from the server's timeline (docs/protocol.md 5.10), and what of it a viewer of the
 * recording sees at a moment: the interaction cards that had happened by then, the slide
 * shown, the captions on screen, the notice; the scrubber's markers and the chapter list;
 * the transcript (captions and the staff's lines) with its search.
 *
 * Times: an event's `at` is the room's time (ms). The recording's position of an event is
 * `(at - startedAt) / 1000 + offsetS` (the inverse of replayMomentMs), so the viewer's
 * offset for a recording moves its chat and its timeline alike.
 */

export type Winner = { readonly uid: string; readonly name: string };

export type ReplayEvent =
  | { readonly kind: 'chapter'; readonly at: number; readonly id: string; readonly title: string }
  | { readonly kind: 'caption'; readonly at: number; readonly text: string; readonly durationMs: number; readonly lang: string }
  | { readonly kind: 'slide'; readonly at: number; readonly slide: ReplaySlide | null }
  | { readonly kind: 'notice'; readonly at: number; readonly content: string }
  | { readonly kind: 'hostMessage'; readonly at: number; readonly msgId: string; readonly name: string; readonly text: string }
  | { readonly kind: 'rollCall'; readonly at: number; readonly id: string; readonly deadline: number }
  | { readonly kind: 'paper'; readonly at: number; readonly id: string; readonly title: string; readonly quiz: boolean; readonly paper: unknown }
  | { readonly kind: 'answerSheet'; readonly at: number; readonly id: string; readonly title: string }
  | { readonly kind: 'lottery'; readonly at: number; readonly raffleId: string; readonly state: 'start' | 'end'; readonly title: string; readonly prize: string; readonly winnerCount: number; readonly winners: readonly Winner[]; readonly entrants: number; readonly seed: string | null; readonly seedHash: string | null; readonly entrantsHash: string | null }
  | { readonly kind: 'redPacket'; readonly at: number; readonly id: string; readonly state: number; readonly title: string; readonly total: string; readonly count: number }
  | { readonly kind: 'goods'; readonly at: number; readonly id: string; readonly goodsKind: 'goods' | 'recommend'; readonly title: string }
  | { readonly kind: 'question'; readonly at: number; readonly qaId: string; readonly uid: string; readonly name: string; readonly content: string; readonly answer: string };

export type ReplayEventKind = ReplayEvent['kind'];

export interface ReplaySlide {
  readonly docId: string;
  readonly title: string;
  readonly page: number;
  readonly pages: number;
  /** The page's picture (a path of the resource host). */
  readonly url: string;
}

import { CAPTION_MAX_MS, captionDurationMs } from './captionTiming';

/** A caption without a usable length shows this long. */
export const REPLAY_CAPTION_DEFAULT_MS = 4_000;
/** Captions a screen shows at once (the newest). */
export const REPLAY_CAPTIONS_SHOWN = 2;
/** What a timeline keeps at most (the server's TIMELINE_MAX_EVENTS). */
export const REPLAY_EVENTS_MAX = 10_000;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown, max = 2_000): string => (typeof value === 'string' ? value.slice(0, max) : '');
const int = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) ? value : null);
const id = (value: unknown): string => (typeof value === 'string' ? value.slice(0, 128) : typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : '');

function readWinners(value: unknown): Winner[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((w) => (isRecord(w) && id(w.uid) !== '' ? [{ uid: id(w.uid), name: text(w.name, 64) }] : []));
}

function readSlide(value: Record<string, unknown>): ReplaySlide | null {
  const doc = value.doc;
  if (value.sharing !== true || !isRecord(doc)) return null;
  const page = int(doc.page);
  const pages = int(doc.pages);
  const url = text(doc.url, 1_000);
  if (page === null || pages === null || url === '' || id(doc.id) === '') return null;
  return { docId: id(doc.id), title: text(doc.title, 200), page, pages, url };
}

/** One event of the server's list; null when it is of a kind this client does not know or lacks what it needs. */
export function readReplayEvent(value: unknown): ReplayEvent | null {
  if (!isRecord(value)) return null;
  const at = int(value.at);
  if (at === null) return null;
  switch (value.kind) {
    case 'chapter': {
      const title = text(value.title, 200).trim();
      return title === '' ? null : { kind: 'chapter', at, id: id(value.id), title };
    }
    case 'caption': {
      const start = int(value.start);
      const end = int(value.end);
      // As long as the live showed it (captionTiming's bounds).
      const length = start !== null && end !== null && end > start ? captionDurationMs(start, end) : REPLAY_CAPTION_DEFAULT_MS;
      const line = text(value.text).trim();
      return line === '' ? null : { kind: 'caption', at, text: line, durationMs: length, lang: text(value.lang, 16) };
    }
    case 'slide':
      return { kind: 'slide', at, slide: readSlide(value) };
    case 'notice':
      return { kind: 'notice', at, content: text(value.content).trim() };
    case 'hostMessage': {
      const line = text(value.text).trim();
      return line === '' ? null : { kind: 'hostMessage', at, msgId: id(value.msgId), name: text(value.name, 64), text: line };
    }
    case 'rollCall': {
      const deadline = int(value.deadline);
      return deadline === null ? null : { kind: 'rollCall', at, id: id(value.id), deadline };
    }
    case 'paper':
      return id(value.id) === '' ? null : { kind: 'paper', at, id: id(value.id), title: text(value.title, 200), quiz: value.quiz === true, paper: value.paper };
    case 'answerSheet':
      return { kind: 'answerSheet', at, id: id(value.id), title: text(value.title, 200) };
    case 'lottery': {
      if ((value.state !== 'start' && value.state !== 'end') || id(value.raffleId) === '') return null;
      const nullable = (v: unknown) => (typeof v === 'string' && v !== '' ? v.slice(0, 256) : null);
      return {
        kind: 'lottery',
        at,
        raffleId: id(value.raffleId),
        state: value.state,
        title: text(value.title, 200),
        prize: text(value.prize, 200),
        winnerCount: int(value.winnerCount) ?? 0,
        winners: readWinners(value.winners),
        entrants: int(value.entrants) ?? 0,
        seed: nullable(value.seed),
        seedHash: nullable(value.seedHash),
        entrantsHash: nullable(value.entrantsHash),
      };
    }
    case 'redPacket': {
      const state = int(value.state);
      return state === null || id(value.id) === ''
        ? null
        : { kind: 'redPacket', at, id: id(value.id), state, title: text(value.title, 200), total: text(value.total, 32), count: int(value.count) ?? 0 };
    }
    case 'goods':
      return id(value.id) === '' ? null : { kind: 'goods', at, id: id(value.id), goodsKind: value.goodsKind === 'recommend' ? 'recommend' : 'goods', title: text(value.title, 200) };
    case 'question': {
      const content = text(value.content).trim();
      return content === '' ? null : { kind: 'question', at, qaId: id(value.qaId), uid: id(value.uid), name: text(value.name, 64), content, answer: text(value.answer) };
    }
    default:
      return null;
  }
}

export interface ReadTimeline {
  /** Oldest first. */
  readonly events: readonly ReplayEvent[];
  /** Entries left out: unknown kinds, or missing what they need (the caller logs the count). */
  readonly skipped: number;
}

export function readReplayTimeline(list: unknown): ReadTimeline {
  if (!Array.isArray(list)) return { events: [], skipped: 0 };
  const events: ReplayEvent[] = [];
  let skipped = 0;
  for (const item of list.slice(0, REPLAY_EVENTS_MAX)) {
    const event = readReplayEvent(item);
    if (event === null) skipped += 1;
    else events.push(event);
  }
  skipped += Math.max(0, list.length - REPLAY_EVENTS_MAX);
  // Stable: events of one moment keep the server's order.
  events.sort((a, b) => a.at - b.at);
  return { events, skipped };
}

/** The recording's position (s) of a room time. */
export const positionOfTime = (at: number, startedAt: number, offsetS: number): number => (at - startedAt) / 1000 + offsetS;

/** How many events had happened by `moment` (room time, ms): the events before this index. */
export function happenedCount(events: readonly ReplayEvent[], moment: number): number {
  let low = 0;
  let high = events.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (events[mid]!.at <= moment) low = mid + 1;
    else high = mid;
  }
  return low;
}

export type InteractionEvent = Extract<ReplayEvent, { kind: 'rollCall' | 'paper' | 'answerSheet' | 'lottery' | 'redPacket' | 'goods' | 'question' }>;
const INTERACTION_KINDS: ReadonlySet<ReplayEventKind> = new Set(['rollCall', 'paper', 'answerSheet', 'lottery', 'redPacket', 'goods', 'question']);
export const isInteraction = (event: ReplayEvent): event is InteractionEvent => INTERACTION_KINDS.has(event.kind);

/** An interaction's identity across its events (a lottery's start and end, a packet's states are one card). */
export function interactionKey(event: InteractionEvent): string {
  switch (event.kind) {
    case 'lottery':
      return `lottery:${event.raffleId}`;
    case 'question':
      return `question:${event.qaId}`;
    default:
      return `${event.kind}:${event.id}`;
  }
}

/**
 * The cards at `moment`: each interaction that had happened by then, as it stood then (its
 * latest event), the most recent first, at most `max`. A red packet's later state keeps its
 * first event's title and amounts.
 */
export function cardsAt(events: readonly ReplayEvent[], moment: number, max = 4): InteractionEvent[] {
  const end = happenedCount(events, moment);
  const latest = new Map<string, InteractionEvent>();
  for (let i = 0; i < end; i++) {
    const event = events[i]!;
    if (!isInteraction(event)) continue;
    const key = interactionKey(event);
    const before = latest.get(key);
    latest.delete(key);
    latest.set(key, before?.kind === 'redPacket' && event.kind === 'redPacket' ? { ...before, at: event.at, state: event.state } : mergedLottery(before, event));
  }
  return [...latest.values()].reverse().slice(0, max);
}

/** A lottery's end keeps what its start said when it says less (an older server). */
function mergedLottery(before: InteractionEvent | undefined, event: InteractionEvent): InteractionEvent {
  if (before?.kind !== 'lottery' || event.kind !== 'lottery') return event;
  return { ...event, title: event.title || before.title, prize: event.prize || before.prize, winnerCount: event.winnerCount || before.winnerCount };
}

/** The first time (room ms) an interaction was seen: the card's "took place at". */
export function firstSeenAt(events: readonly ReplayEvent[], key: string): number | null {
  for (const event of events) if (isInteraction(event) && interactionKey(event) === key) return event.at;
  return null;
}

/** The shared page at `moment` (null: nothing shared then). */
export function slideAt(events: readonly ReplayEvent[], moment: number): ReplaySlide | null {
  for (let i = happenedCount(events, moment) - 1; i >= 0; i--) {
    const event = events[i]!;
    if (event.kind === 'slide') return event.slide;
  }
  return null;
}

/** Whether the recording shares anything at all (a room that never shared shows no document region). */
export const sharesSlides = (events: readonly ReplayEvent[]): boolean => events.some((e) => e.kind === 'slide' && e.slide !== null);

/** The room notice at `moment` (null: none set during the recording, or removed). */
export function noticeAt(events: readonly ReplayEvent[], moment: number): string | null {
  for (let i = happenedCount(events, moment) - 1; i >= 0; i--) {
    const event = events[i]!;
    if (event.kind === 'notice') return event.content === '' ? null : event.content;
  }
  return null;
}

export type CaptionEvent = Extract<ReplayEvent, { kind: 'caption' }>;

/** The captions on screen at `moment`: begun, not yet over, the newest `max` (oldest first). */
export function captionsAt(events: readonly ReplayEvent[], moment: number, max = REPLAY_CAPTIONS_SHOWN): CaptionEvent[] {
  const shown: CaptionEvent[] = [];
  for (let i = happenedCount(events, moment) - 1; i >= 0 && shown.length < max; i--) {
    const event = events[i]!;
    // No caption lasts longer than CAPTION_MAX_MS: older ones need not be looked at.
    if (moment - event.at > CAPTION_MAX_MS) break;
    if (event.kind === 'caption' && moment < event.at + event.durationMs) shown.unshift(event);
  }
  return shown;
}

/** The room time (ms) of the next change of what `slideAt`, `captionsAt`, `noticeAt` or `cardsAt` give after `moment`. */
export function nextChangeAt(events: readonly ReplayEvent[], moment: number): number | null {
  const index = happenedCount(events, moment);
  let next = events[index]?.at ?? Infinity;
  for (const caption of captionsAt(events, moment)) next = Math.min(next, caption.at + caption.durationMs);
  return Number.isFinite(next) ? next : null;
}

export type MarkerKind = 'chapter' | 'notice' | InteractionEvent['kind'];

export interface ReplayMarker {
  readonly at: number;
  readonly kind: MarkerKind;
  /** What it is: a chapter's or an interaction's title, a notice's text, a question. */
  readonly label: string;
}

/** The scrubber's markers and the chapter list's entries: the host's chapters, notices and interactions (an interaction once, at its first event). */
export function markersOf(events: readonly ReplayEvent[]): ReplayMarker[] {
  const seen = new Set<string>();
  const markers: ReplayMarker[] = [];
  for (const event of events) {
    if (event.kind === 'chapter') markers.push({ at: event.at, kind: 'chapter', label: event.title });
    else if (event.kind === 'notice' && event.content !== '') markers.push({ at: event.at, kind: 'notice', label: event.content });
    else if (isInteraction(event)) {
      const key = interactionKey(event);
      if (seen.has(key)) continue;
      seen.add(key);
      markers.push({ at: event.at, kind: event.kind, label: interactionLabel(event) });
    }
  }
  return markers;
}

function interactionLabel(event: InteractionEvent): string {
  switch (event.kind) {
    case 'question':
      return event.content;
    case 'rollCall':
      return '';
    default:
      return event.title;
  }
}

export interface TranscriptLine {
  readonly at: number;
  readonly source: 'caption' | 'host';
  /** The staff member's name (host lines). */
  readonly name: string;
  readonly text: string;
}

/** The transcript: the captions and the staff's messages, in time order. */
export function transcriptOf(events: readonly ReplayEvent[]): TranscriptLine[] {
  const lines: TranscriptLine[] = [];
  for (const event of events) {
    if (event.kind === 'caption') lines.push({ at: event.at, source: 'caption', name: '', text: event.text });
    else if (event.kind === 'hostMessage') lines.push({ at: event.at, source: 'host', name: event.name, text: event.text });
  }
  return lines;
}

/** Text folded for search: width and compatibility forms (NFKC), case. CJK needs no word breaks: a search is a substring. */
export const foldForSearch = (value: string): string => value.normalize('NFKC').toLocaleLowerCase();

export interface TranscriptHit {
  readonly line: number;
  /** [start, end) ranges of the line's text that match, in the line's own characters. */
  readonly ranges: readonly (readonly [number, number])[];
}

/**
 * The lines that hold `query` (folded; blank: none), with where in each. NFKC can change a
 * text's length (a full-width letter stays one character; a ligature becomes two), so the
 * ranges are found on the folded text and mapped back character by character.
 */
export function searchTranscript(lines: readonly TranscriptLine[], query: string): TranscriptHit[] {
  const needle = foldForSearch(query.trim());
  if (needle === '') return [];
  const hits: TranscriptHit[] = [];
  lines.forEach((line, index) => {
    const { folded, starts, ends } = foldWithOrigin(line.text);
    const ranges: [number, number][] = [];
    for (let from = folded.indexOf(needle); from !== -1; from = folded.indexOf(needle, from + needle.length)) {
      ranges.push([starts[from]!, ends[from + needle.length - 1]!]);
    }
    if (ranges.length > 0) hits.push({ line: index, ranges });
  });
  return hits;
}

/** The folded text and, for each of its UTF-16 units, where the original character it came from starts and ends. */
function foldWithOrigin(original: string): { folded: string; starts: number[]; ends: number[] } {
  let folded = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let index = 0;
  for (const char of original) {
    const part = foldForSearch(char);
    folded += part;
    for (let k = 0; k < part.length; k++) {
      starts.push(index);
      ends.push(index + char.length);
    }
    index += char.length;
  }
  return { folded, starts, ends };
}

/** The transcript line being spoken at `moment`: the latest begun (-1: none yet). */
export function currentLineAt(lines: readonly TranscriptLine[], moment: number): number {
  let low = 0;
  let high = lines.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (lines[mid]!.at <= moment) low = mid + 1;
    else high = mid;
  }
  return low - 1;
}
