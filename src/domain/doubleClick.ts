/**
 * Time-based guards of SPEC 5: "Prevent-double-click default interval: 3000 ms" and "Code
 * requests made too frequently give a wait message". The clock is a parameter (pure layer:
 * no Date.now or timers here), so the UI passes `() => Date.now()` or `performance.now`,
 * and tests pass a fake.
 */
import { CODE_COOLDOWN_SECONDS, DOUBLE_CLICK_INTERVAL_MS } from './constants';
import { fail, ok, problem, type Result } from './result';

/** Milliseconds from some fixed origin. */
export type Clock = () => number;

export interface ClickGuard {
  /** True (and the interval restarts) when the action may run; false for a repeated click. */
  tryPass(): boolean;
  /** tryPass as a Result, with the "do not click repeatedly" message when refused. */
  check(): Result<void>;
  /** Forget the last pass, e.g. when the guarded request failed and may be retried at once. */
  reset(): void;
}

/**
 * The first call passes; calls less than `intervalMs` after the last pass are refused;
 * from `intervalMs` on it passes again. A refused click does not extend the wait, so
 * hammering the button cannot lock it. If the clock goes backwards (a wall clock being
 * adjusted), the next call passes rather than locking the button until the clock catches up.
 */
export function createClickGuard(now: Clock, intervalMs: number = DOUBLE_CLICK_INTERVAL_MS): ClickGuard {
  let lastPass: number | null = null;
  const tryPass = (): boolean => {
    const t = now();
    if (lastPass !== null) {
      const elapsed = t - lastPass;
      if (elapsed >= 0 && elapsed < intervalMs) return false;
    }
    lastPass = t;
    return true;
  };
  return {
    tryPass,
    check: () => (tryPass() ? ok(undefined) : fail(problem('validation.doubleClick'))),
    reset: () => {
      lastPass = null;
    },
  };
}

export interface Cooldown {
  /** Starts (or restarts) the wait, e.g. once a code was sent. */
  start(): void;
  /** Whole seconds left, rounded up (0.2 s left shows as 1); 0 when not waiting. */
  remaining(): number;
  /** Fails with the wait message, naming the seconds left, while waiting. */
  check(): Result<void>;
  /** check, and when it passes, start: one call before sending a code. */
  tryStart(): Result<void>;
  /** Stops waiting, e.g. when sending the code failed. */
  reset(): void;
}

/**
 * A wait between two code requests (SMS or email), `seconds` long, CODE_COOLDOWN_SECONDS
 * by default. As with the click guard, a clock that went backwards ends the wait.
 */
export function createCooldown(now: Clock, seconds: number = CODE_COOLDOWN_SECONDS): Cooldown {
  let startedAt: number | null = null;
  const remaining = (): number => {
    if (startedAt === null) return 0;
    const elapsed = now() - startedAt;
    if (elapsed < 0) return 0;
    return Math.max(0, Math.ceil((seconds * 1000 - elapsed) / 1000));
  };
  const start = (): void => {
    startedAt = now();
  };
  const check = (): Result<void> => {
    const left = remaining();
    return left > 0 ? fail(problem('validation.tooFrequent', { seconds: left })) : ok(undefined);
  };
  return {
    start,
    remaining,
    check,
    tryStart: () => {
      const checked = check();
      if (checked.ok) start();
      return checked;
    },
    reset: () => {
      startedAt = null;
    },
  };
}
