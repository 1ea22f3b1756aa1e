/**
 * When a tab gets its next chat delta: the one place that decides a delta's pace. The
 * coalescer (deltas.ts) decides what a delta holds and asks a DeltaSchedule when to send
 * it; this module is that schedule, per tab and room:
 *
 * - a visible tab: the next display frame, or later by the room's pace after a delta
 *   (deltaGapAfter: a trickle, a stream, a flood's screens, a skipping flood), held a little
 *   after a hurried delta so that its rows stay up (PRIORITY_SHOWN_MS), sent early when the
 *   room went quiet (ROOM_QUIET_MS);
 * - a hidden tab: never more often than HIDDEN_DELTA_INTERVAL_MS, nor than a visible one;
 * - a priority entry, or the viewer's own message: sooner (PRIORITY_DELTA_GAP_MS, the next frame);
 * - whatever the pace says: the tab's newest row is never more than LAG_BOUND_MS behind the
 *   room, by the worker's own clock: a paced delta goes by the time the last one's rows
 *   would be that old once the tab has taken it in (the time the tab took for its last
 *   update), so a tab the browser starves of frames, timer ticks or CPU gets its screens
 *   sooner, never later;
 * - whatever the time says: never while the tab has not applied the last update it was
 *   sent (back-pressure): the tick waits for it, so a busy tab gets fewer, larger deltas.
 *
 * Pure: time comes in through `later` and `now`, so node tests run it on a fake clock.
 */
import { DELTA_ENTRIES_MAX, HIDDEN_DELTA_INTERVAL_MS, type DeltaSchedule } from './deltas';

/** Cadence of a visible tab's deltas: a worker has no animation frames, so one display frame. */
export const VISIBLE_DELTA_INTERVAL_MS = 16;
/**
 * While deltas keep coming (a busy room), a visible tab gets at most one per this: every
 * delta costs the tab a render of the new rows and a layout of the list, whatever the
 * number of messages in it. Side by side in the macro benchmark (one tab, quiet machine):
 * 100 ms kept the tab's main thread at 27.7 % CPU at 5,000/s and 26.2 % at 20,000/s, 200 ms
 * at 19.2 % and 18.3 %, with the same p95 latency (57 and 111 ms: the rows in view are the
 * newest of each update). A message after a quiet spell still goes out on the next frame.
 */
export const STREAMING_DELTA_INTERVAL_MS = 200;
/**
 * A delta of at most this many new entries is a quiet room's (a message or two a tenth of
 * a second): the next may follow after TRICKLE_DELTA_INTERVAL_MS, so each message shows
 * within about 100 ms instead of waiting up to 200 (the macro benchmark at 10/s: p95 189 ms
 * against the main-thread baseline's 54). Such updates are the cheapest a tab gets (one new
 * row), and ten a second are about 5 % of its main thread.
 */
export const TRICKLE_DELTA_ENTRIES = 2;
export const TRICKLE_DELTA_INTERVAL_MS = 100;
/**
 * A delta made of at least this many new entries replaced every row a chat panel shows (a tall
 * panel shows about 30): the room is in a flood, where the list can no longer be read as it
 * scrolls, only as a series of screens.
 */
export const FLOOD_DELTA_ENTRIES = 40;
/**
 * After a flood delta, the visible tab's next comes at most this much later: each screen
 * stays up long enough to catch a line or two, as the webcast platforms' throttled chats
 * do in large rooms, and the tab renders 2 screens a second instead of 5 (every one costs
 * it the same, however many messages it carries). The rows shown are still the newest of
 * each update; a room slower than FLOOD_DELTA_ENTRIES per this interval (80/s) goes back
 * to STREAMING_DELTA_INTERVAL_MS by itself, so the two cannot flap.
 */
export const FLOOD_DELTA_INTERVAL_MS = 500;
/**
 * After a delta that could not carry everything that arrived (more than the tab keeps,
 * DELTA_ENTRIES_MAX: 400 a second or more at the flood's pace), the next comes at most this
 * much later. The viewer saw a screen of 40 out of hundreds either way; one screen a second
 * instead of two halves what the flood costs the tab (one tab at 5,000/s, side by side in
 * the macro benchmark: main thread 554 ms against 381 ms over 10 s), and each screen stays
 * up long enough to read a line. The rows shown are still the newest of each update, so
 * their send-to-screen latency is unchanged; the viewer's own, mentioning and staff messages
 * do not wait for it (PRIORITY_DELTA_GAP_MS). A room that slows below DELTA_ENTRIES_MAX a
 * second goes back to FLOOD_DELTA_INTERVAL_MS.
 */
export const SKIPPING_DELTA_INTERVAL_MS = 1000;

