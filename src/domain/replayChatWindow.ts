/**
 * The chat of a replay (issue 36 item 1): which messages a viewer of a recording sees at a
 * moment, and which page of history to ask for next, as a pure state machine. The
 * recording's moment is turned into the room's time (`replayMomentMs`); the window holds a
 * bounded run of messages around it, filled by two kinds of page of chat/public/list
 * (docs/protocol.md 5.8): a seek page (`until` a time: the newest messages sent by then)
 * and a forward page (`after` a room offset: the next ones), asked for ahead of playback so
 * a message shows at its second, not when its page arrives.
 *
 *   empty ──seek──▶ seeking ──page──▶ ready ──forward──▶ forwarding ──page──▶ ready
 *   seeking | forwarding ──failed──▶ failed ──retry (the viewer)──▶ the same page again
 *   any ──seek (a jump outside what is known)──▶ seeking (an older page in flight is ignored)
 */

/** What the window needs of a message. */
export interface TimedMessage {
  readonly msgId: string;
  /** When it was sent (ms, the server's clock). */
  readonly sendTime: number;
  /** Its room offset: the order of the room, and the forward page's cursor. */
  readonly offset: number;
}

/** Messages asked for per page (the server's most: CHAT_ENTRIES_KEPT). */
export const REPLAY_PAGE = 200;
/** Known messages are kept this far ahead of the moment: the next page is asked for sooner. */
export const REPLAY_AHEAD_MS = 30_000;
/** A moment further past what is known than this is a jump: one seek page, not pages in turn. */
export const REPLAY_JUMP_MS = 60_000;
/** The window's bound: older messages go (a seek back brings them again). */
export const REPLAY_WINDOW_MAX = 1_000;
/** A recording's offset control: whole seconds within this, either way. */
export const REPLAY_OFFSET_MAX_S = 600;

/**
 * The room's time (ms) at a recording's position: its time zero is when the session went
 * live. A positive offset shows the chat later (for a recording that starts after the live
 * went on air), a negative one earlier.
 */
export function replayMomentMs(startedAt: number, positionS: number, offsetS: number): number {
  return startedAt + Math.round((positionS - offsetS) * 1000);
}

/** An offset within bounds, in whole seconds (anything else: 0). */
export function clampOffset(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 0;
  return Math.max(-REPLAY_OFFSET_MAX_S, Math.min(REPLAY_OFFSET_MAX_S, Math.round(value)));
}

export type ReplayPhase = 'empty' | 'seeking' | 'ready' | 'forwarding' | 'failed';

export type ReplayRequest = { readonly kind: 'seek'; readonly until: number } | { readonly kind: 'forward'; readonly after: number };

export interface ReplayWindow<M extends TimedMessage> {
  readonly phase: ReplayPhase;
  /** Sorted by offset. */
  readonly messages: readonly M[];
  /** Every message sent after this (ms, exclusive) and up to `knownUntil` is in `messages`. */
  readonly knownFrom: number;
  readonly knownUntil: number;
  /** The room offset the next forward page starts after. */
  readonly cursor: number;
  /** The room has no message after `knownUntil` (the last forward page was its end). */
  readonly exhausted: boolean;
  /** The page in flight (or the one that failed, which a retry asks for again). */
  readonly request: ReplayRequest | null;
  /** Grows with every request: a page answering an older one is stale. */
  readonly generation: number;
}

export const emptyReplayWindow = <M extends TimedMessage>(): ReplayWindow<M> => ({
  phase: 'empty',
  messages: [],
  knownFrom: 0,
  knownUntil: -Infinity,
  cursor: 0,
  exhausted: false,
  request: null,
  generation: 0,
});

export type ReplayEvent<M extends TimedMessage> =
  | { readonly type: 'request'; readonly request: ReplayRequest }
  | { readonly type: 'page'; readonly generation: number; readonly list: readonly M[]; readonly more: boolean }
  | { readonly type: 'failed'; readonly generation: number }
  | { readonly type: 'retry' };

/**
 * Whether the window holds the newest `limit` messages sent by `moment`: all before it
 * are known, or at least `limit` of the known run lie between its start and the moment.
 */
