import { describe, expect, it } from 'vitest';
import { DELTA_ENTRIES_MAX, HIDDEN_DELTA_INTERVAL_MS } from './deltas';
import {
  deltaGapAfter,
  FLOOD_DELTA_ENTRIES,
  FLOOD_DELTA_INTERVAL_MS,
  DELIVERY_COUNTED_MAX_MS,
  LAG_BOUND_MS,
  LAG_MARGIN_MS,
  newTabPace,
  noteDeltaSent,
  noteUpdateApplied,
  noteUpdateSent,
  pacedSchedule,
  PRIORITY_DELTA_GAP_MS,
  PRIORITY_SHOWN_MS,
  ROOM_QUIET_MS,
  SKIPPING_DELTA_INTERVAL_MS,
  STREAMING_DELTA_INTERVAL_MS,
  TRICKLE_DELTA_ENTRIES,
  TRICKLE_DELTA_INTERVAL_MS,
  VISIBLE_DELTA_INTERVAL_MS,
} from './deltaPacing';
import { createFakeClock } from './fakePorts';

function setup() {
  const clock = createFakeClock(10_000);
  const pace = newTabPace();
  const room = { arrivals: 0 };
  const schedule = pacedSchedule(pace, room, {
    later: (fn, ms) => {
      const id = clock.setTimeout(fn, ms);
      return () => clock.clearTimeout(id);
    },
    now: () => clock.now(),
  });
  /** When (ms from now) a tick asked of `kind` runs, or null if not within 5 s. */
  const firesAfter = (ask: (fn: () => void) => () => void): number | null => {
    const from = clock.now();
    let at: number | null = null;
    ask(() => {
      at = clock.now() - from;
    });
    for (let i = 0; i < 5000 && at === null; i++) clock.advance(1);
    return at;
  };
  return { clock, pace, room, schedule, firesAfter };
}

describe('deltaGapAfter', () => {
  it('paces by what the last delta carried: a trickle, a stream, a flood, more than a tab keeps', () => {
    expect(deltaGapAfter(0)).toBe(VISIBLE_DELTA_INTERVAL_MS);
    expect(deltaGapAfter(1)).toBe(TRICKLE_DELTA_INTERVAL_MS);
    expect(deltaGapAfter(TRICKLE_DELTA_ENTRIES)).toBe(TRICKLE_DELTA_INTERVAL_MS);
    expect(deltaGapAfter(TRICKLE_DELTA_ENTRIES + 1)).toBe(STREAMING_DELTA_INTERVAL_MS);
    expect(deltaGapAfter(FLOOD_DELTA_ENTRIES)).toBe(FLOOD_DELTA_INTERVAL_MS);
    expect(deltaGapAfter(DELTA_ENTRIES_MAX)).toBe(FLOOD_DELTA_INTERVAL_MS);
    expect(deltaGapAfter(DELTA_ENTRIES_MAX + 1)).toBe(SKIPPING_DELTA_INTERVAL_MS);
  });
});

