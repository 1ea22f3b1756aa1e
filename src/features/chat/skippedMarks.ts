/**
 * The "N messages not shown" marker of the chat list, as a small state machine per marked
 * entry (the entry that followed the messages): idle -> loading -> idle (a page loaded,
 * more left) | done (nothing left) | failed -> loading (the viewer retries).
 *
 * The range a marker stands for is implied by the list: the offsets between the entry shown
 * before the marker and the marked entry (the worker marks exactly the runs it did not
 * send). Loaded rows are kept here, per marked entry, oldest first; each load fetches the
 * page next to them (skippedPage.ts), so the marker moves up as the viewer reads up.
 */
import type { ChatEntry } from '../../realtime/chatEntry';
import { isSkippedRange, type SkippedPage, type SkippedRange } from '../../realtime/skippedPage';

export type SkippedLoadState = 'idle' | 'loading' | 'failed' | 'done';
export type SkippedLoadEvent = 'load' | 'loaded' | 'finished' | 'failed';

export const SKIPPED_TRANSITIONS: Readonly<Record<SkippedLoadState, Readonly<Partial<Record<SkippedLoadEvent, SkippedLoadState>>>>> = {
  idle: { load: 'loading' },
  loading: { loaded: 'idle', finished: 'done', failed: 'failed' },
  failed: { load: 'loading' },
  done: {},
};

export interface SkippedExpansion {
  readonly state: SkippedLoadState;
  /** Loaded rows, oldest first. */
  readonly rows: readonly ChatEntry[];
  /** Offsets before this (and after the entry shown above) are still not loaded. */
  readonly restBefore: number;
  /** The marker's count less the chat messages loaded; may reach 0 while offsets remain (counts are of shown messages). */
  readonly rest: number;
  /** The localized reason of the last failure (state failed). */
  readonly problem: string | null;
}

export function newExpansion(marked: Pick<ChatEntry, 'offset'>, count: number): SkippedExpansion {
  return { state: 'idle', rows: [], restBefore: marked.offset, rest: count, problem: null };
}

function step(expansion: SkippedExpansion, event: SkippedLoadEvent): SkippedLoadState | null {
  return SKIPPED_TRANSITIONS[expansion.state][event] ?? null;
}

/**
 * The range still to load before a marked entry: from the entry shown above it (or, for the
 * first row, as far back as the count reaches) up to the loaded rows.
 */
export function restRange(expansion: SkippedExpansion, above: Pick<ChatEntry, 'offset'> | undefined): SkippedRange {
  const after = above?.offset ?? Math.max(0, expansion.restBefore - 1 - Math.max(expansion.rest, 1));
  return { after, before: expansion.restBefore };
}

/** Whether anything is left to load (the marker stays while so). */
export const hasRest = (expansion: SkippedExpansion, above: Pick<ChatEntry, 'offset'> | undefined): boolean =>
  expansion.state !== 'done' && isSkippedRange(restRange(expansion, above));

/** Starts a load; null when one is under way or nothing is left. */
export function startLoad(expansion: SkippedExpansion): SkippedExpansion | null {
  const next = step(expansion, 'load');
  return next === null ? null : { ...expansion, state: next, problem: null };
}

/** A page arrived for `range`: its rows go above the ones loaded before. */
export function pageLoaded(expansion: SkippedExpansion, range: SkippedRange, page: SkippedPage): SkippedExpansion {
  const rest = Math.max(0, expansion.rest - page.counted);
  const left = isSkippedRange({ after: range.after, before: page.restBefore });
  const next = step(expansion, left ? 'loaded' : 'finished');
  if (next === null) return expansion;
  return { state: next, rows: page.entries.concat(expansion.rows), restBefore: page.restBefore, rest, problem: null };
}

export function loadFailed(expansion: SkippedExpansion, problem: string): SkippedExpansion {
  const next = step(expansion, 'failed');
  return next === null ? expansion : { ...expansion, state: next, problem };
}