function knowsBefore(w: ReplayWindow<TimedMessage>, moment: number, limit: number): boolean {
  if (moment < w.knownFrom) return false;
  if (w.knownFrom === -Infinity) return true;
  let count = 0;
  for (const m of w.messages) if (m.sendTime > w.knownFrom && m.sendTime <= moment && ++count >= limit) return true;
  return false;
}

/**
 * The page to ask for now, for the moment the recording is at (showing the newest `limit`
 * messages sent by then); null: none (one is in flight for it, the window is ahead enough,
 * or the last one failed and waits for a retry).
 */
export function nextReplayRequest(w: ReplayWindow<TimedMessage>, moment: number, limit = REPLAY_PAGE): ReplayRequest | null {
  const seek: ReplayRequest = { kind: 'seek', until: moment };
  if (w.phase === 'failed') return null;
  if (w.phase === 'seeking' && w.request?.kind === 'seek') {
    // The seek in flight shows this moment too if it is within the jump, else a new one.
    const until = w.request.until;
    return moment >= until - REPLAY_JUMP_MS && moment <= until + REPLAY_JUMP_MS ? null : seek;
  }
  if (w.phase === 'empty') return seek;
  if (!knowsBefore(w, moment, limit) || moment > w.knownUntil + REPLAY_JUMP_MS) return seek;
  if (w.phase === 'forwarding' || w.exhausted) return null;
  return w.knownUntil < moment + REPLAY_AHEAD_MS ? { kind: 'forward', after: w.cursor } : null;
}

export function replayReducer<M extends TimedMessage>(w: ReplayWindow<M>, event: ReplayEvent<M>): ReplayWindow<M> {
  switch (event.type) {
    case 'request':
      return { ...w, phase: event.request.kind === 'seek' ? 'seeking' : 'forwarding', request: event.request, generation: w.generation + 1 };
    case 'retry':
      return w.phase === 'failed' && w.request !== null ? { ...w, phase: w.request.kind === 'seek' ? 'seeking' : 'forwarding', generation: w.generation + 1 } : w;
    case 'failed':
      return event.generation === w.generation && (w.phase === 'seeking' || w.phase === 'forwarding') ? { ...w, phase: 'failed' } : w;
    case 'page': {
      if (event.generation !== w.generation || w.request === null || (w.phase !== 'seeking' && w.phase !== 'forwarding')) return w;
      const list = [...event.list].sort((a, b) => a.offset - b.offset);
      if (w.request.kind === 'seek') {
        const last = list[list.length - 1];
        return {
          ...w,
          phase: 'ready',
          messages: list,
          // More before the page: only what it holds is known, from its oldest message on.
          knownFrom: event.more && list[0] !== undefined ? list[0].sendTime : -Infinity,
          knownUntil: w.request.until,
          cursor: last?.offset ?? 0,
          exhausted: false,
          request: null,
        };
      }
      const seen = new Set(w.messages.map((m) => m.msgId));
      const fresh = list.filter((m) => m.offset > w.cursor && !seen.has(m.msgId));
      let messages = [...w.messages, ...fresh];
      let knownFrom = w.knownFrom;
      if (messages.length > REPLAY_WINDOW_MAX) {
        messages = messages.slice(messages.length - REPLAY_WINDOW_MAX);
        knownFrom = Math.max(knownFrom, messages[0]?.sendTime ?? knownFrom);
      }
      const last = fresh[fresh.length - 1];
      return {
        ...w,
        phase: 'ready',
        messages,
        knownFrom,
        // A full page says as far as its newest message; the last page says everything.
        knownUntil: event.more ? Math.max(w.knownUntil, last?.sendTime ?? w.knownUntil) : Infinity,
        cursor: last?.offset ?? w.cursor,
        exhausted: !event.more,
        request: null,
      };
    }
  }
}

/** How many of the window's messages (from its start) were sent by `moment`: what shows ends there. */
export function replayShownEnd(w: ReplayWindow<TimedMessage>, moment: number): number {
  let end = w.messages.length;
  while (end > 0 && (w.messages[end - 1]?.sendTime ?? 0) > moment) end -= 1;
  return end;
}

/** The messages sent by `moment`, the newest `limit` of them (oldest first). */
export function replayShownAt<M extends TimedMessage>(w: ReplayWindow<M>, moment: number, limit: number): readonly M[] {
  const end = replayShownEnd(w, moment);
  return w.messages.slice(Math.max(0, end - limit), end);
}