describe('pacedSchedule', () => {
  it('a visible tab: the next frame after a quiet spell, then the pace of its last delta', () => {
    const t = setup();
    expect(t.firesAfter(t.schedule.visible)).toBe(VISIBLE_DELTA_INTERVAL_MS);
    noteDeltaSent(t.pace, t.clock.now(), TRICKLE_DELTA_ENTRIES + 1, false);
    expect(t.firesAfter(t.schedule.visible)).toBe(STREAMING_DELTA_INTERVAL_MS);
  });

  it('a hidden tab never gets more than a visible one, nor more often than its own interval', () => {
    const t = setup();
    expect(t.firesAfter(t.schedule.hidden)).toBe(HIDDEN_DELTA_INTERVAL_MS);
    noteDeltaSent(t.pace, t.clock.now(), FLOOD_DELTA_ENTRIES, false);
    expect(t.firesAfter(t.schedule.hidden)).toBe(FLOOD_DELTA_INTERVAL_MS);
    // A skipping flood's second, cut to the lag bound.
    noteDeltaSent(t.pace, t.clock.now(), DELTA_ENTRIES_MAX + 1, false);
    expect(t.firesAfter(t.schedule.hidden)).toBe(Math.min(SKIPPING_DELTA_INTERVAL_MS, LAG_BOUND_MS - LAG_MARGIN_MS));
  });

  it("a flood's wait ends early once the room went quiet, and not while it keeps arriving", () => {
    const t = setup();
    noteDeltaSent(t.pace, t.clock.now(), FLOOD_DELTA_ENTRIES, false);
    expect(t.firesAfter(t.schedule.visible)).toBe(ROOM_QUIET_MS);
    noteDeltaSent(t.pace, t.clock.now(), FLOOD_DELTA_ENTRIES, false);
    let at: number | null = null;
    const from = t.clock.now();
    t.schedule.visible(() => {
      at = t.clock.now() - from;
    });
    for (let ms = 0; ms < 5000 && at === null; ms++) {
      t.room.arrivals++;
      t.clock.advance(1);
    }
    expect(at).toBe(FLOOD_DELTA_INTERVAL_MS);
  });

  it('a priority entry goes PRIORITY_DELTA_GAP_MS after the last delta, the own message on the next frame', () => {
    const t = setup();
    noteDeltaSent(t.pace, t.clock.now(), DELTA_ENTRIES_MAX + 1, false);
    expect(t.firesAfter((fn) => t.schedule.soon(fn, false))).toBe(PRIORITY_DELTA_GAP_MS);
    expect(t.firesAfter((fn) => t.schedule.soon(fn, true))).toBe(VISIBLE_DELTA_INTERVAL_MS);
  });

  it('after a hurried delta the next paced one waits PRIORITY_SHOWN_MS, but never past two paces', () => {
    const t = setup();
    noteDeltaSent(t.pace, t.clock.now(), TRICKLE_DELTA_ENTRIES + 1, false);
    t.clock.advance(50);
    noteDeltaSent(t.pace, t.clock.now(), 1, true);
    // Two streaming paces from the paced delta: 400 ms after it, 350 after the hurried one (< PRIORITY_SHOWN_MS).
    expect(t.firesAfter(t.schedule.visible)).toBe(2 * STREAMING_DELTA_INTERVAL_MS - 50);
    noteDeltaSent(t.pace, t.clock.now(), DELTA_ENTRIES_MAX + 1, false);
    t.clock.advance(600);
    noteDeltaSent(t.pace, t.clock.now(), 1, true);
    // The skipping pace would end 350 ms after the hurried delta (the lag bound's): held to
    // PRIORITY_SHOWN_MS (a hidden tab's tick, which does not end early when the room goes quiet).
    expect(t.firesAfter(t.schedule.hidden)).toBe(PRIORITY_SHOWN_MS);
  });

  it('a tick waits while the last update is not applied, then runs once; a cancelled one never runs', () => {
    const t = setup();
    noteUpdateSent(t.pace, t.clock.now());
    let runs = 0;
    t.schedule.visible(() => runs++);
    t.clock.advance(1000);
    expect(runs).toBe(0);
    noteUpdateApplied(t.pace, t.clock.now());
    expect(runs).toBe(1);
    noteUpdateApplied(t.pace, t.clock.now());
    expect(runs).toBe(1);
    noteUpdateSent(t.pace, t.clock.now());
    const cancel = t.schedule.visible(() => runs++);
    t.clock.advance(1000);
    cancel();
    noteUpdateApplied(t.pace, t.clock.now());
    expect(runs).toBe(1);
  });

  it("a skipping flood's next delta goes by the lag bound, less the tab's own time to take the last one in", () => {
    const t = setup();
    // A tab that takes its updates in at once: the bound, less the margin.
    noteDeltaSent(t.pace, t.clock.now(), DELTA_ENTRIES_MAX + 1, false);
    expect(t.firesAfter(t.schedule.hidden)).toBe(LAG_BOUND_MS - LAG_MARGIN_MS);
    // A tab that took 300 ms (starved of CPU, or waiting for a frame): sooner by that.
    noteUpdateSent(t.pace, t.clock.now());
    t.clock.advance(300);
    noteUpdateApplied(t.pace, t.clock.now());
    noteDeltaSent(t.pace, t.clock.now(), DELTA_ENTRIES_MAX + 1, false);
    expect(t.firesAfter(t.schedule.hidden)).toBe(LAG_BOUND_MS - LAG_MARGIN_MS - 300);
    // However slow the tab, never more often than a flood's pace.
    noteUpdateSent(t.pace, t.clock.now());
    t.clock.advance(5000);
    noteUpdateApplied(t.pace, t.clock.now());
    noteDeltaSent(t.pace, t.clock.now(), DELTA_ENTRIES_MAX + 1, false);
    expect(LAG_BOUND_MS - LAG_MARGIN_MS - DELIVERY_COUNTED_MAX_MS).toBeGreaterThanOrEqual(FLOOD_DELTA_INTERVAL_MS);
    expect(t.firesAfter(t.schedule.hidden)).toBe(LAG_BOUND_MS - LAG_MARGIN_MS - DELIVERY_COUNTED_MAX_MS);
  });

  it('a hurried delta holds the next paced one no later than the lag bound after it', () => {
    const t = setup();
    noteDeltaSent(t.pace, t.clock.now(), DELTA_ENTRIES_MAX + 1, false);
    t.clock.advance(900);
    noteDeltaSent(t.pace, t.clock.now(), 1, true);
    // PRIORITY_SHOWN_MS after the hurried delta; the bound counts from it too (its rows are the tab's newest).
    expect(t.firesAfter(t.schedule.hidden)).toBe(PRIORITY_SHOWN_MS);
  });

  it('nothing runs for a tab that left', () => {
    const t = setup();
    let runs = 0;
    t.schedule.visible(() => runs++);
    t.pace.gone = true;
    t.clock.advance(1000);
    expect(runs).toBe(0);
  });
});
