/**
 * The room hub's gap filling (roomHub.ts composes it with hubIngest.ts): when messages are
 * held beyond a missing range, pages of history sync (2401) fill it, a failed page is
 * retried with back-off, and after HISTORY_RETRIES failures the range is given up and
 * reported, so the room never freezes waiting for messages that will not come.
 *
 * Its state is the plain GapFill object and the small machine GAP_TRANSITIONS:
 * idle -> fetching (a gap was seen) -> fetching (a page made progress, more to fetch) |
 * idle (filled, or skipped) | backingOff (the page failed) -> fetching (retry due).
 */
import { changeOf, drainHeld, gapOpen, ingest, newBatch, smallestHeld, type Batch, type HubState } from './hubIngest';
import type { HistoryMessage, HubChange } from './roomHub';

/** docs/protocol.md 5.2: history sync serves 1 to 500 messages a page. */
export const HISTORY_PAGE_MAX = 500;
/** Retries of a failed history page before the gap is skipped. */
export const HISTORY_RETRIES = 3;
/** First retry wait; it doubles with every further failure. */
export const HISTORY_RETRY_BASE_MS = 1000;

export type GapState = 'idle' | 'fetching' | 'backingOff';
export type GapEvent = 'gapSeen' | 'progress' | 'filled' | 'failed' | 'gaveUp' | 'retryDue' | 'reset';

/** Allowed transitions of the gap filling; an event missing here is a bug and is ignored. */
export const GAP_TRANSITIONS: Readonly<Record<GapState, Readonly<Partial<Record<GapEvent, GapState>>>>> = {
  idle: { gapSeen: 'fetching', reset: 'idle' },
  fetching: { progress: 'fetching', filled: 'idle', failed: 'backingOff', gaveUp: 'idle', reset: 'idle' },
  backingOff: { retryDue: 'fetching', reset: 'idle' },
};

export interface GapFill {
  phase: GapState;
  /** Failed pages in a row. */
  failures: number;
  cancelRetry: (() => void) | null;
  /** Bumped by a reset: a history answer from an older generation is stale. */
  generation: number;
  disposed: boolean;
}

export const newGapFill = (): GapFill => ({ phase: 'idle', failures: 0, cancelRetry: null, generation: 0, disposed: false });

/** What the gap filling does outside itself. */
export interface GapIo {
  /** History sync 2401: the room messages after `after`, at most `limit` of them. */
  requestHistory(after: number, limit: number): Promise<readonly HistoryMessage[]>;
  onChange(change: HubChange): void;
  /** Runs `fn` after `ms`; returns a cancel function. */
  schedule(fn: () => void, ms: number): () => void;
}

function transition(g: GapFill, event: GapEvent): void {
  const next = GAP_TRANSITIONS[g.phase][event];
  if (next !== undefined) g.phase = next;
}

/** Hands the batch's change on, when it changed anything. */
export function emitBatch(h: HubState, io: GapIo, batch: Batch): void {
  const change = changeOf(h, batch);
  if (change !== null) io.onChange(change);
}

function fetchPage(h: HubState, g: GapFill, io: GapIo): void {
  const mine = g.generation;
  const after = h.last;
  const limit = Math.max(1, Math.min(HISTORY_PAGE_MAX, smallestHeld(h) - 1 - h.last));
  let promise: Promise<readonly HistoryMessage[]>;
  try {
    promise = io.requestHistory(after, limit);
  } catch {
    promise = Promise.reject(new Error('requestHistory threw'));
  }
  promise.then(
    (messages) => {
      if (mine === g.generation) onPage(h, g, io, messages, after);
    },
    () => {
      if (mine === g.generation) onFailure(h, g, io);
    },
  );
}

function onPage(h: HubState, g: GapFill, io: GapIo, messages: readonly HistoryMessage[], after: number): void {
  const batch = newBatch();
  if (Array.isArray(messages)) for (const m of messages) ingest(h, m, batch);
  drainHeld(h, batch);
  const filled = h.last !== after && !gapOpen(h);
  if (filled) {
    h.counters.gapsFilled++;
    batch.sync = true;
  }
  emitBatch(h, io, batch);
  if (h.last === after) {
    // An empty or useless page: the server does not have the range (any more).
    onFailure(h, g, io);
    return;
  }
  g.failures = 0;
  if (gapOpen(h)) {
    transition(g, 'progress');
    fetchPage(h, g, io);
  } else {
    transition(g, 'filled');
  }
}

function onFailure(h: HubState, g: GapFill, io: GapIo): void {
  h.counters.historyFailures++;
  g.failures++;
  if (g.failures > HISTORY_RETRIES) {
    transition(g, 'gaveUp');
    skipGap(h, g, io);
    return;
  }
  transition(g, 'failed');
  const mine = g.generation;
  g.cancelRetry = io.schedule(() => {
    g.cancelRetry = null;
    if (mine !== g.generation) return;
    transition(g, 'retryDue');
    fetchPage(h, g, io);
  }, HISTORY_RETRY_BASE_MS * 2 ** (g.failures - 1));
}

/** Last resort: give up on the missing range, show what was held, report the skip. */
function skipGap(h: HubState, g: GapFill, io: GapIo): void {
  g.failures = 0;
  const batch = newBatch();
  const upTo = smallestHeld(h) - 1;
  batch.skipped = { after: h.last, upTo };
  h.counters.gapsSkipped++;
  h.counters.messagesSkipped += upTo - h.last;
  batch.sync = true;
  h.last = upTo;
  drainHeld(h, batch);
  emitBatch(h, io, batch);
  if (gapOpen(h)) startGap(h, g, io);
}

/** Starts filling when a gap is open and nothing fills it yet. */
export function startGap(h: HubState, g: GapFill, io: GapIo): void {
  if (!gapOpen(h) || g.phase !== 'idle' || g.disposed) return;
  transition(g, 'gapSeen');
  fetchPage(h, g, io);
}

/** Drops what is held and any filling under way; answers still to come are ignored. */
export function resetGap(h: HubState, g: GapFill): void {
  g.generation++;
  h.held.clear();
  g.failures = 0;
  if (g.cancelRetry !== null) g.cancelRetry();
  g.cancelRetry = null;
  transition(g, 'reset');
}