/**
 * While a flood's pace holds a visible tab's next delta (FLOOD_DELTA_INTERVAL_MS or more),
 * the worker looks every this often whether the room sent anything meanwhile; when it did
 * not, the burst is over and the rows waiting are the newest there will be for a while, so
 * they go out then, at most twice this after the last message, not up to a second later at
 * the end of the pace (a burst's last screen: 292 ms late at p95 with looks every 150 ms,
 * the macro benchmark at 5,000/s). A flood never pauses this long; if the worker itself was
 * held up, a look at worst sends one delta early.
 */
export const ROOM_QUIET_MS = 75;

/**
 * A priority entry (one mentioning the viewer, staff, highlighted) does not wait for a busy
 * room's pace: its delta, which ends with it so that it is the tab's newest row, goes this
 * long after the tab's previous delta, or at the pace if sooner (at most four such deltas a
 * second, however many come). In a flood its rows would otherwise wait up to a second, then
 * come above a new screen of 40, out of the following list's view. The viewer's own message
 * goes the same way at the next frame: they watch for it right after sending.
 */
export const PRIORITY_DELTA_GAP_MS = 250;
/**
 * After a hurried delta, the next paced one waits at least this long (and at most a second
 * pace), so that the priority rows it brought stay up long enough to read.
 */
export const PRIORITY_SHOWN_MS = 500;

/**
 * The most a tab's newest row may be behind the room (issue 34: "bounded lag whatever the
 * browser does"). The flood paces above are a second; with the tab's own time to take an
 * update in on top, a tab that the browser gives few frames (behind another window) or
 * little CPU held rows up to 1.3 s old (a 6x CPU-throttled tab at 2,000/s, the browser
 * test). The next paced delta is sent by the time the last one's rows, once taken in,
 * would reach this age.
 */
export const LAG_BOUND_MS = 1000;
/**
 * What the deadline keeps aside for the way from the server to the worker and the worker's
 * own timers (a message's `sendTime` is the server's clock: the fan-out benchmark's p99 is 13 ms).
 */
export const LAG_MARGIN_MS = 50;
/**
 * The tab's time to take an update in, as the deadline counts it, is at most this: a tab
 * slower than that is starved whatever the worker does, and a shorter pace would only
 * hand it more to take in (never less than FLOOD_DELTA_INTERVAL_MS apart either way).
 */
export const DELIVERY_COUNTED_MAX_MS = 400;

/**
 * How long after a delta of `arrived` new entries the tab's next one may come. A delta with
 * none (the room's state alone, or the list of a tab shown again, which says nothing of the
 * room's pace) leaves the chat as after a quiet spell: its next message goes on the next
 * frame. A tab shown again during a flood so shows the rows sent since it was shown about
 * one hop from the server after its list, not a trickle's 100 ms later (issue 34 item 1).
 */
export function deltaGapAfter(arrived: number): number {
  if (arrived === 0) return VISIBLE_DELTA_INTERVAL_MS;
  if (arrived > DELTA_ENTRIES_MAX) return SKIPPING_DELTA_INTERVAL_MS;
  if (arrived >= FLOOD_DELTA_ENTRIES) return FLOOD_DELTA_INTERVAL_MS;
  return arrived <= TRICKLE_DELTA_ENTRIES ? TRICKLE_DELTA_INTERVAL_MS : STREAMING_DELTA_INTERVAL_MS;
}

/** One tab's pace in one room: its back-pressure and the times of its last deltas. */
export interface TabPace {
  /** An update was sent and the tab has not said yet that it applied it. */
  inFlight: boolean;
  /** A tick that came due while an update was in flight: it runs once the tab applied it. */
  waitingTick: (() => void) | null;
  /** The tab left the room: nothing more is sent to it. */
  gone: boolean;
  /** now() of the last delta sent, paced or hurried. */
  lastDeltaAt: number;
  /** now() of the last delta sent at the pace, which the pace counts from. */
  lastPacedAt: number;
  /** now() of the last delta hurried for a priority entry. */
  lastHurriedAt: number;
  /** How long after lastPacedAt the next visible delta may go: streaming, or a flood's. */
  nextDeltaGapMs: number;
  /** now() when the update in flight was sent. */
  sentAt: number;
  /** How long the tab took to apply (and paint) its last update, by the worker's clock. */
  deliveryMs: number;
}

export const newTabPace = (): TabPace => ({
  inFlight: false,
  waitingTick: null,
  gone: false,
  lastDeltaAt: Number.NEGATIVE_INFINITY,
  lastPacedAt: Number.NEGATIVE_INFINITY,
  lastHurriedAt: Number.NEGATIVE_INFINITY,
  nextDeltaGapMs: STREAMING_DELTA_INTERVAL_MS,
  sentAt: 0,
  deliveryMs: 0,
});

