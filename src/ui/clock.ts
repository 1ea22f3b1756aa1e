/**
 * The one clock of the screens: features read the time and set their timers through it,
 * never through the globals, so a test can hand them a clock whose time moves only when
 * the test says (src/realtime/fakePorts.ts createFakeClock) and run their flows on fake
 * time, as the realtime core already does.
 *
 * Code outside React takes a UiClock argument; a component or hook reads it with
 * useClock(), which is the system clock unless a ClockProvider above it gives another.
 */
import { createContext, useContext, useEffect, useState } from 'react';
import type { Clock, TimerId } from '../realtime/ports';

export interface UiClock extends Clock {
  setInterval(fn: () => void, ms: number): TimerId;
  clearInterval(id: TimerId): void;
}

type GlobalTimer = ReturnType<typeof globalThis.setTimeout>;

/** The browser's own time and timers (node's in node). */
export const systemClock: UiClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as GlobalTimer),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (id) => globalThis.clearInterval(id as GlobalTimer),
};

const ClockContext = createContext<UiClock>(systemClock);

/** Gives every component below it this clock instead of the system's. */
export const ClockProvider = ClockContext.Provider;

/** The clock of the screen: stable across renders, so it is safe in an effect's deps. */
export function useClock(): UiClock {
  return useContext(ClockContext);
}

/** The clock's time, brought up to date every `everyMs` while that is not null (a countdown, a deadline). */
export function useNow(everyMs: number | null): number {
  const clock = useClock();
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => {
    if (everyMs === null) return undefined;
    const timer = clock.setInterval(() => setNow(clock.now()), everyMs);
    return () => clock.clearInterval(timer);
  }, [clock, everyMs]);
  return now;
}