/** A delta of `arrived` new entries went to the tab at `now`; a hurried one leaves the room's pace as it was. */
export function noteDeltaSent(pace: TabPace, now: number, arrived: number, hurried: boolean): void {
  pace.lastDeltaAt = now;
  if (hurried) pace.lastHurriedAt = now;
  else {
    pace.lastPacedAt = now;
    pace.nextDeltaGapMs = deltaGapAfter(arrived);
  }
}

/** An update is on its way to the tab at `now`: ticks wait until it is applied. */
export function noteUpdateSent(pace: TabPace, now: number): void {
  pace.inFlight = true;
  pace.sentAt = now;
}

/** The tab applied (or failed to apply) its update at `now`: a tick that waited runs now. */
export function noteUpdateApplied(pace: TabPace, now: number): void {
  if (pace.inFlight) pace.deliveryMs = Math.max(0, now - pace.sentAt);
  pace.inFlight = false;
  const tick = pace.waitingTick;
  pace.waitingTick = null;
  if (tick !== null) tick();
}

export interface PaceClock {
  /** Runs `fn` in `ms`; returns its cancel. */
  readonly later: (fn: () => void, ms: number) => () => void;
  readonly now: () => number;
}

/**
 * The schedule of one tab's deltas in `room`: ticks wait for the interval, then for the
 * previous update to be applied. `room.arrivals` counts the room's changes that appended
 * entries (whether the room went quiet).
 */
export function pacedSchedule(pace: TabPace, room: { readonly arrivals: number }, clock: PaceClock): DeltaSchedule {
  const { later } = clock;
  // The pace, held after a hurried delta so that its rows stay up a while (never past two
  // paces), and never past the lag bound's deadline (never sooner than a flood's pace either).
  const gapLeft = (): number => {
    const paced = pace.lastPacedAt + pace.nextDeltaGapMs;
    const held = Math.max(paced, Math.min(pace.lastHurriedAt + PRIORITY_SHOWN_MS, paced + pace.nextDeltaGapMs));
    const delivery = Math.min(pace.deliveryMs, DELIVERY_COUNTED_MAX_MS);
    const deadline = Math.max(pace.lastDeltaAt + LAG_BOUND_MS - LAG_MARGIN_MS - delivery, pace.lastDeltaAt + FLOOD_DELTA_INTERVAL_MS);
    return Math.min(held, deadline) - clock.now();
  };
  const visibleWait = (): number => Math.max(VISIBLE_DELTA_INTERVAL_MS, gapLeft());
  const gated = (wait: () => number, looksForQuiet: boolean) => (fn: () => void) => {
    let cancelled = false;
    let cancelTimer: () => void;
    const due = (): void => {
      if (cancelled || pace.gone) return;
      if (pace.inFlight) pace.waitingTick = fn;
      else fn();
    };
    // In a flood's pace, a look every ROOM_QUIET_MS: nothing new since the last, and the wait is over.
    const waitFor = (ms: number, seen: number): void => {
      if (!looksForQuiet || ms <= ROOM_QUIET_MS || pace.nextDeltaGapMs < FLOOD_DELTA_INTERVAL_MS) {
        cancelTimer = later(due, ms);
        return;
      }
      cancelTimer = later(() => {
        if (cancelled || pace.gone) return;
        if (room.arrivals === seen) due();
        else waitFor(wait(), room.arrivals);
      }, ROOM_QUIET_MS);
    };
    waitFor(wait(), room.arrivals);
    return () => {
      cancelled = true;
      cancelTimer();
      if (pace.waitingTick === fn) pace.waitingTick = null;
    };
  };
  // A hidden tab never gets more than a visible one would.
  const hiddenWait = (): number => Math.max(HIDDEN_DELTA_INTERVAL_MS, gapLeft());
  // A priority entry: PRIORITY_DELTA_GAP_MS after the last delta, or the pace when that is
  // sooner; the viewer's own message: the next frame.
  const priorityWait = (): number => Math.min(visibleWait(), Math.max(VISIBLE_DELTA_INTERVAL_MS, pace.lastDeltaAt + PRIORITY_DELTA_GAP_MS - clock.now()));
  const ownWait = (): number => VISIBLE_DELTA_INTERVAL_MS;
  const priority = gated(priorityWait, false);
  const own = gated(ownWait, false);
  return { visible: gated(visibleWait, true), hidden: gated(hiddenWait, false), soon: (fn, isOwn) => (isOwn ? own(fn) : priority(fn)) };
}
